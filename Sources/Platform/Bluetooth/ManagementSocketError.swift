#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why the kernel's Bluetooth management socket could not be opened or used.
public enum ManagementSocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `socket(AF_BLUETOOTH, …)` failed with EAFNOSUPPORT: no Bluetooth in this kernel.
    case bluetoothUnsupported
    /// The kernel refused `operation` for lack of privilege.
    case permissionDenied(operation: String)
    /// The socket was closed (by `close()` or because its reader stopped).
    case closed
    /// Any other failure of `operation`, with its errno.
    case system(operation: String, errno: Int32)

    public var description: String {
        switch self {
        case .bluetoothUnsupported:
            return BluetoothAdapterError.bluetoothUnsupported.description
        case let .permissionDenied(operation):
            return "not permitted to \(operation): the Bluetooth management interface needs CAP_NET_ADMIN; "
                + "run as root, or grant it (systemd: AmbientCapabilities=CAP_NET_ADMIN)"
        case .closed:
            return "the Bluetooth management socket is closed"
        case let .system(operation, code):
            return "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
        }
    }

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
