// In whole-module (release) builds time.h's timespec is owned by the CBluetooth module, as in EventLoop.
import CBluetooth
import CGlobalExecutor
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The process's global executor, when it is installed: a few threads of its own (`wf-pool`) that run
/// the jobs the Swift runtime gives the global executor (nonisolated async code, `Task {}` without an
/// actor, a task whose preference is `globalConcurrentExecutor`) and sleep on a condition variable,
/// without a timeout, between them.
///
/// Why: the runtime's default global executor is libdispatch's pool, and on Linux the first
/// non-overcommit pool worker starts libdispatch's 1 s workqueue monitor timer, which is never
/// cancelled (swift-corelibs-libdispatch, src/event/workqueue.c, `_dispatch_workq_init_once`): its
/// manager thread then wakes every second for the life of the process, the appliance's largest
/// idle cost (docs/performance.md). Serial dispatch queues and their sources (ServiceLifecycle's
/// signal handling) use the overcommit queues and do not start it.
///
/// A thread is started when a job arrives and none is waiting, up to `maximumThreads`: jobs that
/// block (the input feeds' I2C transfers on a Pi, a child process's wait) hold a thread each. A
/// delayed job (the runtime's `enqueueGlobalWithDelay`/`WithDeadline`) is kept by one waiting
/// thread, whose wait ends at the earliest deadline (`JobPoolQueue`).
package final class GlobalJobPool: @unchecked Sendable {
    /// Most threads: more than the jobs that may block at once (the feeds, the supply watch, the
    /// upload), few enough that a runaway cannot starve a 4-core Pi.
    package static let maximumThreads = 8

    private static let shared = GlobalJobPool(name: "wf-pool", maximumThreads: maximumThreads)
    private static let installed = Atomic<Bool>(false)

    /// Routes every global job the runtime enqueues from now on to the process's pool. Call it before
    /// the first job reaches the global executor (the async `main`'s first hop), or libdispatch's
    /// monitor has already started. Later calls do nothing.
    package static func install() {
        guard installed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        _ = shared
        wf_global_executor_install { job, delay in
            guard let job else { return 0 }
            return GlobalJobPool.shared.enqueue(job, delayNanoseconds: delay) ? 1 : 0
        }
    }

    private let name: String
    // pthread mutex and condition on the heap: they must not move. `queue` is guarded by `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var queue: JobPoolQueue<wf_job_t>

    private init(name: String, maximumThreads: Int) {
        self.name = name
        queue = JobPoolQueue(maximumThreads: maximumThreads)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        // The condition's timed waits are on the monotonic clock, the one `now` reads.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    /// Queues `job`, at once or `delayNanoseconds` from now. False when no thread runs the pool and
    /// none could be started: the caller then hands the job to the runtime's own executor.
    private func enqueue(_ job: wf_job_t, delayNanoseconds: UInt64) -> Bool {
        pthread_mutex_lock(mutex)
        let wake: JobPoolQueue<wf_job_t>.Wake
        if delayNanoseconds == 0 {
            wake = queue.submit(job)
        } else {
            let (deadline, overflow) = Self.now().addingReportingOverflow(delayNanoseconds)
            wake = queue.schedule(job, at: overflow ? .max : deadline)
        }
        let taken = apply(wake)
        if !taken {
            // Not queued after all: the only thread could not start. Nothing else is queued either
            // (a queued job implies a thread), so taking the next job takes this one back.
            _ = queue.next(now: .max)
        }
        pthread_mutex_unlock(mutex)
        return taken
    }

    /// Does what `wake` asks, under the mutex. False only when a thread had to start, could not, and
    /// no other thread is left.
    private func apply(_ wake: JobPoolQueue<wf_job_t>.Wake) -> Bool {
        switch wake {
        case .none: return true
        case .one: pthread_cond_signal(condition); return true
        case .all: pthread_cond_broadcast(condition); return true
        case .startThread:
            if DetachedThread.start(name: name, { [self] in run() }) == nil { return true }
            return queue.threadFailedToStart()
        }
    }

    private func run() {
        pthread_mutex_lock(mutex)
        while true {
            switch queue.next(now: Self.now()) {
            case .run(let job):
                pthread_mutex_unlock(mutex)
                wf_job_run_generic(job)
                pthread_mutex_lock(mutex)
            case .wait:
                pthread_cond_wait(condition, mutex)
                _ = apply(queue.finishedWaiting(keptTime: false))
            case .waitUntil(let deadline):
                var time = timespec(tv_sec: Int(clamping: deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
                pthread_cond_timedwait(condition, mutex, &time)
                _ = apply(queue.finishedWaiting(keptTime: true))
            }
        }
    }

    /// Nanoseconds on the monotonic clock.
    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(clamping: time.tv_sec) &* 1_000_000_000 &+ UInt64(clamping: time.tv_nsec)
    }
}
