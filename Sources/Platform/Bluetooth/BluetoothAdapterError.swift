#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why no usable Bluetooth adapter could be found, phrased for `wayfinder board check`.
package enum BluetoothAdapterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `socket(AF_BLUETOOTH, …)` failed with EAFNOSUPPORT: the kernel has no Bluetooth stack
    /// (the case on our build and CI machines).
    case bluetoothUnsupported
    /// No adapter has `name`; `available` lists the adapters that exist.
    case adapterNotFound(name: String, available: [String])
    /// The kernel supports Bluetooth but has no adapter registered.
    case noAdapter
    /// The kernel refused `operation` for lack of privilege.
    case permissionDenied(operation: String)
    /// Any other failure of `operation`, with its errno.
    case system(operation: String, errno: Int32)

    package var description: String {
        switch self {
        case .bluetoothUnsupported:
            return ManagementSocketError.bluetoothUnsupported.description
        case let .adapterNotFound(name, available):
            if available.isEmpty {
                return "no Bluetooth adapter named \"\(name)\", and no adapters are registered at all: "
                    + "check that the controller was attached (systemctl status hciuart) and is not "
                    + "blocked (rfkill list)"
            }
            return "no Bluetooth adapter named \"\(name)\"; adapters present: "
                + available.joined(separator: ", ") + ". Configure one of these names (btmgmt info lists them)"
        case .noAdapter:
            return "the kernel supports Bluetooth but no adapter is registered: check that the controller "
                + "was attached (systemctl status hciuart) and is not blocked (rfkill list)"
        case let .permissionDenied(operation):
            return "not permitted to \(operation): run the daemon with CAP_NET_RAW and CAP_NET_ADMIN "
                + "(systemd: AmbientCapabilities=CAP_NET_RAW CAP_NET_ADMIN) or as root"
        case let .system(operation, code):
            return "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
        }
    }

    /// The typed error for an errno from libbluetooth's device queries.
    static func mapping(errno code: Int32, operation: String) -> BluetoothAdapterError {
        switch code {
        case EAFNOSUPPORT, EPROTONOSUPPORT: return .bluetoothUnsupported
        case EPERM, EACCES: return .permissionDenied(operation: operation)
        default: return .system(operation: operation, errno: code)
        }
    }
}
