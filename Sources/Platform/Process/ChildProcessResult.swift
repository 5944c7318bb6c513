#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a program run by `ChildProcess.run` did: how it ended and what it wrote.
package struct ChildProcessResult: Sendable, Equatable {
    /// How the child ended, from waitpid(2)'s status.
    package enum Termination: Sendable, Equatable, CustomStringConvertible {
        /// It called exit (or returned from main) with this code.
        case exited(Int32)
        /// This signal ended it (SIGKILL, SIGSEGV, SIGBUS …).
        case signalled(Int32)

        package var description: String {
            switch self {
            case .exited(let code): "exited with status \(code)"
            case .signalled(let signal): "was ended by signal \(signal)\(Self.signalName(signal).map { " (\($0))" } ?? "")"
            }
        }

        /// The usual name of the signals a crashing or killed program dies of, for messages.
        static func signalName(_ signal: Int32) -> String? {
            switch signal {
            case SIGHUP: "SIGHUP"
            case SIGINT: "SIGINT"
            case SIGQUIT: "SIGQUIT"
            case SIGILL: "SIGILL"
            case SIGABRT: "SIGABRT"
            case SIGBUS: "SIGBUS"
            case SIGFPE: "SIGFPE"
            case SIGKILL: "SIGKILL"
            case SIGSEGV: "SIGSEGV"
            case SIGPIPE: "SIGPIPE"
            case SIGTERM: "SIGTERM"
            default: nil
            }
        }
    }

    package var status: Termination
    /// What it wrote on its standard output, at most the run's output limit.
    package var stdout: [UInt8]
    /// What it wrote on its standard error, at most the run's output limit.
    package var stderr: [UInt8]
    /// Whether it wrote more on standard output than the limit; the rest was read and dropped.
    package var stdoutTruncated: Bool
    /// Whether it wrote more on standard error than the limit; the rest was read and dropped.
    package var stderrTruncated: Bool
    /// The child's process id, for log lines (it has been waited for: the id may already be reused).
    package var processID: Int32

    package init(status: Termination, stdout: [UInt8], stderr: [UInt8], stdoutTruncated: Bool = false,
                 stderrTruncated: Bool = false, processID: Int32) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.stdoutTruncated = stdoutTruncated
        self.stderrTruncated = stderrTruncated
        self.processID = processID
    }

    /// Whether it exited with status 0.
    package var succeeded: Bool { status == .exited(0) }

    /// Standard output as text; bytes that are not UTF-8 become U+FFFD.
    package var stdoutText: String { String(decoding: stdout, as: UTF8.self) }

    /// Standard error as text; bytes that are not UTF-8 become U+FFFD.
    package var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}
