#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Upload

/// Why a file's digest could not be computed: the file (with the system's reason) or the library.
package enum FileDigestError: Error, Sendable, Hashable, CustomStringConvertible {
    case cannotOpen(path: String, errno: Int32)
    case cannotRead(path: String, errno: Int32)
    case library(HashFailure)

    package var description: String {
        switch self {
        case let .cannotOpen(path, code): "\(path): cannot open (\(String(cString: strerror(code))))"
        case let .cannotRead(path, code): "\(path): cannot read (\(String(cString: strerror(code))))"
        case let .library(failure): failure.description
        }
    }
}
