/// At most one plan at a time, and re-plans no closer together than `interval`: a walker who keeps
/// leaving the route (a square the map does not have, a GPS drifting in a street canyon) is brought
/// back, but the router is not run again and again, nor the belt turned round at every fix.
package struct ReplanGate: Sendable, Hashable {
    package var interval: Duration
    private var lastStart: Duration?
    package private(set) var inFlight = false

    package init(interval: Duration) {
        self.interval = interval
    }

    /// Whether a re-plan may start now.
    package func allows(now: Duration) -> Bool {
        guard !inFlight else { return false }
        guard let lastStart else { return true }
        return now - lastStart >= interval
    }

    /// When the next re-plan may start, if one is in the way now.
    package func nextAllowed(now: Duration) -> Duration? {
        guard !inFlight, let lastStart, now - lastStart < interval else { return nil }
        return lastStart + interval
    }

    package mutating func begin(now: Duration) {
        inFlight = true
        lastStart = now
    }

    /// A plan that is not a re-plan (the walk's first, a new destination) also occupies the router,
    /// but does not count against the interval.
    package mutating func beginFirst() {
        inFlight = true
    }

    package mutating func finish() {
        inFlight = false
    }
}
