import Synchronization

/// Which actors are alive: each actor's run loop reports a heartbeat between events, so an actor stuck
/// inside a handler stops beating. The watchdog pings systemd only while every actor beats.
public final class HealthMonitor: Sendable {
    private let beats = Mutex<[String: Duration]>([:])
    public let expected: [String]
    /// Services that report once that they are up and then have no heartbeat (the reload signal
    /// watcher): startup waits for them, the watchdog does not.
    public let startOnly: [String]

    public init(expected: [String], startOnly: [String] = []) {
        self.expected = expected
        self.startOnly = startOnly
    }

    public func beat(_ name: String, at now: Duration) {
        beats.withLock { $0[name] = now }
    }

    /// Every expected actor has beaten at least once, and every start-only service has reported
    /// (startup is complete).
    public var allStarted: Bool {
        beats.withLock { b in (expected + startOnly).allSatisfy { b[$0] != nil } }
    }

    /// Actors that have not beaten within `window` of `now` (never-started ones included).
    public func stale(at now: Duration, window: Duration) -> [String] {
        beats.withLock { b in
            expected.filter { name in b[name].map { now - $0 > window } ?? true }
        }
    }
}
