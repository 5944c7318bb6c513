import Synchronization

/// Session time that runs at a `Pacing`'s factor: a piecewise-linear map from real time, re-anchored at
/// each change of factor so that session time never jumps or runs backwards.
///
/// Nor does it leap when the whole process stalls (a loaded or emulated machine deschedules it): real
/// time that passes between two readings of the timeline beyond `stallAllowance` is not session time.
/// At 150× a 70 ms stall would otherwise be 10 s of a walk in which no timer ran, no fix arrived and no
/// message moved, and the guidance would rightly, and falsely, warn that the GPS went quiet. While
/// anything waits on the timeline it is read at least every `nap`, so only a stall loses time.
package final class PacedTimeline: Sendable {
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
        /// When the watched loops' idle times were last read, the session time then, and what they were.
        var loadSampledAt: ContinuousClock.Instant
        var sessionAtSample: Duration = .zero
        var idleAtSample: [Duration]
        /// The latest real time the timeline was read at.
        var lastRead: ContinuousClock.Instant
    }

    private let real = ContinuousClock()
    /// Real time, injectable so that a test can stall the process without stalling itself.
    private let readReal: @Sendable () -> ContinuousClock.Instant
    private let origin: ContinuousClock.Instant
    private let state: Mutex<State>
    /// The longest a sleeper naps before it looks at the factor again, so that a clock speeding up does
    /// not leave it asleep past its deadline.
    private static let nap: Duration = .milliseconds(10)
    /// The loops whose load caps the factor (`Pacing.observe(load:atFactor:)`).
    private let loops: [EventLoop]
    /// The shortest window a load is measured over: long enough to hold a few of the loop's bursts.
    private static let loadWindow: Duration = .milliseconds(250)
    /// The most real time between two readings that counts as session time: four naps, a wake-up
    /// that is late by more is a stall.
    package static let stallAllowance: Duration = nap * 4
    /// The factor a clock that watches loops starts at (`Pacing.init(maximum:budget:start:)`): at 10×,
    /// a start that keeps a loop busy for a quarter of a second costs a walk 2.5 s, well inside what
    /// any of its timeouts tolerate.
    static let startFactor = 10.0

    package init(maximum: Double, watching loops: [EventLoop] = [],
         realNow: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        readReal = realNow
        origin = realNow()
        self.loops = loops
        let pacing = Pacing(maximum: maximum, start: loops.isEmpty ? nil : Self.startFactor)
        state = Mutex(State(pacing: pacing, factor: pacing.factor(), slowest: pacing.maximum,
                            anchorReal: origin, anchorSession: .zero,
                            loadSampledAt: origin, idleAtSample: loops.map(\.idleTime), lastRead: origin))
    }

    /// Real time now, with a stall since the last reading cut to `stallAllowance` by moving the
    /// anchor: session time goes on from where the stall began.
    private func readNow(_ s: inout State) -> ContinuousClock.Instant {
        let now = readReal()
        guard now > s.lastRead else { return s.lastRead }
        let gap = s.lastRead.duration(to: now)
        if gap > Self.stallAllowance {
            s.anchorSession = Self.session(at: s.lastRead, s) + Self.stallAllowance * s.factor
            s.anchorReal = now
            // A sleeper whose nap spans the stall would take the stall for its own lateness, and a
            // load window that spans it would measure the stall, not the loops.
            s.generation &+= 1
            s.loadSampledAt = now
            s.sessionAtSample = s.anchorSession
            s.idleAtSample = loops.map(\.idleTime)
        }
        s.lastRead = now
        return now
    }

    /// Feeds the busiest loop's load over the window since the last sample, once the window is long
    /// enough.
    private func sampleLoad(_ s: inout State, at now: ContinuousClock.Instant) {
        guard !loops.isEmpty else { return }
        let window = s.loadSampledAt.duration(to: now)
        guard window >= Self.loadWindow else { return }
        let idle = loops.map(\.idleTime)
        let busiest = zip(idle, s.idleAtSample).map { now, before in 1 - (now - before) / window }.max() ?? 0
        // The load belongs to the factor the clock ran at on average over the window, not to the one
        // it runs at now (a touch may just have slowed it down).
        let session = Self.session(at: now, s)
        s.pacing.observe(load: min(1, max(0, busiest)), atFactor: (session - s.sessionAtSample) / window)
        s.loadSampledAt = now
        s.sessionAtSample = session
        s.idleAtSample = idle
    }

    private static func session(at instant: ContinuousClock.Instant, _ s: State) -> Duration {
        s.anchorSession + s.anchorReal.duration(to: instant) * s.factor
    }

    package var elapsed: Duration { state.withLock { s in Self.session(at: readNow(&s), s) } }
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
        if !s.pacing.isStarting { s.slowest = min(s.slowest, factor) }
        s.generation &+= 1
    }

    nonisolated(nonsending) func sleep(until deadline: Duration, tolerance: Duration?) async throws {
        let tolerated = state.withLock { s in
            let t = tolerance ?? s.pacing.budget
            s.waiting[t, default: 0] += 1
            Self.refactor(&s, at: readNow(&s))
            return t
        }
        defer {
            state.withLock { s in
                if let n = s.waiting[tolerated], n > 1 { s.waiting[tolerated] = n - 1 } else { s.waiting[tolerated] = nil }
                Self.refactor(&s, at: readNow(&s))
            }
        }
        var generation: Int?
        while true {
            let (remaining, factor, current) = state.withLock { s in
                (deadline - Self.session(at: readNow(&s), s), s.factor, s.generation)
            }
            guard remaining > .zero else { break }
            generation = current
            try await real.sleep(for: min(remaining / factor, Self.nap))
        }
        try Task.checkCancellation()
        // A deadline already past when asked for counts too: it is how a periodic loop that cannot do
        // its work within its period (a poller reading a slow bus) shows that the process falls behind.
        state.withLock { s in
            let now = readNow(&s)
            guard generation == nil || generation == s.generation else { return }
            let late = Self.session(at: now, s) - deadline
            s.pacing.observe(lateness: late / s.factor, now: origin.duration(to: now))
            sampleLoad(&s, at: now)
            Self.refactor(&s, at: now)
        }
    }
}
