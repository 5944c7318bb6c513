import Synchronization

/// The one-line summary systemd shows in `systemctl status` (`STATUS=`): each actor owns a part, and
/// the devices the appliance is waiting for (`DeviceWaits`) come first, because they are what someone
/// at the Pi has to act on.
package final class StatusBoard: Sendable {
    private let parts = Mutex<[String: String]>([:])
    private let order: Mutex<[String]>
    private let waits: DeviceWaits?

    package init(order: [String], waits: DeviceWaits? = nil) {
        self.order = Mutex(order)
        self.waits = waits
    }

    /// The parts in the order the line shows them. The appliance arranges them once it has made
    /// its actors, since each of them is made with this board.
    package var partOrder: [String] { order.withLock { $0 } }

    package func arrange(_ names: [String]) {
        order.withLock { $0 = names }
        changedNow()
    }

    /// Who follows the status (`wayfinder status --follow`): told after each change.
    private let followers = Mutex<[UInt64: AsyncStream<Void>.Continuation]>([:])
    private let nextFollower = Mutex<UInt64>(0)

    package func set(_ part: String, _ text: String) {
        let changed = parts.withLock { p -> Bool in
            guard p[part] != text else { return false }
            p[part] = text
            return true
        }
        if changed { changedNow() }
    }

    package func clear(_ part: String) {
        let changed = parts.withLock { $0.removeValue(forKey: part) != nil }
        if changed { changedNow() }
    }

    /// Tells the followers that something they show changed (a fix, a distance), beyond the parts.
    package func changedNow() {
        for follower in followers.withLock({ Array($0.values) }) { follower.yield() }
    }

    /// A signal after each change, until the follower stops reading. At most one change waits: a
    /// slow reader sees the latest status, not a backlog.
    package func changes() -> AsyncStream<Void> {
        let (stream, sink) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = nextFollower.withLock { n -> UInt64 in
            n &+= 1
            return n
        }
        followers.withLock { $0[id] = sink }
        sink.onTermination = { [weak self] _ in _ = self?.followers.withLock { $0.removeValue(forKey: id) } }
        return stream
    }

    package var line: String {
        let order = partOrder
        let actors = parts.withLock { p in order.compactMap { p[$0] } }
        return ([waits?.summary].compactMap { $0 } + actors).joined(separator: "; ")
    }
}
