import Glibc

/// Why `ChildProcess.run` has no result: the program could not be started, or did not finish in time.
/// A program that ran and failed is not an error here: its status and output are in the result.
package enum ChildProcessError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No such program: `program` as asked for; `searched` is the PATH it was looked for on (empty for
    /// a name with a slash, which is used as is); `packageHint` is the Debian package that installs it.
    case notFound(program: String, searched: [String], packageHint: String?)
    /// `path` exists but cannot be run (`errno`: EACCES for a missing execute bit or a directory,
    /// ENOEXEC for a file that is no program of this machine).
    case notExecutable(path: String, errno: Int32, packageHint: String?)
    /// The directory it was to run in cannot be entered.
    case workingDirectoryUnusable(path: String, errno: Int32)
    /// It ran longer than `limit` and was killed with SIGKILL; what it wrote until then is kept, for
    /// the caller's log.
    case timedOut(program: String, limit: Duration, stdout: [UInt8], stderr: [UInt8])
    /// A system call the runner makes failed (`call`, with its errno) while running `program`.
    case systemCall(program: String, call: String, errno: Int32)

    package var description: String {
        switch self {
        case let .notFound(program, searched, packageHint):
            let what = searched.isEmpty
                ? "cannot run \(program): there is no such file"
                : "cannot run \(program): it is not in any directory on PATH (\(searched.joined(separator: ":")))"
            return "\(what). \(Self.remedy(packageHint, otherwise: "Install the program, or give its full path."))"
        case let .notExecutable(path, errno, packageHint):
            let reason = errno == ENOEXEC ? "it is not a program this machine can run" : Self.text(errno)
            return "cannot run \(path): \(reason). "
                + Self.remedy(packageHint, otherwise: "Check that the path names the program and that it is executable.")
        case let .workingDirectoryUnusable(path, errno):
            return "cannot run a program in \(path): \(Self.text(errno)). Give a directory that exists and can be entered."
        case let .timedOut(program, limit, _, _):
            return "\(program) did not finish within \(Self.seconds(limit)) and was killed (SIGKILL). "
                + "If its input is large, allow it more time; otherwise it may be stuck."
        case let .systemCall(program, call, errno):
            return "cannot run \(program): \(call) failed: \(Self.text(errno))."
        }
    }

    static func remedy(_ packageHint: String?, otherwise: String) -> String {
        guard let package = packageHint else { return otherwise }
        return "It comes with Debian's package \(package): sudo apt install \(package)"
    }

    static func text(_ errno: Int32) -> String { String(cString: strerror(errno)) }

    /// `limit` in seconds with up to three decimals, as people write it ("0.3 s", "120 s").
    package static func seconds(_ limit: Duration) -> String {
        let (seconds, attoseconds) = limit.components
        let milliseconds = attoseconds / 1_000_000_000_000_000
        guard milliseconds != 0 else { return "\(seconds) s" }
        var fraction = String(milliseconds)
        fraction = String(repeating: "0", count: max(0, 3 - fraction.count)) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(seconds).\(fraction) s"
    }
}
