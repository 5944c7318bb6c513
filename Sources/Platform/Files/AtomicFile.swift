#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file so that after a power cut it holds either the old or the new content, never a mix:
/// write a temporary file beside it, fsync, rename over, fsync the directory.
package enum AtomicFile {
    package struct Failure: Error, CustomStringConvertible {
        package let path: String
        package let step: String
        package let errno: Int32

        package var description: String {
            "cannot \(step) \(path): \(String(cString: strerror(errno)))"
        }
    }

    /// The rename succeeded but the directory could not be synced. The new content is in place (every
    /// reader sees it), but after a power loss the directory may still name the old file: fsync(2) on
    /// the file "does not necessarily ensure that the entry in the directory containing the file has
    /// also reached disk. For that an explicit fsync() on a file descriptor for the directory is also
    /// needed." Not a failure to write: callers log it as a warning and carry on.
    package struct NotDurable: Error, Sendable, Equatable, CustomStringConvertible {
        package let path: String
        package let directory: String
        package let errno: Int32

        package init(path: String, directory: String, errno: Int32) {
            self.path = path
            self.directory = directory
            self.errno = errno
        }

        package var description: String {
            "\(path) is written, but syncing its directory \(directory) failed (\(String(cString: strerror(errno)))): "
                + "the new content may not survive a power loss"
        }
    }

    /// Syncs an open directory; fsync(2) by default. A parameter so tests can make it fail.
    package typealias DirectorySync = @Sendable (Int32) -> Int32
    package static let fsyncDirectory: DirectorySync = { fsync($0) }

    /// Writes `bytes` to `path` atomically. The file gets exactly `permissions` (fchmod after the
    /// open, so the process's umask cannot widen or narrow it); state files default to 0600 because
    /// they hold where the wearer walks and the belt's keys.
    ///
    /// Throws when the content did not reach `path`; returns `NotDurable` when it did but the
    /// directory sync failed, nil when everything is on the card.
    ///
    /// `durable: false` leaves out both fsyncs: readers still never see a half file (the rename is
    /// atomic), but after a power cut the file may be the old one or, on a file system without ext4's
    /// `auto_da_alloc`, empty. For a file rewritten on a timer from what is in memory (the
    /// metrics), where the next write repairs it and a sync per write would only wear the card.
    package static func write(_ bytes: [UInt8], to path: String, permissions: mode_t = 0o600, durable: Bool = true,
                             syncDirectory: DirectorySync = fsyncDirectory) throws(Failure) -> NotDurable? {
        let directory = directory(of: path)
        let temporary = "\(path)\(temporaryMarker)\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw Failure(path: temporary, step: "create", errno: errno) }
        if fchmod(fd, permissions) != 0 {
            let e = errno
            close(fd); unlink(temporary)
            throw Failure(path: temporary, step: "set the permissions of", errno: e)
        }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in systemWrite(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno
                close(fd); unlink(temporary)
                throw Failure(path: temporary, step: "write", errno: e)
            }
            offset += n
        }
        if durable, fsync(fd) != 0 {
            let e = errno
            close(fd); unlink(temporary)
            throw Failure(path: temporary, step: "fsync", errno: e)
        }
        close(fd)
        if rename(temporary, path) != 0 {
            let e = errno
            unlink(temporary)
            throw Failure(path: path, step: "rename onto", errno: e)
        }
        // From here on the content is in place: what fails is only its durability.
        guard durable else { return nil }
        return Self.syncDirectory(directory, using: syncDirectory).map { NotDurable(path: path, directory: directory, errno: $0) }
    }

    /// Syncs `directory`, so that a create, rename or unlink in it survives a power loss (fsync(2));
    /// the errno when it could not be opened or synced, nil when it was.
    @discardableResult
    package static func syncDirectory(_ directory: String, using sync: DirectorySync = fsyncDirectory) -> Int32? {
        let dirFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dirFD >= 0 else { return errno }
        defer { close(dirFD) }
        return sync(dirFD) == 0 ? nil : errno
    }

    /// The directory that holds `path`: "." for a bare name, "/" for a file at the root.
    static func directory(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) }.flatMap { $0.isEmpty ? "/" : $0 } ?? "."
    }

    /// What sits between a file's name and the writer's process id in `write`'s temporary file.
    package static let temporaryMarker = ".tmp-"

    /// The process id in the name of a temporary file `write` makes (`progress.json.tmp-1234`), nil
    /// for any other name. A process killed between the create and the rename leaves such a file.
    package static func temporaryWriter(of name: String) -> Int32? {
        temporary(name)?.writer
    }

    /// The name of the file a temporary of `write` was to replace, and its writer's process id:
    /// (`progress.json`, 1234) for `progress.json.tmp-1234`; nil for a name `write` does not make.
    package static func temporary(_ name: String) -> (file: String, writer: Int32)? {
        let bytes = Array(name.utf8), marker = Array(temporaryMarker.utf8)
        guard bytes.count > marker.count else { return nil }
        // The last marker, with at least one character of the file's own name before it.
        guard let at = (1...(bytes.count - marker.count)).reversed().first(where: {
            bytes[$0..<($0 + marker.count)].elementsEqual(marker)
        }) else { return nil }
        let digits = String(decoding: bytes[(at + marker.count)...], as: UTF8.self)
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let pid = Int32(digits), pid > 0 else { return nil }
        return (String(decoding: bytes[..<at], as: UTF8.self), pid)
    }

    /// The file's bytes, or nil if it does not exist.
    package static func read(_ path: String) throws(Failure) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw Failure(path: path, step: "open", errno: errno)
        }
        defer { close(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw Failure(path: path, step: "read", errno: errno) }
            if n == 0 { return result }
            result += chunk[0..<n]
        }
    }

    /// Renames a state file that cannot be used to `<path>.<label>-<unix time>` beside it, so it is
    /// kept for a look but never read again; returns the new path. The directory is synced so the
    /// rename survives a power cut.
    package static func moveAside(_ path: String, label: String = "unreadable") throws(Failure) -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var aside = "\(path).\(label)-\(now.tv_sec)"
        var attempt = 1
        while access(aside, F_OK) == 0 {
            attempt += 1
            aside = "\(path).\(label)-\(now.tv_sec)-\(attempt)"
        }
        guard rename(path, aside) == 0 else { throw Failure(path: path, step: "move aside", errno: errno) }
        syncDirectory(directory(of: path))
        return aside
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
private let systemRead = Darwin.read
#endif
