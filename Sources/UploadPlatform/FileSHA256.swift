#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNettle
import Upload

/// The SHA-256 of a file, read in bounded chunks (a walk's track may be larger than the memory the
/// appliance wants to spend on it) through Nettle's streaming digest (sha256_init, sha256_update,
/// sha256_digest; nettle/sha2.h).
package enum FileSHA256 {
    /// 64 KiB: a few reads per second of a walk's files, and nothing worth noticing in memory.
    package static let chunkSize = 64 * 1024

    /// The file's SHA-256, or why it could not be read.
    package static func digest(path: String, chunkSize: Int = chunkSize) throws(FileDigestError) -> [UInt8] {
        try digest(path: path, range: nil, chunkSize: chunkSize)
    }

    /// The SHA-256 of `length` bytes of the file from `offset` (one part of a multipart upload, which
    /// its request signs); a file that ends before the range does is `cannotRead` with `ENODATA`.
    package static func digest(path: String, offset: Int64, length: Int64,
                               chunkSize: Int = chunkSize) throws(FileDigestError) -> [UInt8] {
        guard offset >= 0, length >= 0 else { throw .cannotRead(path: path, errno: EINVAL) }
        return try digest(path: path, range: (offset, length), chunkSize: chunkSize)
    }

    private static func digest(path: String, range: (offset: Int64, length: Int64)?,
                               chunkSize: Int) throws(FileDigestError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        defer { close(fd) }
        if let range, lseek(fd, off_t(range.offset), SEEK_SET) < 0 { throw .cannotRead(path: path, errno: errno) }
        var remaining = range?.length ?? Int64.max
        var context = sha256_ctx()
        nettle_sha256_init(&context)
        var buffer = [UInt8](repeating: 0, count: max(1, chunkSize))
        while remaining > 0 {
            let wanted = Int(min(Int64(buffer.count), remaining))
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, errno: errno)
            }
            if count == 0 {
                if range != nil { throw .cannotRead(path: path, errno: ENODATA) }
                break
            }
            remaining -= Int64(count)
            buffer.withUnsafeBufferPointer { nettle_sha256_update(&context, count, $0.baseAddress) }
        }
        return Nettle.digest { nettle_sha256_digest(&context, $0, $1) }
    }
}
