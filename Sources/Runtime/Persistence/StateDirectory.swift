#if canImport(Glibc)
import Glibc
#endif
import Logging
import Platform
import Dispatch

/// One line for the log about the state files, made where the files are handled and logged by the
/// caller (the appliance at start), so the handling is testable without a logger.
package struct StateNote: Sendable, Hashable, CustomStringConvertible {
    package var level: Logger.Level
    package var message: String

    package init(_ level: Logger.Level, _ message: String) {
        self.level = level
        self.message = message
    }

    package var description: String { "\(level) \(message)" }
}

/// The state directory made ready at start: created private (0700) when missing, refused when it
/// exists and lets group or others in, and cleared of the temporary files an atomic write of ours
/// leaves when the process is killed between its create and its rename. Nothing else in it is
/// touched: modes are set only on what Wayfinder creates, and only its own leftovers are removed.
package enum StateDirectory {
    /// The files Wayfinder writes atomically at the top of the state directory, by the names their
    /// stores give them (and the single track of older versions), whose temporaries it may remove.
    package static let fileNames: Set<String> = [
        ProgressStore.fileName, BondStore.fileName, PenPairingStore.fileName, CompassCalibrationStore.fileName,
        TrackArchive.legacyName,
    ]

    /// The refusal for an existing directory at `path` that gives its group or others any
    /// permission; nil when it is private or does not exist yet (it is then created 0700). A symbolic
    /// link is judged by the directory it leads to, where the files would be written.
    package static func refusal(for path: String) -> StateDirectoryNotPrivate? {
        PrivateDirectory.openMode(of: path).map {
            StateDirectoryNotPrivate(path: path, mode: $0, target: PrivateDirectory.linkTarget(of: path))
        }
    }

    /// Makes `path` a directory Wayfinder may write its state into, for every writer of it (the
    /// appliance at start, `wayfinder pair`, `wayfinder calibrate compass`): created 0700 when
    /// missing; when it exists (also when it appeared after the look), left as it is and refused if
    /// it lets group or others in. Returns whether it was created. Throws `StateDirectoryNotPrivate`,
    /// or `PrivateDirectory.Failure` when it cannot be made or is not a directory.
    package static func makeReady(_ path: String) throws -> Bool {
        let report = try PrivateDirectory.prepare(path)
        if !report.created, let refusal = refusal(for: path) { throw refusal }
        return report.created
    }

    /// Creates the directory (0700) when it is missing, then removes our leftover temporary files.
    /// Throws, changing nothing, when it exists and lets group or others in. The notes say what was
    /// done; a directory that cannot be made is an error note (the walk goes on without saving).
    package static func prepare(_ path: String, isAlive: (Int32) -> Bool = processIsAlive) throws(StateDirectoryNotPrivate) -> [StateNote] {
        var notes: [StateNote] = []
        do {
            if try makeReady(path) { notes.append(StateNote(.info, "created the state directory \(path) (mode 0700)")) }
        } catch let refusal as StateDirectoryNotPrivate {
            throw refusal
        } catch {
            notes.append(StateNote(.error, "\(error); nothing can be saved there, so route progress and the track "
                                       + "will not survive a restart"))
            return notes
        }
        notes += removeLeftoverTemporaries(in: path, of: { fileNames.contains($0) }, isAlive: isAlive)
        return notes
    }

    /// Removes AtomicFile's temporaries (`<name>.tmp-<pid>`) of the files `isOurs` names, whose
    /// writer is no longer running. One whose writer still runs (`wayfinder pair` storing a bond at
    /// this moment) is left alone, and so is every other program's file, whatever its name.
    package static func removeLeftoverTemporaries(in directory: String, of isOurs: (String) -> Bool,
                                                 isAlive: (Int32) -> Bool = processIsAlive) -> [StateNote] {
        var notes: [StateNote] = []
        for name in PrivateDirectory.entries(of: directory) {
            guard let temporary = AtomicFile.temporary(name), isOurs(temporary.file) else { continue }
            let pid = temporary.writer
            guard pid != getpid(), !isAlive(pid) else { continue }
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
    package static let processIsAlive: @Sendable (Int32) -> Bool = { pid in kill(pid, 0) == 0 || errno == EPERM }
}
