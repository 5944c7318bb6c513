#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One thread of the appliance's own (`wf-files`) that runs blocking file work in the order it was
/// handed over: the track's and the journal's `fsync` (`BackgroundSync`) and the route progress's
/// atomic writes (`ProgressWriter`), so neither waits on the event loop.
///
/// Why not a dispatch queue: a queue's work runs on libdispatch's pool, which starts a worker thread
/// for it and lets the thread go after a few idle seconds, so a sync every 10 s started a thread
/// each time. The thread here starts at the first job and then sleeps on a condition variable,
/// without a timeout, until the next job: one wake-up a job.
package final class FileWorker: @unchecked Sendable {
    /// The process's file worker.
    package static let shared = FileWorker(name: "wf-files")

    private let name: String
    // pthread mutex and condition on the heap: they must not move. Guarded by `mutex`: `jobs`, `started`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var jobs: [@Sendable () -> Void] = []
    private var started = false
    /// False when the thread could not be started: jobs then run on the caller's thread.
    private var hasThread = true

    package init(name: String) {
        self.name = name
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    // The shared worker lives as long as the process; a test's own worker keeps its thread (which
    // holds the worker) for the process's life as well, so there is no deinit to race with it.

    /// Queues `job` behind the jobs handed over before it and returns at once.
    package func async(_ job: @escaping @Sendable () -> Void) {
        pthread_mutex_lock(mutex)
        let start = !started
        started = true
        let runHere = !hasThread
        if !runHere { jobs.append(job) }
        pthread_mutex_unlock(mutex)
        // Signalled after the unlock: a worker woken while the mutex is still held would block on it
        // again at once, a second wake-up for one job.
        pthread_cond_signal(condition)
        if runHere {
            job()
            return
        }
        guard start else { return }
        if DetachedThread.start(name: name, { [self] in run() }) != nil {
            // No thread: run what is queued here, and every later job on its caller's thread.
            pthread_mutex_lock(mutex)
            hasThread = false
            let queued = jobs
            jobs = []
            pthread_mutex_unlock(mutex)
            queued.forEach { $0() }
        }
    }

    private func run() {
        while true {
            pthread_mutex_lock(mutex)
            while jobs.isEmpty { pthread_cond_wait(condition, mutex) }
            let batch = jobs
            jobs = []
            pthread_mutex_unlock(mutex)
            batch.forEach { $0() }
        }
    }
}
