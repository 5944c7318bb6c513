#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file that exists could not be read: the errno open(2) or read(2) set, so that each reader
/// can say what it means for its own file (a directory given for a file, a permission to grant).
package struct FileReadError: Error, Sendable, Hashable, CustomStringConvertible {
    package var errno: Int32

    package init(errno: Int32) {
        self.errno = errno
    }

    /// strerror(3)'s text for the errno.
    package var description: String { String(cString: strerror(errno)) }
}
