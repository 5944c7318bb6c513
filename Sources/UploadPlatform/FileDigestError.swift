#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file's digest could not be computed: the file could not be opened or read, with the system's
/// reason (Nettle's SHA-256 itself cannot fail).
package enum FileDigestError: Error, Sendable, Hashable, CustomStringConvertible {
    case cannotOpen(path: String, errno: Int32)
    case cannotRead(path: String, errno: Int32)

    package var description: String {
        switch self {
        case let .cannotOpen(path, code): "\(path): cannot open (\(String(cString: strerror(code))))"
        case let .cannotRead(path, code): "\(path): cannot read (\(String(cString: strerror(code))))"
        }
    }
}
