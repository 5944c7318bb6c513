/// The process's one source of time: a monotonic timeline that starts at zero when the session starts.
///
/// Every actor takes it by injection. Production uses the continuous clock; the simulated board runs it
/// faster than real time; tests drive any `Clock` (a test clock) by hand. Pure cores never see it —
/// they receive `now` as a `Duration` on this timeline.
package struct SessionClock: Clock {
    package typealias Instant = SessionInstant

    private let readElapsed: @Sendable () -> Duration
    private let sleeper: nonisolated(nonsending) @Sendable (Duration, Duration?) async throws -> Void
    private let readFactor: @Sendable () -> Double
    private let readSlowest: @Sendable () -> Double
    /// How many seconds of session time pass per real second now (1 in production).
    package var accelerationFactor: Double { readFactor() }
    /// The slowest factor the clock has run at: below the requested one when a paced clock had to slow
    /// down for the process to keep up.
    package var slowestAccelerationFactor: Double { readSlowest() }

    /// A timeline on any clock measured in `Duration` (ContinuousClock, a test clock…).
    package init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let start = clock.now
        readElapsed = { start.duration(to: clock.now) }
        sleeper = { deadline, _ in try await clock.sleep(until: start.advanced(by: deadline), tolerance: nil) }
        readFactor = { 1 }
        readSlowest = { 1 }
    }

    /// A timeline whose time and timers another keeps: `elapsed` reads it and `sleep` waits until a
    /// time on it. `sleep` runs where its caller runs (`nonisolated(nonsending)`), so a timer is set
    /// before the caller suspends: a test's loop that moves time on by hand (`TestEventLoop`) finds
    /// every timer an actor it drained has set.
    package init(elapsed: @escaping @Sendable () -> Duration,
                sleep: nonisolated(nonsending) @escaping @Sendable (Duration) async throws -> Void) {
        readElapsed = elapsed
        sleeper = { deadline, _ in try await sleep(deadline) }
        readFactor = { 1 }
        readSlowest = { 1 }
    }

    private init(factor: Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let elapsed: @Sendable () -> Duration = { start.duration(to: clock.now) * factor }
        self.readElapsed = elapsed
        sleeper = { deadline, _ in
            let remaining = deadline - elapsed()
            if remaining > .zero { try await clock.sleep(for: remaining / factor) } else { try Task.checkCancellation() }
        }
        readFactor = { factor }
        readSlowest = { factor }
    }

    private init(timeline: PacedTimeline) {
        readElapsed = { timeline.elapsed }
        sleeper = { deadline, tolerance in try await timeline.sleep(until: deadline, tolerance: tolerance) }
        readFactor = { timeline.factor }
        readSlowest = { timeline.slowest }
    }

    /// Real time. Its sleepers wait on the event loop they run on (the simulated devices' on theirs),
    /// else on the process's (`EventLoop.shared`): a timer costs that loop's `poll` timeout, not a
    /// libdispatch timer and a thread hand-off. A sleeper's `tolerance` is its leeway there: it may
    /// wake that much later, with another wake-up of the loop.
    package static func continuous() -> SessionClock {
        SessionClock(loop: EventLoop.shared)
    }

    private init(loop: EventLoop) {
        let clock = ContinuousClock()
        let start = clock.now
        readElapsed = { start.duration(to: clock.now) }
        sleeper = { deadline, tolerance in
            try await (EventLoop.current ?? loop).sleep(until: start.advanced(by: deadline), leeway: tolerance ?? .zero)
        }
        readFactor = { 1 }
        readSlowest = { 1 }
    }

    /// Session time runs `factor` times faster than real time (the simulated board's time acceleration).
    package static func accelerated(by factor: Double) -> SessionClock {
        factor == 1 ? .continuous() : SessionClock(factor: factor)
    }

    /// Session time runs up to `factor` times faster than real time, and no faster than keeps the waiting
    /// sleepers punctual and `loops` below their target load (`Pacing`): the simulated board's clock,
    /// so that a slow or emulated CPU walks the same walk, only taking longer.
    package static func paced(upTo factor: Double, watching loops: [EventLoop] = []) -> SessionClock {
        factor <= 1 ? .continuous() : SessionClock(timeline: PacedTimeline(maximum: factor, watching: loops))
    }

    /// Time since the session started, the form pure cores take.
    package var elapsed: Duration { readElapsed() }

    package var now: SessionInstant { SessionInstant(offset: readElapsed()) }

    package var minimumResolution: Duration { .nanoseconds(1) }

    /// `tolerance` is how late in session time this sleeper may wake. On a paced clock, while it
    /// waits, the clock runs no faster than keeps it that punctual (`Pacing`); on real time
    /// (`continuous()`) it is the timer's leeway on the event loop (`LoopTimers`). Other clocks
    /// ignore it.
    ///
    /// The sleep runs where its caller runs (`nonisolated(nonsending)`, SE-0461): an actor's timer
    /// waits on the actor's event loop and wakes there, instead of hopping to a libdispatch thread to
    /// start the sleep and back to the loop to resume (a plain nonisolated `async` function runs on
    /// the global executor, SE-0338).
    package nonisolated(nonsending) func sleep(until deadline: SessionInstant, tolerance: Duration? = nil) async throws {
        try await sleeper(deadline.offset, tolerance)
    }

    /// `Clock.sleep(for:tolerance:)`, on the caller's executor like `sleep(until:tolerance:)`.
    package nonisolated(nonsending) func sleep(for duration: Duration, tolerance: Duration? = nil) async throws {
        try await sleeper(readElapsed() + duration, tolerance)
    }
}

/// A point on the session timeline: the time since the session started.
package struct SessionInstant: InstantProtocol, CustomStringConvertible {
    package var offset: Duration

    package init(offset: Duration) {
        self.offset = offset
    }

    package func advanced(by duration: Duration) -> SessionInstant { SessionInstant(offset: offset + duration) }

    package func duration(to other: SessionInstant) -> Duration { other.offset - offset }

    package static func < (lhs: SessionInstant, rhs: SessionInstant) -> Bool { lhs.offset < rhs.offset }

    package var description: String { "t+\(offset.clockString)" }
}
