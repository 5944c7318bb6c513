// In whole-module (release) builds sys/socket.h's constants are owned by the CBluetooth module.
import CBluetooth
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// One thread that runs the jobs of the actors and tasks given to it, and their timers, in order.
///
/// Why: on the default executors every hop between two actors wakes a second thread of the global
/// pool, and every timer fires on libdispatch's manager thread, which wakes a pool thread in turn,
/// about five context switches per event (docs/performance.md). A Pi on a battery pays for each. On
/// one loop a hop is a queue append, and a timer is the timeout of the one `poll` the loop sleeps in,
/// as in SwiftNIO's `SelectableEventLoop`.
///
/// It is an actor's executor (`SerialExecutor`: declare `unownedExecutor` as `loop.unownedExecutor`)
/// and a task's (`TaskExecutor`: `Task(executorPreference: loop)`). Work that blocks — an I2C
/// transfer, an fsync — must not run here: it would hold up every actor on the loop.
package final class EventLoop: ActorExecutor, @unchecked Sendable {
    private struct State {
        var jobs: [UnownedJob] = []
        var closures: [@Sendable () -> Void] = []
        /// Descriptors polled for input, and what to call on the loop when one has some.
        var watches: [Int32: @Sendable () -> Void] = [:]
        var timers = LoopTimers<UnsafeContinuation<Void, any Error>>()
        var nextTimerID: UInt64 = 0
        /// The loop is in `poll` (or about to be): an enqueue from another thread must wake it.
        var parked = false
        var stopping = false
        /// The loop's thread has ended and closed its socket pair: nothing may write to it.
        var exited = false
    }

    private let state = Mutex(State())
    /// The loop polls `wakeFD`; another thread writes a byte to `signalFD` to wake it. A socket pair,
    /// as in `StopFlag`, for its atomic close-on-exec flag.
    private let wakeFD: Int32
    private let signalFD: Int32
    private let clock = ContinuousClock()
    /// The loop thread (`pthread_self`), for "already on the loop": no wake needed.
    private let thread = Atomic<UInt>(0)
    /// Nanoseconds the loop has spent parked in `poll`, for `idleTime`.
    private let parkedNanoseconds = Atomic<Int64>(0)

    /// How long the loop has been parked with nothing to do since it started. Its share of a window of
    /// real time is how much of the loop's one thread was free: a paced simulation clock watches it so
    /// as not to run faster than the loop keeps up (`Pacing`).
    package var idleTime: Duration { .nanoseconds(parkedNanoseconds.load(ordering: .relaxed)) }

    /// Starts the loop's thread, named `name` (what `top -H` shows; the kernel keeps 15 bytes). Fails
    /// only when the system refuses a socket pair or a thread.
    package init(name: String = "wf-loop") throws(EventLoopError) {
        var ends: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        guard socketpair(AF_UNIX, type, 0, &ends) == 0 else { throw EventLoopError(call: "socketpair", errno: errno) }
        wakeFD = ends[0]
        signalFD = ends[1]
        if let rc = DetachedThread.start(name: name, { [self] in run() }) {
            close(wakeFD)
            close(signalFD)
            throw EventLoopError(call: "pthread_create", errno: rc)
        }
        Self.running.withLock { $0.append(self) }
    }

    /// The loops whose threads run, for `current`.
    private static let running = Mutex<[EventLoop]>([])

    /// The loop whose thread the caller runs on, if it runs on one: a sleeper there is best woken by
    /// that loop's own `poll`, not by another loop's handing it a job.
    package static var current: EventLoop? {
        running.withLock { loops in loops.first { $0.isLoopThread } }
    }

    /// Ends the loop after the jobs already queued; sleepers are woken with `CancellationError`.
    package func stop() {
        state.withLock { $0.stopping = true }
        wake()
    }

    // MARK: Executor

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let mustWake = state.withLock { s -> Bool in
            s.jobs.append(job)
            return s.parked
        }
        if mustWake && !isLoopThread { wake() }
    }

    package var unownedExecutor: UnownedSerialExecutor { asUnownedSerialExecutor() }

    package func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

    package func checkIsolated() {
        precondition(isLoopThread, "expected to run on the event loop's thread")
    }

    /// Whether the caller runs on this loop's thread.
    package var isLoopThread: Bool { thread.load(ordering: .relaxed) == UInt(pthread_self()) }

    // MARK: Closures and descriptors

    /// Runs `body` on the loop's thread, after the jobs already queued.
    package func execute(_ body: @escaping @Sendable () -> Void) {
        let mustWake = state.withLock { s -> Bool in
            s.closures.append(body)
            return s.parked
        }
        if mustWake && !isLoopThread { wake() }
    }

    /// Calls `readable` on the loop's thread whenever `fd` has input, has hung up or is in error
    /// (poll(2)), until `unwatch(fd)`. The owner closes the descriptor only on the loop's thread, after
    /// `unwatch` (from `readable` or an `execute` body): the loop never polls a descriptor number that
    /// was closed and reused elsewhere. `readable` reads without blocking (`MSG_DONTWAIT`) and a
    /// bounded amount, since everything on the loop waits for it.
    package func watch(_ fd: Int32, readable: @escaping @Sendable () -> Void) {
        let mustWake = state.withLock { s -> Bool in
            s.watches[fd] = readable
            return s.parked
        }
        if mustWake && !isLoopThread { wake() }
    }

    /// Stops polling `fd`. Call it on the loop's thread, before closing the descriptor.
    package func unwatch(_ fd: Int32) {
        state.withLock { _ = $0.watches.removeValue(forKey: fd) }
    }

    // MARK: Timers

    /// How many sleepers wait for their deadline: a test of the loop polls it to know a sleeper
    /// started on another thread has arrived.
    package var pendingTimers: Int { state.withLock { $0.timers.count } }

    /// Suspends the caller until `deadline` on the continuous clock, or up to `leeway` later when the
    /// loop wakes then anyway (`LoopTimers`); a cancelled caller is woken at once with
    /// `CancellationError`. The wake-up is a job on whichever executor the caller runs on, and the
    /// call itself stays there (`nonisolated(nonsending)`).
    package nonisolated(nonsending) func sleep(until deadline: ContinuousClock.Instant, leeway: Duration = .zero) async throws {
        let id = state.withLock { s -> UInt64 in
            s.nextTimerID &+= 1
            return s.nextTimerID
        }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let (refused, mustWake) = state.withLock { s -> (Bool, Bool) in
                    if s.stopping || Task.isCancelled { return (true, false) }
                    s.timers.insert(continuation, id: id, deadline: deadline, leeway: leeway)
                    return (false, s.parked)
                }
                if refused { continuation.resume(throwing: CancellationError()) }
                else if mustWake && !isLoopThread { wake() }
            }
        } onCancel: {
            let cancelled = state.withLock { $0.timers.remove(id: id) }
            cancelled?.resume(throwing: CancellationError())
        }
    }

    // MARK: The loop

    private func wake() {
        // A full socket buffer means the loop is already due to wake. Under the lock, so that the
        // loop's exit cannot close the descriptor (and its number be reused) between the check and
        // the write.
        state.withLock { s in
            guard !s.exited else { return }
            var byte: UInt8 = 1
            _ = write(signalFD, &byte, 1)
        }
    }

    private func run() {
        thread.store(UInt(pthread_self()), ordering: .relaxed)
        var batch: [UnownedJob] = []
        var closures: [@Sendable () -> Void] = []
        var fds: [pollfd] = []
        while true {
            // Take the queued work and the timers that are due, or park until the next deadline.
            let now = clock.now
            let (due, timeout, stopping) = state.withLock { s -> ([UnsafeContinuation<Void, any Error>], Int32, Bool) in
                swap(&batch, &s.jobs)
                swap(&closures, &s.closures)
                // Every timer past its deadline runs on this pass, those with a leeway too: a wake-up
                // for one timer or a packet carries the lenient ones along.
                let due = s.stopping ? s.timers.takeAll() : s.timers.takeDue(at: now)
                let next = s.timers.wakeTime
                let idle = batch.isEmpty && due.isEmpty && closures.isEmpty
                // A stopping loop never blocks: work enqueued while it winds down is run on the next
                // pass, and it ends on the first pass that finds none.
                s.parked = idle && !s.stopping
                return (due, s.parked ? Self.pollTimeout(from: now, to: next) : 0, s.stopping)
            }
            for continuation in due {
                if stopping { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
            }
            for body in closures { body() }
            closures.removeAll(keepingCapacity: true)
            for job in batch {
                job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
            }
            batch.removeAll(keepingCapacity: true)
            if stopping && due.isEmpty && state.withLock({ $0.jobs.isEmpty && $0.closures.isEmpty }) { break }
            // The watched descriptors are taken after the work ran: only the loop closes them, so none
            // of these can be closed before the poll. While work is queued the poll only looks.
            fds.removeAll(keepingCapacity: true)
            fds.append(pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0))
            state.withLock { s in
                for fd in s.watches.keys { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            }
            if timeout == 0 && fds.count == 1 { continue }
            let parkedAt = timeout != 0 ? clock.now : nil
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if let parkedAt {
                let (seconds, attoseconds) = parkedAt.duration(to: clock.now).components
                parkedNanoseconds.add(seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000, ordering: .relaxed)
            }
            if fds[0].revents != 0 {
                var sink = [UInt8](repeating: 0, count: 64)
                while read(wakeFD, &sink, sink.count) > 0 {}
            }
            if timeout != 0 { state.withLock { $0.parked = false } }
            guard ready > 0 else { continue }
            for entry in fds.dropFirst() where entry.revents != 0 {
                // A handler may have stopped watching another descriptor meanwhile.
                if let readable = state.withLock({ $0.watches[entry.fd] }) { readable() }
            }
        }
        state.withLock { s in
            s.exited = true
            close(wakeFD)
            close(signalFD)
        }
        // A later thread may be given the same pthread_t: this loop must not claim it.
        thread.store(0, ordering: .relaxed)
        Self.running.withLock { $0.removeAll { $0 === self } }
    }

    /// `poll`'s timeout in milliseconds, rounded up so a timer never fires early: -1 without timers.
    static func pollTimeout(from now: ContinuousClock.Instant, to deadline: ContinuousClock.Instant?) -> Int32 {
        guard let deadline else { return -1 }
        let remaining = now.duration(to: deadline)
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        guard seconds < Int64(Int32.max) / 1000 else { return Int32.max }
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(1, milliseconds))
    }
}

