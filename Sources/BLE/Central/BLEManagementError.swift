/// Why scanning or advertising through the kernel's management interface failed, said so a person
/// at a Pi can act on it.
package enum BLEManagementError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The management socket could not be opened or used.
    case socket(ManagementSocketError)
    /// The kernel has Bluetooth but no adapter.
    case noAdapter
    /// No adapter by that name; `available` lists the ones present ("hci0", …).
    case adapterNotFound(name: String, available: [String])
    /// The adapter cannot do Low Energy at all.
    case notLowEnergyCapable(adapter: String)
    /// The adapter is powered off and we were not asked to power it.
    case poweredOff(adapter: String)
    /// The adapter has LE switched off and we were not asked to switch it on.
    case lowEnergyDisabled(adapter: String)
    /// The adapter went away while in use.
    case adapterRemoved(adapter: String)
    /// The kernel refused `operation` for lack of CAP_NET_ADMIN (mgmt status Permission Denied).
    case permissionDenied(operation: String)
    /// The kernel answered `operation` with a failure status.
    case commandFailed(operation: String, status: ManagementStatus)
    /// No answer to `operation` in time.
    case timeout(operation: String)
    /// The answer to `operation` was malformed.
    case malformedReply(operation: String, ManagementDecodingError)
    /// A command could not be encoded.
    case encoding(ManagementEncodingError)
    /// Advertising data could not be encoded.
    case advertisingData(AdvertisingDataError)

    package var description: String {
        switch self {
        case let .socket(.permissionDenied(operation)), let .permissionDenied(operation):
            return "not permitted to \(operation): Bluetooth management needs CAP_NET_ADMIN. Run as root "
                + "(sudo), or grant the capability (systemd unit: AmbientCapabilities=CAP_NET_ADMIN; "
                + "a binary: sudo setcap cap_net_admin+ep $(command -v wayfinder))"
        case let .socket(error):
            return error.description
        case .noAdapter:
            return "the kernel supports Bluetooth but no adapter is registered: check that the controller "
                + "was attached (systemctl status hciuart) and is not blocked (rfkill list)"
        case let .adapterNotFound(name, available):
            if available.isEmpty {
                return "no Bluetooth adapter \"\(name)\", and no adapters are registered at all: check "
                    + "systemctl status hciuart and rfkill list"
            }
            return "no Bluetooth adapter \"\(name)\"; adapters present: \(available.joined(separator: ", "))"
        case let .notLowEnergyCapable(adapter):
            return "\(adapter) does not support Bluetooth Low Energy"
        case let .poweredOff(adapter):
            return "\(adapter) is powered off: pass --power to switch it on for the scan, or run "
                + "`btmgmt --index \(Self.index(adapter)) power on` (or `bluetoothctl power on`); "
                + "if it will not power on, check `rfkill list`"
        case let .lowEnergyDisabled(adapter):
            return "\(adapter) has Low Energy switched off: pass --power to switch it on, or run "
                + "`btmgmt --index \(Self.index(adapter)) le on`"
        case let .adapterRemoved(adapter):
            return "\(adapter) was removed while in use"
        case let .commandFailed(operation, status):
            if status == .rfKilled {
                return "\(operation) failed: the adapter is blocked by rfkill (`rfkill list`; `rfkill unblock bluetooth`)"
            }
            return "\(operation) failed: the kernel answered \(status)"
        case let .timeout(operation):
            return "\(operation): no answer from the kernel in time"
        case let .malformedReply(operation, error):
            return "\(operation): malformed answer from the kernel (\(error))"
        case let .encoding(error):
            return error.description
        case let .advertisingData(error):
            return error.description
        }
    }

    /// The N of "hciN", for the btmgmt hint.
    private static func index(_ adapter: String) -> String {
        adapter.hasPrefix("hci") ? String(adapter.dropFirst(3)) : adapter
    }
}
