#if canImport(Glibc)
import Glibc
#endif
import Logging
import Platform

/// One line for the log about the state files, made where the files are handled and logged by the
/// caller (the appliance at start), so the handling is testable without a logger.
public struct StateNote: Sendable, Hashable, CustomStringConvertible {
    public var level: Logger.Level
    public var message: String

    public init(_ level: Logger.Level, _ message: String) {
        self.level = level
        self.message = message
    }

    public var description: String { "\(level) \(message)" }
}

/// The state directory made ready at start: private (0700, files 0600), and free of the temporary
/// files an atomic write leaves when the process is killed between its create and its rename.
public enum StateDirectory {
    /// Creates the directory (0700) or tightens an existing one and its files, then removes leftover
    /// temporary files. The notes say what was done; a tightening is one notice line, not one per file.
    public static func prepare(_ path: String, isAlive: (Int32) -> Bool = processIsAlive) -> [StateNote] {
        var notes: [StateNote] = []
        do {
            let report = try PrivateDirectory.prepare(path)
            if report.created { notes.append(StateNote(.info, "created the state directory \(path) (mode 0700)")) }
            if !report.tightened.isEmpty {
                notes.append(StateNote(.notice, "the state directory holds location history and keys, but group or others "
                    + "could read \(report.tightened.count == 1 ? "this" : "these \(report.tightened.count)"); "
                    + "removed their permissions: \(report.tightened.joined(separator: ", "))"))
            }
            for failure in report.failures {
                notes.append(StateNote(.warning, "\(failure); it stays readable by group or others"))
            }
        } catch {
            notes.append(StateNote(.error, "\(error); route progress and the track will not survive a restart"))
            return notes
        }
        notes += removeLeftoverTemporaries(in: path, isAlive: isAlive)
        return notes
    }

    /// Removes `*.tmp-<pid>` files (AtomicFile's temporaries) whose writer is no longer running. One
    /// whose writer still runs (`wayfinder pair` storing a bond at this moment) is left alone.
    public static func removeLeftoverTemporaries(in directory: String, isAlive: (Int32) -> Bool = processIsAlive) -> [StateNote] {
        var notes: [StateNote] = []
        for name in PrivateDirectory.entries(of: directory) {
            guard let pid = AtomicFile.temporaryWriter(of: name), pid != getpid(), !isAlive(pid) else { continue }
            let path = "\(directory)/\(name)"
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if unlink(path) == 0 {
                notes.append(StateNote(.info, "removed \(path), left by a write that was interrupted (process \(pid) ended before its rename)"))
            } else {
                notes.append(StateNote(.warning, "cannot remove the leftover temporary file \(path): \(String(cString: strerror(errno)))"))
            }
        }
        return notes
    }

    /// kill(2) with signal 0: the process exists (EPERM: it exists but is another user's).
    public static let processIsAlive: @Sendable (Int32) -> Bool = { pid in kill(pid, 0) == 0 || errno == EPERM }
}
