#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why the kernel's Bluetooth management socket could not be opened or used. Plain, so the BLE protocol
/// module can carry it in its own errors without linking the socket layer.
package enum ManagementSocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `socket(AF_BLUETOOTH, …)` failed with EAFNOSUPPORT: no Bluetooth in this kernel.
    case bluetoothUnsupported
    /// The kernel refused `operation` for lack of privilege.
    case permissionDenied(operation: String)
    /// The socket was closed (by `close()` or because its reader stopped).
    case closed
    /// Any other failure of `operation`, with its errno.
    case system(operation: String, errno: Int32)

    package var description: String {
        switch self {
        case .bluetoothUnsupported:
            return "this kernel has no Bluetooth support (AF_BLUETOOTH unavailable): on the Pi check that "
                + "the bluetooth modules load (lsmod | grep bluetooth) and that config.txt has no "
                + "dtoverlay=disable-bt; in a container or build machine this is expected, use the "
                + "emulated rig for Bluetooth tests"
        case let .permissionDenied(operation):
            return "not permitted to \(operation): the Bluetooth management interface needs CAP_NET_ADMIN; "
                + "run as root, or grant it (systemd: AmbientCapabilities=CAP_NET_ADMIN)"
        case .closed:
            return "the Bluetooth management socket is closed"
        case let .system(operation, code):
            return "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
        }
    }
}
