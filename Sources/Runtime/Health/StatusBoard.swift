import Synchronization

/// The one-line summary systemd shows in `systemctl status` (`STATUS=`): each actor owns a part.
public final class StatusBoard: Sendable {
    private let parts = Mutex<[String: String]>([:])
    private let order: [String]

    public init(order: [String]) {
        self.order = order
    }

    public func set(_ part: String, _ text: String) {
        parts.withLock { $0[part] = text }
    }

    public func clear(_ part: String) {
        parts.withLock { $0[part] = nil }
    }

    public var line: String {
        parts.withLock { p in order.compactMap { p[$0] }.joined(separator: "; ") }
    }
}
