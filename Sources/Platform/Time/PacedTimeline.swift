import Synchronization

/// Session time that runs at a `Pacing`'s factor: a piecewise-linear map from real time, re-anchored at
/// each change of factor so that session time never jumps or runs backwards.
final class PacedTimeline: Sendable {
    private struct State {
        var pacing: Pacing
        var factor: Double
        var slowest: Double
        /// Bumped at each change of factor: a sleeper whose last nap spans a change cannot tell its own
        /// lateness from the change's.
        var generation = 0
        var anchorReal: ContinuousClock.Instant
        var anchorSession: Duration
        /// The tolerances of the sleepers waiting now, with their counts.
        var waiting: [Duration: Int] = [:]
    }

    private let real = ContinuousClock()
    private let origin: ContinuousClock.Instant
    private let state: Mutex<State>
    /// The longest a sleeper naps before it looks at the factor again, so that a clock speeding up does
    /// not leave it asleep past its deadline.
    private static let nap: Duration = .milliseconds(10)

    init(maximum: Double) {
        origin = real.now
        let pacing = Pacing(maximum: maximum)
        state = Mutex(State(pacing: pacing, factor: pacing.maximum, slowest: pacing.maximum,
                            anchorReal: origin, anchorSession: .zero))
    }

    private static func session(at instant: ContinuousClock.Instant, _ s: State) -> Duration {
        s.anchorSession + s.anchorReal.duration(to: instant) * s.factor
    }

    var elapsed: Duration { state.withLock { Self.session(at: real.now, $0) } }
    var factor: Double { state.withLock { $0.factor } }
    var slowest: Double { state.withLock { $0.slowest } }

    /// Runs at the factor the most demanding waiting sleeper allows.
    private static func refactor(_ s: inout State, at now: ContinuousClock.Instant) {
        let tightest = s.waiting.keys.min()
        let factor = s.pacing.factor(tolerating: tightest)
        guard factor != s.factor else { return }
        s.anchorSession = session(at: now, s)
        s.anchorReal = now
        s.factor = factor
        s.slowest = min(s.slowest, factor)
        s.generation &+= 1
    }

    func sleep(until deadline: Duration, tolerance: Duration?) async throws {
        let tolerated = state.withLock { s in
            let t = tolerance ?? s.pacing.budget
            s.waiting[t, default: 0] += 1
            Self.refactor(&s, at: real.now)
            return t
        }
        defer {
            state.withLock { s in
                if let n = s.waiting[tolerated], n > 1 { s.waiting[tolerated] = n - 1 } else { s.waiting[tolerated] = nil }
                Self.refactor(&s, at: real.now)
            }
        }
        var generation: Int?
        while true {
            let (remaining, factor, current) = state.withLock { s in
                (deadline - Self.session(at: real.now, s), s.factor, s.generation)
            }
            guard remaining > .zero else { break }
            generation = current
            try await real.sleep(for: min(remaining / factor, Self.nap))
        }
        try Task.checkCancellation()
        // A deadline already past when asked for counts too: it is how a periodic loop that cannot do
        // its work within its period (a poller reading a slow bus) shows that the process falls behind.
        state.withLock { s in
            guard generation == nil || generation == s.generation else { return }
            let now = real.now
            let late = Self.session(at: now, s) - deadline
            s.pacing.observe(lateness: late / s.factor, now: origin.duration(to: now))
            Self.refactor(&s, at: now)
        }
    }
}
