/// An actor's inbox: every input (timer ticks, sensor readings, requests from other actors) becomes one
/// event here, handled one at a time by the actor's run loop. Sending never blocks or waits.
public struct Mailbox<Event: Sendable>: Sendable {
    /// What the run loop reads: the actor's events, and failures injected by supervision's hook.
    enum Item: Sendable {
        case event(Event)
        case fault(InjectedFailure)
    }

    private let items: AsyncStream<Item>
    private let sink: AsyncStream<Item>.Continuation

    public init() {
        (items, sink) = AsyncStream.makeStream()
    }

    public func send(_ event: Event) {
        sink.yield(.event(event))
    }

    /// The fault-injection hook: the run loop throws `failure` when it reaches it, after the events
    /// sent before it, exactly where a failing handler would throw, so the actor goes down through its
    /// own failure path and the supervisor restarts it.
    public func inject(_ failure: InjectedFailure) {
        sink.yield(.fault(failure))
    }

    /// Forwards a stream into the mailbox until the stream ends or the task is cancelled.
    ///
    /// Run it in a task that outlives the actor's restarts (see `Forwarders`): cancelling the
    /// iteration of an `AsyncStream` finishes that stream for good, so a forwarder cancelled by a
    /// failing run loop would leave the restarted actor deaf.
    public func forward<S: AsyncSequence & Sendable>(_ stream: S, as wrap: @escaping @Sendable (S.Element) -> Event) async
    where S.Element: Sendable {
        do {
            for try await element in stream { send(wrap(element)) }
        } catch {}
    }
}

import Platform

extension Mailbox {
    /// Sends `event` every `interval` of session time until cancelled. If the process falls behind
    /// (a heavily accelerated simulation), ticks are skipped rather than bunched.
    public func tick(every interval: Duration, clock: SessionClock, _ event: Event) async {
        var next = clock.now
        while !Task.isCancelled {
            next = next.advanced(by: interval)
            let now = clock.now
            if next < now { next = now }
            do { try await clock.sleep(until: next) } catch { return }
            send(event)
        }
    }
}

/// The tasks that forward an actor's input streams into its mailbox. They are started once and live
/// until the actor shuts down, across restarts of its run loop.
public struct Forwarders: Sendable {
    private var tasks: [Task<Void, Never>] = []

    public init() {}

    public var isRunning: Bool { !tasks.isEmpty }

    public mutating func start(_ bodies: [@Sendable () async -> Void]) {
        guard tasks.isEmpty else { return }
        tasks = bodies.map { body in Task { await body() } }
    }

    public mutating func stop() {
        tasks.forEach { $0.cancel() }
        tasks = []
    }
}

import ServiceLifecycle

extension Mailbox {
    /// The run loop every actor shares: a heartbeat tick every `interval`, the given side tasks,
    /// graceful shutdown delivered as the `shutdown` event, and the events handled one at a time, on
    /// the calling actor, until `handle` returns true. A throwing handler ends the loop with its error
    /// (and cancels the tick and side tasks), so the supervisor can restart the actor.
    public func runLoop(tick: Event, every interval: Duration, shutdown: Event, clock: SessionClock,
                        alongside: [@Sendable () async -> Void] = [],
                        isolation: isolated (any Actor)? = #isolation,
                        handle: (Event) async throws -> Bool) async throws {
        try await withGracefulShutdownHandler {
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask { await self.tick(every: interval, clock: clock, tick) }
                for body in alongside { group.addTask { await body() } }
                loop: for await item in items {
                    switch item {
                    case .event(let event):
                        if try await handle(event) { break loop }
                    case .fault(let failure):
                        throw failure
                    }
                }
                group.cancelAll()
            }
        } onGracefulShutdown: {
            self.send(shutdown)
        }
    }
}
