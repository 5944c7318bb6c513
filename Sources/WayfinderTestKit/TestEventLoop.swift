#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Platform
import Synchronization

/// An executor for actors and tasks that runs their jobs only when the test says so, on the test's
/// own thread, with a session clock that moves only when the test moves it: swift-nio's
/// `EmbeddedEventLoop` for Swift concurrency.
///
/// Give it to every actor of the test (their `executor:`) and build their clock from it (`clock`).
/// Then a test sends an actor its input, `drain()`s, and asserts; it moves time with `advance(by:)`,
/// which fires each timer due at its own instant and drains after each. Nothing waits on the wall
/// clock: when `drain()` returns, every job that could run has run, so "nothing happened" is a
/// check made at once.
///
/// A test never `await`s a method of an actor on this loop directly: that job would wait for a drain
/// that the waiting test cannot make. It calls `run { await actor.method() }`, which starts the body
/// as a task on the loop and drains until it returns, or fails with `TestEventLoopError.stalled` when
/// the body waits for something the loop cannot give (a timer not yet due, input not yet sent). A
/// long-lived task (an actor's `run()`) is started with `spawn`, and runs at the next drain.
///
/// Descriptors the loop's actors watch (their links' sockets, `ActorExecutor.watch`) are polled
/// without blocking whenever the loop runs out of jobs, and their handlers run as jobs do: both ends
/// of a socketpair on this loop (a GATT client and the simulated device it talks to) exchange every
/// packet within one `drain()`, since a packet sent on a socketpair is in its peer's buffer when
/// `send` returns. A descriptor whose other end is another thread's or process's (a pty, a child) is
/// read when its data has arrived, which the loop does not wait for.
///
/// Work on another thread (a kernel socket's loop, the global pool) is not run here and not waited
/// for: what such work enqueues is run by the next drain after it arrived.
package final class TestEventLoop: ActorExecutor, @unchecked Sendable {
    private struct Timer {
        var deadline: Duration
        var id: UInt64
        var continuation: UnsafeContinuation<Void, any Error>
    }

    private struct State {
        var jobs: [UnownedJob] = []
        var closures: [@Sendable () -> Void] = []
        /// Descriptors polled for input when the jobs run out, and what to call when one has some.
        var watches: [Int32: @Sendable () -> Void] = [:]
        /// Ordered by deadline, equal deadlines in the order they were set.
        var timers: [Timer] = []
        var now: Duration = .zero
        var nextTimerID: UInt64 = 0
        /// The thread draining the loop (`pthread_self`), 0 when none: jobs run only there.
        var drainingThread: UInt = 0
    }

    private let state = Mutex(State())

    package init() {}

    // MARK: Executor

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.jobs.append(job) }
    }

    package func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

    package func checkIsolated() {
        precondition(isDrainingThread, "expected to run inside TestEventLoop.drain()")
    }

    /// Whether the caller runs inside this loop's `drain()`.
    package var isDrainingThread: Bool { state.withLock { $0.drainingThread } == UInt(pthread_self()) }

    /// How many jobs are queued and not yet run.
    package var pendingJobs: Int { state.withLock { $0.jobs.count } }

    /// How many timers are set and not yet due.
    package var pendingTimers: Int { state.withLock { $0.timers.count } }

    /// How many descriptors are watched.
    package var watchedDescriptors: Int { state.withLock { $0.watches.count } }

    // MARK: Closures and descriptors

    package func execute(_ body: @escaping @Sendable () -> Void) {
        state.withLock { $0.closures.append(body) }
    }

    package func watch(_ fd: Int32, readable: @escaping @Sendable () -> Void) {
        state.withLock { $0.watches[fd] = readable }
    }

    package func unwatch(_ fd: Int32) {
        state.withLock { _ = $0.watches.removeValue(forKey: fd) }
    }

    // MARK: Running

    /// Runs every queued job and closure, and every one those enqueue, in order, on the calling
    /// thread; when none is left, polls the watched descriptors without blocking and runs the
    /// handlers of those with input, and so on until no job is queued and no descriptor has input.
    /// Returns how many jobs, closures and handlers ran. Not from inside a job of this loop (that job
    /// would run the jobs queued behind it before it finished).
    @discardableResult
    package func drain() -> Int {
        let me = UInt(pthread_self())
        state.withLock { s in
            precondition(s.drainingThread == 0, "TestEventLoop.drain() called while the loop is already draining")
            s.drainingThread = me
        }
        defer { state.withLock { $0.drainingThread = 0 } }
        var ran = 0
        var batch: [UnownedJob] = []
        var closures: [@Sendable () -> Void] = []
        // Handlers that found input but left the loop with nothing to do, in a row: a descriptor that
        // stays readable while its handler reads nothing would keep the loop busy for ever.
        var idleRounds = 0
        while true {
            state.withLock { s in
                swap(&batch, &s.jobs)
                swap(&closures, &s.closures)
            }
            if batch.isEmpty && closures.isEmpty {
                let handlers = readyHandlers()
                if handlers.isEmpty { return ran }
                idleRounds += 1
                precondition(idleRounds < 10_000, "TestEventLoop: a watched descriptor stays readable and its handler reads nothing")
                for handler in handlers { handler() }
                ran += handlers.count
                continue
            }
            idleRounds = 0
            for job in batch {
                job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
            }
            for closure in closures { closure() }
            ran += batch.count + closures.count
            batch.removeAll(keepingCapacity: true)
            closures.removeAll(keepingCapacity: true)
        }
    }

    /// The handlers of the watched descriptors that have input, have hung up or are in error now
    /// (poll(2) with a zero timeout), in descriptor order.
    private func readyHandlers() -> [@Sendable () -> Void] {
        let watched = state.withLock { $0.watches.keys.sorted() }
        guard !watched.isEmpty else { return [] }
        var fds = watched.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&fds, nfds_t(fds.count), 0) > 0 else { return [] }
        let ready = fds.filter { $0.revents != 0 }.map(\.fd)
        // Looked up again: a handler may only run while its descriptor is still watched.
        return state.withLock { s in ready.compactMap { fd in s.watches[fd] } }
    }

    /// Starts `body` as a task on this loop; it runs at the next `drain()` (or `run`, `advance`).
    @discardableResult
    package func spawn(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        // Wrapped as `run` wraps its body, so that tasks spawned and run start in the order given.
        Task(executorPreference: self) { await body() }
    }

    /// Drains what is queued, then runs `body` as a task on this loop and drains until it has
    /// returned, giving its result.
    /// Throws `body`'s error, or `TestEventLoopError.stalled` when the loop ran dry before `body`
    /// returned (it waits for a timer `advance(by:)` would fire, or for input the test has not sent):
    /// the body is then cancelled and drained once more, so it does not outlive the call.
    package func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        drain()
        let result = Mutex<Result<T, any Error>?>(nil)
        let task = Task(executorPreference: self) {
            let outcome: Result<T, any Error>
            do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
            result.withLock { $0 = outcome }
        }
        drain()
        if let outcome = result.withLock({ $0 }) { return try outcome.get() }
        task.cancel()
        drain()
        throw TestEventLoopError.stalled(pendingTimers: pendingTimers)
    }

    // MARK: Time

    /// Session time on this loop: zero until `advance(by:)` moves it.
    package var now: Duration { state.withLock { $0.now } }

    /// A session clock on this loop's time: its sleepers wake in `advance(by:)`.
    package var clock: SessionClock {
        SessionClock(elapsed: { [self] in now }, sleep: { [self] deadline in try await sleep(until: deadline) })
    }

    /// Moves session time on by `duration`. The loop is drained first; then each timer due by the
    /// new time fires at its own instant (the clock reads its deadline), in deadline order, and the
    /// loop is drained after each, so a timer set by a woken job fires too if it is due in the span.
    package func advance(by duration: Duration) {
        advance(to: now + duration)
    }

    /// Moves session time on to `target` (never back), as `advance(by:)`.
    package func advance(to target: Duration) {
        drain()
        while let due = state.withLock({ s -> UnsafeContinuation<Void, any Error>? in
            guard let first = s.timers.first, first.deadline <= target else { return nil }
            s.timers.removeFirst()
            s.now = max(s.now, first.deadline)
            return first.continuation
        }) {
            due.resume()
            drain()
        }
        state.withLock { $0.now = max($0.now, target) }
        drain()
    }

    /// Suspends the caller until session time reaches `deadline` in `advance(by:)`, or at once when
    /// it has. A cancelled caller is woken with `CancellationError`. It runs where its caller runs, so
    /// the timer is set before the caller suspends.
    package nonisolated(nonsending) func sleep(until deadline: Duration) async throws {
        try Task.checkCancellation()
        let id = state.withLock { s -> UInt64 in
            s.nextTimerID &+= 1
            return s.nextTimerID
        }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let (due, cancelled) = state.withLock { s -> (Bool, Bool) in
                    if Task.isCancelled { return (false, true) }
                    if deadline <= s.now { return (true, false) }
                    // After every timer due no later, so equal deadlines fire in the order they were set.
                    let index = s.timers.firstIndex { $0.deadline > deadline } ?? s.timers.endIndex
                    s.timers.insert(Timer(deadline: deadline, id: id, continuation: continuation), at: index)
                    return (false, false)
                }
                if cancelled { continuation.resume(throwing: CancellationError()) } else if due { continuation.resume() }
            }
        } onCancel: {
            let cancelled = state.withLock { s -> UnsafeContinuation<Void, any Error>? in
                guard let index = s.timers.firstIndex(where: { $0.id == id }) else { return nil }
                return s.timers.remove(at: index).continuation
            }
            cancelled?.resume(throwing: CancellationError())
        }
    }
}
