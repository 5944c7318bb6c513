import Synchronization

/// Which actors are alive, known from the work they are handed rather than from heartbeats: each
/// actor reports once that it started, with its mailbox's `MailboxProgress`. At every watchdog check
/// an actor is stuck when it had work waiting or a handler running at the previous check and has
/// finished nothing since — a handler that never returns, or a run loop that is down with events
/// queued. An idle actor is never woken to prove it is alive. The watchdog pings systemd only while
/// no actor is stuck.
package final class HealthMonitor: Sendable {
    private struct Watch {
        var progress: MailboxProgress?
        /// What the previous check saw: events finished, and whether work was pending.
        var finished = 0
        var busy = false
        /// Down on purpose, between a failure and its restart: not stuck, whatever waits for it.
        var resting = false
        /// While resting: when the next attempt is due (session time) and why it failed.
        var nextAttemptAt: Duration?
        var reason: String?
        var restarts = 0
    }

    private let watches = Mutex<[String: Watch]>([:])
    private let expectedNames: Mutex<[String]>
    /// The actors watched, in the order `status` lists them.
    package var expected: [String] { expectedNames.withLock { $0 } }
    /// Services that report once that they are up and are not watched after that (the reload signal
    /// watcher): startup waits for them, the watchdog does not.
    package let startOnly: [String]

    package init(expected: [String], startOnly: [String] = []) {
        expectedNames = Mutex(expected)
        self.startOnly = startOnly
    }

    /// Watches `names` from now on: the appliance names its actors once it has made them all, since
    /// each of them is made with this monitor.
    package func expect(_ names: [String]) {
        expectedNames.withLock { $0 = names }
    }

    /// `name` is running; `progress` is its mailbox's, when it has one to watch. A restarted actor
    /// reports again with the same mailbox.
    package func started(_ name: String, progress: MailboxProgress? = nil) {
        watches.withLock { w in
            if w[name] == nil || progress !== w[name]?.progress { w[name] = Watch(progress: progress) }
        }
    }

    /// The supervisor holds `name` down for its restart backoff (true), or lets it run again (false).
    /// An actor that failed before it ever started counts as started from here: startup must not
    /// wait for a device that is missing (the appliance runs degraded and says so).
    package func resting(_ name: String, _ isResting: Bool, nextAttemptAt: Duration? = nil, reason: String? = nil,
                        restarts: Int? = nil) {
        watches.withLock { w in
            var watch = w[name] ?? Watch()
            watch.resting = isResting
            watch.busy = false
            watch.nextAttemptAt = isResting ? nextAttemptAt : nil
            watch.reason = isResting ? reason : nil
            if let restarts { watch.restarts = restarts }
            w[name] = watch
        }
    }

    /// Each expected actor's health at `now` (session time), in the expected order, for `status`.
    package func actors(at now: Duration) -> [(name: String, running: Bool, started: Bool, nextAttemptIn: Duration?,
                                              reason: String?, restarts: Int)] {
        let expected = self.expected
        return watches.withLock { w in
            expected.map { name in
                guard let watch = w[name] else { return (name, false, false, nil, nil, 0) }
                return (name, !watch.resting, true, watch.nextAttemptAt.map { max(.zero, $0 - now) }, watch.reason, watch.restarts)
            }
        }
    }

    /// Every expected actor and every start-only service has started (startup is complete).
    package var allStarted: Bool {
        let expected = self.expected
        return watches.withLock { w in (expected + startOnly).allSatisfy { w[$0] != nil } }
    }

    /// The expected actors that are stuck (or never started), as of this check; each call is one
    /// check, compared with the previous one.
    package func check() -> [String] {
        let expected = self.expected
        return watches.withLock { w in
            expected.filter { name in
                guard var watch = w[name] else { return true }
                guard let progress = watch.progress, !watch.resting else { return false }
                let now = progress.snapshot
                let stuck = watch.busy && now.busy && now.finished == watch.finished
                (watch.finished, watch.busy) = (now.finished, now.busy)
                w[name] = watch
                return stuck
            }
        }
    }
}