/// The system refused what the loop needs to start.
package struct EventLoopError: Error, CustomStringConvertible {
    package var call: String
    package var errno: Int32

    package var description: String { "cannot start the event loop: \(call) failed: \(String(cString: strerror(errno)))" }
}

extension EventLoop {
    /// The process's loop: the appliance's actors, their timers (`SessionClock.continuous()`) and the
    /// tasks that carry messages between them run here, as SwiftNIO's singleton event loop serves a
    /// whole process. Started on first use. A system that refuses it a socket pair or a thread cannot
    /// run the appliance at all: the process says so and exits with EX_OSERR (71).
    package static let shared: EventLoop = {
        do { return try EventLoop() } catch {
            let line = "wayfinder: \(error)\n"
            _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
            exit(71)
        }
    }()

    /// The simulated devices' loop (the simulated board, its GATT peripherals, their servers and
    /// their ends of the socketpairs): a second thread, as real devices are other machines, so that
    /// the simulated world's steps do not queue in front of the appliance's events and a simulated
    /// device's answer wakes the appliance as a real one's does.
    package static let peripherals: EventLoop = {
        do { return try EventLoop(name: "wf-sim") } catch {
            let line = "wayfinder: \(error)\n"
            _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
            exit(71)
        }
    }()

    /// The preference to give a task whose work belongs on the process's loop,
    /// `Task(executorPreference:)`: what an actor or task is given when its creator names no executor.
    package static var preferred: any ActorExecutor { shared }
}
