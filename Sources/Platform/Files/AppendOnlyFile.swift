#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A new file that only grows, for logs that must survive `kill -9` line by line (gesture
/// recordings). Owns its descriptor. Each `append` is one write(2) of whole lines on an `O_APPEND`
/// descriptor: once it returns, the bytes are in the kernel and outlive the process; `sync` (fsync)
/// puts them on the card against a power loss. A write the kernel cut short is finished by further
/// writes; a process killed in between leaves a torn last line, which the format's reader detects.
package final class AppendOnlyFile {
    package let path: String
    private var fd: Int32

    package struct Failure: Error, CustomStringConvertible {
        package let path: String
        package let step: String
        package let errno: Int32

        package var description: String { "cannot \(step) \(path): \(String(cString: strerror(errno)))" }
    }

    /// Creates the file; fails if it exists (a session never appends to another one's file). With
    /// `initialContent`, the file appears under its name already holding it, synced: the content is
    /// written to a hidden `.NAME.partial-PID` beside it, then linked into place (link(2) fails rather
    /// than replace an existing file). A process killed in between leaves only that hidden file, never
    /// a named file without its first line. The directory is synced so the name survives a power loss.
    /// The file gets exactly `permissions` (fchmod after the open, whatever the umask): 0600 by
    /// default, as it lives in the state directory beside the wearer's location history.
    package init(creating path: String, initialContent: [UInt8] = [], permissions: mode_t = 0o600) throws(Failure) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let directory = AtomicFile.directory(of: path)
        guard !initialContent.isEmpty else {
            fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, permissions)
            guard fd >= 0 else { throw Failure(path: path, step: "create", errno: errno) }
            if fchmod(fd, permissions) != 0 {
                let code = errno
                _ = systemClose(fd)
                fd = -1
                unlink(path)
                throw Failure(path: path, step: "set the permissions of", errno: code)
            }
            AtomicFile.syncDirectory(directory)
            return
        }
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let partial = (slash == nil ? "" : "\(directory)/") + ".\(name).partial-\(getpid())"
        fd = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw Failure(path: partial, step: "create", errno: errno) }
        do throws(Failure) {
            if fchmod(fd, permissions) != 0 { throw Failure(path: partial, step: "set the permissions of", errno: errno) }
            try append(initialContent)
            try sync()
        } catch {
            _ = systemClose(fd)
            fd = -1
            unlink(partial)
            throw error
        }
        if link(partial, path) != 0 {
            let code = errno
            _ = systemClose(fd)
            fd = -1
            unlink(partial)
            throw Failure(path: path, step: "create", errno: code)
        }
        unlink(partial)
        AtomicFile.syncDirectory(directory)
    }

    /// Opens the file to append to it, creating it when it is not there (a walk's event journal,
    /// continued when the walk resumes after a restart). `startedEmpty` says whether it held nothing.
    /// A last line torn by a crash is ended with a newline first, so the torn part stays one bad line
    /// the reader skips and does not swallow the next record.
    package init(continuing path: String, permissions: mode_t = 0o600) throws(Failure) {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw Failure(path: path, step: "open", errno: errno) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            let code = errno == 0 ? EINVAL : errno
            _ = systemClose(fd)
            fd = -1
            throw Failure(path: path, step: "open (not a regular file)", errno: code)
        }
        if fchmod(fd, permissions) != 0 {
            let code = errno
            _ = systemClose(fd)
            fd = -1
            throw Failure(path: path, step: "set the permissions of", errno: code)
        }
        startedEmpty = info.st_size == 0
        if info.st_size > 0 {
            let reader = open(path, O_RDONLY | O_CLOEXEC)
            var last: UInt8 = 0
            let n = reader >= 0 ? pread(reader, &last, 1, info.st_size - 1) : -1
            if reader >= 0 { _ = systemClose(reader) }
            if n == 1, last != UInt8(ascii: "\n") { try append([UInt8(ascii: "\n")]) }
        } else {
            AtomicFile.syncDirectory(AtomicFile.directory(of: path))
        }
    }

    /// Whether the file held nothing when it was opened (always true for `init(creating:)`).
    package private(set) var startedEmpty = true

    deinit { if fd >= 0 { _ = systemClose(fd) } }

    /// Forces what has been appended to the card without waiting for it (`BackgroundSync`).
    package func syncInBackground() {
        guard fd >= 0 else { return }
        BackgroundSync.fsync(fd)
    }

    /// Appends the bytes (whole lines) in one write(2) where the kernel takes them at once.
    package func append(_ bytes: [UInt8]) throws(Failure) {
        guard fd >= 0 else { throw Failure(path: path, step: "write (closed)", errno: EBADF) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in systemWrite(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, step: "write", errno: errno)
            }
            offset += n
        }
    }

    /// fsync: what was appended is on the card when this returns.
    package func sync() throws(Failure) {
        guard fd >= 0 else { return }
        if fsync(fd) != 0 { throw Failure(path: path, step: "fsync", errno: errno) }
    }

    /// Syncs and closes; later appends fail.
    package func close() throws(Failure) {
        guard fd >= 0 else { return }
        defer {
            _ = systemClose(fd)
            fd = -1
        }
        try sync()
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
private let systemClose = Glibc.close
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
private let systemClose = Darwin.close
#endif
