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
/// Pure: fed each wake-up's real lateness and the real time it was seen.
public struct Pacing: Sendable, Equatable {
    /// The requested factor, the fastest the clock runs.
    public let maximum: Double
    /// Session lateness tolerated by sleepers that state no tolerance.
    public let budget: Duration
    /// The estimate of this process's real wake-up lateness.
    public private(set) var lateness: Duration = .zero
    private var lastSample: Duration?

    /// How fast the estimate forgets a late wake-up.
    public static let halfLife: Duration = .seconds(2)

    public init(maximum: Double, budget: Duration = .milliseconds(500)) {
        self.maximum = max(1, maximum)
        self.budget = budget
    }

    /// A sleeper woke `lateness` of real time after its deadline, at real time `now`.
    public mutating func observe(lateness sample: Duration, now: Duration) {
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
    public func factor(tolerating tolerance: Duration? = nil) -> Double {
        guard lateness > .zero else { return maximum }
        let fastest = (tolerance ?? budget) / lateness
        return fastest.isFinite ? min(maximum, max(1, fastest)) : maximum
    }
}
