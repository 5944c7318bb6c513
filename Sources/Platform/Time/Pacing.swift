#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How fast an accelerated session clock may run: as fast as asked, but no faster than the process keeps up.
///
/// A simulated walk is a feedback loop: the walker moves in session time, fixes describe where it was, the
/// belt's direction steers it. When the process falls behind an accelerated clock (a slow or emulated
/// CPU, a loaded machine), every timer fires late by real milliseconds that are whole session seconds,
/// the belt steers from stale fixes and the walk wanders.
///
/// The pacing keeps an estimate of how late, in real time, this process wakes from a sleep: the worst
/// lateness seen recently, forgotten by half every `halfLife`. A sleeper that tolerates `t` of session
/// lateness is then punctual enough at any factor up to `t / estimate`, and the clock runs at the
/// smallest such factor among the sleepers waiting, never above the requested one and never below real
/// time. What a sleeper tolerates is the `tolerance` it passes to `Clock.sleep(until:tolerance:)`, or
/// `budget` when it passes none. The budget suits the walk (half a second is 70 cm of walking); the
/// touch case's simulated finger asks for far less, because a stroke's points are timed on arrival (a
/// Fuffr notification carries no time), so a swipe is only as fast as its points are punctual. The
/// clock slows down while a stroke is being played, before its points are late, not after.
///
/// Lateness alone lets a clock run until the process is saturated: with one thread for the appliance's
/// actors (`EventLoop`), the sleepers that measure it wake only a little late while the loop's queue
/// holds the walk's messages for tenths of a second. So the pacing also watches the loops' load, their
/// busy share of real time, and caps the factor where the busiest would be `targetLoad` busy, taking
/// the work to grow with the factor. The cap falls at once and rises by at most a quarter per sample.
///
/// Pure: fed each wake-up's real lateness and the real time it was seen, and the loops' load.
package struct Pacing: Sendable, Equatable {
    /// The requested factor, the fastest the clock runs.
    package let maximum: Double
    /// Session lateness tolerated by sleepers that state no tolerance.
    package let budget: Duration
    /// The estimate of this process's real wake-up lateness.
    package private(set) var lateness: Duration = .zero
    private var lastSample: Duration?
    /// The fastest factor the watched loops' load allows.
    package private(set) var loadCap: Double
    /// Whether the cap is still rising from its start: the factors run until it stops are the start's
    /// caution, not the machine's limit.
    package private(set) var isStarting: Bool

    /// The busy share of a loop's thread the clock aims at: room for the bursts (a fix, a stroke) that
    /// arrive on top of the steady work.
    package static let targetLoad = 0.6

    /// How fast the estimate forgets a late wake-up.
    package static let halfLife: Duration = .seconds(2)

    /// `start` is the factor the load cap begins at, for a clock whose load is watched: nothing is
    /// known of the machine's speed before the first window, and a process that starts (its actors
    /// connecting, a debug build on a loaded machine) is at its busiest then. From there the cap rises
    /// by a quarter per load sample while the load allows, so a machine that keeps up reaches the
    /// maximum within a few seconds. Without a start the cap begins at the maximum.
    package init(maximum: Double, budget: Duration = .milliseconds(500), start: Double? = nil) {
        self.maximum = max(1, maximum)
        self.budget = budget
        loadCap = min(self.maximum, max(1, start ?? self.maximum))
        isStarting = loadCap < self.maximum
    }

    /// The busiest watched loop was busy `load` (0 to 1) of a window during which the clock ran at
    /// `factor`.
    package mutating func observe(load: Double, atFactor factor: Double) {
        guard load.isFinite, factor.isFinite, factor > 0 else { return }
        let fitting = load > 0 ? factor * Self.targetLoad / min(load, 1) : maximum
        let allowed = min(maximum, max(1, fitting))
        let risen = min(allowed, loadCap * 1.25)
        if isStarting, allowed <= loadCap * 1.25 { isStarting = false }
        loadCap = allowed < loadCap ? allowed : risen
    }

    /// A sleeper woke `lateness` of real time after its deadline, at real time `now`.
    package mutating func observe(lateness sample: Duration, now: Duration) {
        var decayed = lateness
        if let lastSample, now > lastSample {
            let halvings = (now - lastSample) / Self.halfLife
            decayed = halvings > 60 ? .zero : lateness * exp2(-halvings)
        }
        lateness = max(sample, decayed)
        lastSample = now
    }

    /// The fastest factor at which a sleeper tolerating `tolerance` (nil: the budget) wakes punctually
    /// enough, given the estimate.
    package func factor(tolerating tolerance: Duration? = nil) -> Double {
        guard lateness > .zero else { return loadCap }
        let fastest = (tolerance ?? budget) / lateness
        return fastest.isFinite ? min(loadCap, max(1, fastest)) : loadCap
    }
}
