/// What a device's link is doing, for status lines and logs.
package enum GATTLinkState: Sendable, Hashable, CustomStringConvertible {
    case idle
    case connecting(attempt: Int)
    /// The link is up; its services are being discovered.
    case discovering
    /// The link is up and the session runs on it.
    case connected
    /// Waiting before the next attempt, until this session time.
    case waiting(until: Duration)
    case stopped

    package var description: String {
        switch self {
        case .idle: "idle"
        case .connecting(let n): "connecting (attempt \(n))"
        case .discovering: "discovering services"
        case .connected: "connected"
        case .waiting(let t): "retrying at t+\(t.clockString)"
        case .stopped: "stopped"
        }
    }
}
