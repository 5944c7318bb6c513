#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension ManagementSocketError {
    /// The typed error for an errno from a socket call.
    static func mapping(errno code: Int32, operation: String) -> ManagementSocketError {
        switch code {
        case EAFNOSUPPORT, EPROTONOSUPPORT: return .bluetoothUnsupported
        case EPERM, EACCES: return .permissionDenied(operation: operation)
        case EBADF: return .closed
        default: return .system(operation: operation, errno: code)
        }
    }
}
