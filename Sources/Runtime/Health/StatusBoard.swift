import Synchronization

/// The one-line summary systemd shows in `systemctl status` (`STATUS=`): each actor owns a part, and
/// the devices the appliance is waiting for (`DeviceWaits`) come first, because they are what someone
/// at the Pi has to act on.
public final class StatusBoard: Sendable {
    private let parts = Mutex<[String: String]>([:])
    private let order: [String]
    private let waits: DeviceWaits?

    public init(order: [String], waits: DeviceWaits? = nil) {
        self.order = order
        self.waits = waits
    }

    public func set(_ part: String, _ text: String) {
        parts.withLock { $0[part] = text }
    }

    public func clear(_ part: String) {
        parts.withLock { $0[part] = nil }
    }

    public var line: String {
        let actors = parts.withLock { p in order.compactMap { p[$0] } }
        return ([waits?.summary].compactMap { $0 } + actors).joined(separator: "; ")
    }
}
