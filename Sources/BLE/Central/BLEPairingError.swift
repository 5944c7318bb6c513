/// Why pairing or unpairing failed, each said with what to do next.
///
/// `hint` is how to put this kind of device into pairing mode ("hold the belt's Home button until it
/// vibrates in fast pulses"); it goes into every message where pairing mode is the likely cure.
/// Statuses follow the kernel: `pair_device` and `mgmt_status` in net/bluetooth/mgmt.c map connection
/// and SMP failures to these mgmt statuses (an SMP failure is Authentication Failed, `smp_failure`
/// in smp.c).
package enum BLEPairingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The management socket, the adapter or the permission (CAP_NET_ADMIN) failed first.
    case management(BLEManagementError)
    /// The kernel already holds keys for the peer (mgmt Already Paired).
    case alreadyPaired(peer: ManagementAddress)
    /// The peer answered the pairing with a failure (mgmt Authentication Failed).
    case refused(peer: ManagementAddress, hint: String)
    /// No connection to the peer (Connect Failed, Timeout).
    case unreachable(peer: ManagementAddress, status: ManagementStatus, hint: String)
    /// Our own deadline passed and the pairing was cancelled.
    case timedOut(peer: ManagementAddress, after: Duration, hint: String)
    /// The link dropped or SMP gave up before keys were exchanged (Disconnected, Failed).
    case interrupted(peer: ManagementAddress, status: ManagementStatus, hint: String)
    /// The adapter cannot reach this kind of peer (Not Supported).
    case notSupported(peer: ManagementAddress, adapter: String)
    /// Another pairing or connection attempt to the peer is running (Busy).
    case busy(peer: ManagementAddress)
    /// The adapter refused (Rejected: LE is off) or the peer did not allow pairing.
    case rejected(peer: ManagementAddress, adapter: String, hint: String)
    /// The peer wants a six-digit number compared, which needs a display; we pair with Just Works only.
    case numericComparisonRequired(peer: ManagementAddress)
    /// Unpair: the kernel holds no keys for the peer (mgmt Not Paired).
    case notPaired(peer: ManagementAddress)
    /// Any other status.
    case failed(operation: String, status: ManagementStatus)

    package var description: String {
        switch self {
        case let .management(error):
            return error.description
        case let .alreadyPaired(peer):
            return "\(peer) is already paired with this adapter; to pair anew, run with --unpair first"
        case let .refused(peer, hint):
            return "\(peer) refused to pair (Authentication Failed): it is probably not in pairing mode. "
                + "\(hint), then run this again while it is in pairing mode. If it was paired before, "
                + "run with --unpair first"
        case let .unreachable(peer, status, hint):
            return "could not connect to \(peer) (\(status)): is it switched on, in range and not connected "
                + "to a phone? \(hint), then run this again"
        case let .timedOut(peer, after, hint):
            return "pairing with \(peer) did not finish within \(Self.seconds(after)) s and was cancelled: "
                + "the device did not show up or did not answer. \(hint), then run this again"
        case let .interrupted(peer, status, hint):
            return "pairing with \(peer) stopped before keys were exchanged (\(status)): the link dropped, "
                + "or another program rejected the pairing (bluetoothd does without an agent). "
                + "\(hint), keep it close, then run this again"
        case let .notSupported(peer, adapter):
            return "\(adapter) cannot pair with \(peer) (Not Supported): the adapter has no Low Energy, "
                + "or the address type is wrong; check `wayfinder scan` for the device's type"
        case let .busy(peer):
            return "another pairing or connection attempt to \(peer) is running (bluetoothctl, "
                + "bluetoothd or a second wayfinder?); let it end, then run this again"
        case let .rejected(peer, adapter, hint):
            return "pairing with \(peer) was rejected: Low Energy may be off on \(adapter) "
                + "(`btmgmt --index \(Self.index(adapter)) le on`), or the device does not allow pairing "
                + "now. \(hint), then run this again"
        case let .numericComparisonRequired(peer):
            return "\(peer) asks to compare a six-digit number, which needs a display; Wayfinder pairs "
                + "with Just Works only, so this device cannot be paired by it"
        case let .notPaired(peer):
            return "\(peer) is not paired with this adapter; nothing to remove"
        case let .failed(operation, status):
            return "\(operation) failed: the kernel answered \(status)"
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = attoseconds / 100_000_000_000_000_000
        return tenths == 0 ? "\(seconds)" : "\(seconds).\(tenths)"
    }

    private static func index(_ adapter: String) -> String {
        adapter.hasPrefix("hci") ? String(adapter.dropFirst(3)) : adapter
    }
}
