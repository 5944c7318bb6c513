import Platform

/// An actor's inbox: every input (timer ticks, sensor readings, requests from other actors) becomes one
/// event here, handled one at a time by the actor's run loop. Sending never blocks or waits.
package struct Mailbox<Event: Sendable>: Sendable {
    /// What the run loop reads: the actor's events, and failures injected by supervision's hook.
    enum Item: Sendable {
        case event(Event)
        case fault(InjectedFailure)
    }

    private let items: AsyncStream<Item>
    private let sink: AsyncStream<Item>.Continuation
    /// What the watchdog reads to tell a working actor from a stuck one.
    package let progress = MailboxProgress()
    /// The owning actor's executor: its alarms and its run loop's side tasks run there too.
    package let executor: any ActorExecutor

    package init(executor: any ActorExecutor = EventLoop.preferred) {
        self.executor = executor
        (items, sink) = AsyncStream.makeStream()
    }

    package func send(_ event: Event) {
        progress.didSend()
        sink.yield(.event(event))
    }

    /// The fault-injection hook: the run loop throws `failure` when it reaches it, after the events
    /// sent before it, exactly where a failing handler would throw, so the actor goes down through its
    /// own failure path and the supervisor restarts it.
    package func inject(_ failure: InjectedFailure) {
        progress.didSend()
        sink.yield(.fault(failure))
    }

    /// Forwards a stream into the mailbox until the stream ends or the task is cancelled.
    ///
    /// Run it in a task that outlives the actor's restarts (see `Forwarders`): cancelling the
    /// iteration of an `AsyncStream` finishes that stream for good, so a forwarder cancelled by a
    /// failing run loop would leave the restarted actor deaf.
    package func forward<S: AsyncSequence & Sendable>(_ stream: S, as wrap: @escaping @Sendable (S.Element) -> Event) async
    where S.Element: Sendable {
        do {
            for try await element in stream { send(wrap(element)) }
        } catch {}
    }
}

extension Mailbox {
    /// Sends `event` at `deadline` of session time, unless cancelled first: one wake-up an actor
    /// asked for (its core's next deadline), not a ticker. `tolerance` is how late in session time
    /// the alarm may come (`SessionClock.sleep(until:tolerance:)`).
    package func alarm(at deadline: Duration, clock: SessionClock, tolerance: Duration? = nil, _ event: Event) -> Task<Void, Never> {
        Task(executorPreference: executor) {
            do { try await clock.sleep(until: SessionInstant(offset: deadline), tolerance: tolerance) } catch { return }
            send(event)
        }
    }
}

/// The tasks that forward an actor's input streams into its mailbox. They are started once and live
/// until the actor shuts down, across restarts of its run loop.
package struct Forwarders: Sendable {
    private var tasks: [Task<Void, Never>] = []

    package init() {}

    package var isRunning: Bool { !tasks.isEmpty }

    /// Starts `bodies` as tasks on `executor` (the actor's), unless they run already.
    package mutating func start(on executor: any ActorExecutor, _ bodies: [@Sendable () async -> Void]) {
        guard tasks.isEmpty else { return }
        tasks = bodies.map { body in Task(executorPreference: executor) { await body() } }
    }

    package mutating func stop() {
        tasks.forEach { $0.cancel() }
        tasks = []
    }
}

import ServiceLifecycle

extension Mailbox {
    /// The run loop every actor shares: the given side tasks, graceful shutdown delivered as the
    /// `shutdown` event, and the events handled one at a time, on the calling actor, until `handle`
    /// returns true. It wakes only for an event: an actor with timed work asks for an `alarm`. A
    /// throwing handler ends the loop with its error (and cancels the side tasks), so the supervisor
    /// can restart the actor.
    package func runLoop(shutdown: Event, alongside: [@Sendable () async -> Void] = [],
                        isolation: isolated (any Actor)? = #isolation,
                        handle: (Event) async throws -> Bool) async throws {
        try await withGracefulShutdownHandler {
            try await withThrowingDiscardingTaskGroup { group in
                for body in alongside { group.addTask(executorPreference: executor) { await body() } }
                loop: for await item in items {
                    switch item {
                    case .event(let event):
                        // A handler that throws has finished its event too: the restarted loop
                        // must not look stuck on it.
                        let stop: Bool
                        do { stop = try await handle(event) } catch {
                            progress.didFinish()
                            throw error
                        }
                        progress.didFinish()
                        if stop { break loop }
                    case .fault(let failure):
                        progress.didFinish()
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
