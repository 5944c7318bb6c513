import Foundation
import Platform

/// The built `wayfinder` executable, for tests that use it as an operator or systemd would.
package enum WayfinderBinary {
    /// Beside the test bundle first (so a build with its own `--scratch-path` tests its own binary),
    /// then the default debug build. `make test` builds it before the tests run.
    package static var path: String? {
        let beside = [Bundle.main.executableURL?.deletingLastPathComponent(), Bundle.main.bundleURL,
                      Bundle.main.bundleURL.deletingLastPathComponent()]
            .compactMap { $0?.appendingPathComponent("wayfinder").path }
        return (beside + ["\(Repository.root)/.build/debug/wayfinder"]).first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    package struct Run: Sendable {
        package var status: Int32
        package var output: String
        package var errors: String
        package var outputLines: [String] { output.split(separator: "\n").map(String.init) }
    }

    package struct NotBuilt: Error, CustomStringConvertible {
        package var description: String { "the wayfinder executable is not built (make test builds it first)" }
    }

    /// Starts the binary with stdout and stderr collected on background threads, so it never blocks
    /// on a full pipe.
    package static func start(_ arguments: [String], environment: [String: String] = [:])
        throws -> (process: Process, input: FileHandle, output: OutputCollector, errors: OutputCollector) {
        guard let path else { throw NotBuilt() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        let output = OutputCollector(stdout.fileHandleForReading)
        let errors = OutputCollector(stderr.fileHandleForReading)
        try process.run()
        return (process, stdin.fileHandleForWriting, output, errors)
    }

    /// Waits until a started binary has written `text` to stdout or stderr; false if it exits or
    /// `timeout` passes first.
    @discardableResult
    package static func wait(for text: String, from process: Process, output: OutputCollector, errors: OutputCollector,
                            timeout: TimeInterval = 60) -> Bool {
        (try? eventually(text, from: process, timeout: .milliseconds(Int64(timeout * 1000)),
                         log: { output.text + errors.text }) { (output.text + errors.text).contains(text) }) != nil
    }

    /// `eventually` for what a started binary must bring about (a line in its log, a file, a
    /// socket, a notification): a child process runs on its own, so it is polled every 50 ms within
    /// `timeout`. Throws at once if the process exits first, and on either failure says what it
    /// wrote (the end of `log`).
    package static func eventually(_ what: String, from process: Process, timeout: Duration = .seconds(60),
                                   log: () -> String, _ condition: () throws -> Bool) throws {
        do {
            try WayfinderTestKit.eventually(what, timeout: timeout, every: .milliseconds(50)) {
                if try condition() { return true }
                guard process.isRunning else {
                    throw Unmet(description: "exited (\(process.terminationStatus)) waiting for \(what):\n\(log().suffix(4000))")
                }
                return false
            }
        } catch let deadline as DeadlineExceeded {
            throw Unmet(description: "\(deadline):\n\(log().suffix(4000))")
        }
    }

    /// What a started binary did not bring about, with the end of what it wrote.
    package struct Unmet: Error, CustomStringConvertible {
        package let description: String
    }

    /// Runs the binary to completion with `input` on stdin.
    package static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> Run {
        let (process, stdin, output, errors) = try start(arguments, environment: environment)
        stdin.write(Data(input.utf8))
        try stdin.close()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: output.finish(), errors: errors.finish())
    }
}

/// Reads a pipe on a background thread until it closes.
package final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    package init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.lock(); data.append(chunk); lock.unlock()
            }
            done.signal()
        }
    }

    /// What arrived so far.
    package var text: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    /// Waits (up to 10 s) for the pipe to close and returns everything.
    package func finish() -> String {
        _ = done.wait(timeout: .now() + 10)
        return text
    }
}
