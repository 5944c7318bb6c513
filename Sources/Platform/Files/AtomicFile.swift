#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file so that after a power cut it holds either the old or the new content, never a mix:
/// write a temporary file beside it, fsync, rename over, fsync the directory.
public enum AtomicFile {
    public struct Failure: Error, CustomStringConvertible {
        public let path: String
        public let step: String
        public let errno: Int32

        public var description: String {
            "cannot \(step) \(path): \(String(cString: strerror(errno)))"
        }
    }

    public static func write(_ bytes: [UInt8], to path: String, permissions: mode_t = 0o644) throws(Failure) {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) }.flatMap { $0.isEmpty ? "/" : $0 } ?? "."
        let temporary = "\(path).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw Failure(path: temporary, step: "create", errno: errno) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno
                close(fd); unlink(temporary)
                throw Failure(path: temporary, step: "write", errno: e)
            }
            offset += n
        }
        if fsync(fd) != 0 {
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
        let dirFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dirFD >= 0 else { throw Failure(path: directory, step: "open directory", errno: errno) }
        defer { close(dirFD) }
        if fsync(dirFD) != 0 { throw Failure(path: directory, step: "fsync directory", errno: errno) }
    }

    /// The file's bytes, or nil if it does not exist.
    public static func read(_ path: String) throws(Failure) -> [UInt8]? {
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
    public static func moveAside(_ path: String, label: String = "unreadable") throws(Failure) -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var aside = "\(path).\(label)-\(now.tv_sec)"
        var attempt = 1
        while access(aside, F_OK) == 0 {
            attempt += 1
            aside = "\(path).\(label)-\(now.tv_sec)-\(attempt)"
        }
        guard rename(path, aside) == 0 else { throw Failure(path: path, step: "move aside", errno: errno) }
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) }.flatMap { $0.isEmpty ? "/" : $0 } ?? "."
        let dirFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 {
            fsync(dirFD)
            close(dirFD)
        }
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
