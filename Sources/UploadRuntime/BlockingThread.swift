import Dispatch
import Platform
import Synchronization

/// One thread of its own for the outbox's blocking work (libcurl's transfers, hashing, the record files),
/// so that none of it runs on the appliance's event loop or on Swift's cooperative pool
/// (`DetachedThread`'s reason). Jobs run one at a time in the order given; `run` suspends its caller
/// until its job has run. The thread's own state (`Context`, the libcurl handle) is made on the thread
/// and never leaves it: a libcurl easy handle must not be used by two threads (libcurl-thread(3)).
final class BlockingThread<Context>: Sendable {
    private struct Queue: ~Copyable {
        var jobs: [@Sendable (inout Context?) -> Void] = []
        var stopping = false
    }

    private let queue = Mutex(Queue())
    private let wake = DispatchSemaphore(value: 0)

    /// Starts the thread, which makes its context with `make`; nil (and the errno) when no thread can
    /// be made.
    init(name: String, make: @escaping @Sendable () -> Context?) throws(ThreadFailure) {
        if let code = DetachedThread.start(name: name, { [self] in
            var context = make()
            while true {
                wake.wait()
                let next: (@Sendable (inout Context?) -> Void)?? = self.queue.withLock { q in
                    if q.jobs.isEmpty { return q.stopping ? .some(nil) : nil }
                    return .some(q.jobs.removeFirst())
                }
                switch next {
                case nil: continue
                case .some(nil): return
                case .some(.some(let job)): job(&context)
                }
            }
        }) {
            throw ThreadFailure(errno: code)
        }
    }

    struct ThreadFailure: Error, CustomStringConvertible {
        let errno: Int32
        var description: String { "cannot start the upload's thread (pthread_create: errno \(errno))" }
    }

    /// Runs `job` on the thread with its context and returns what it returns. Once the thread is
    /// stopping, a job runs at once on the caller's thread without a context (the transport's jobs
    /// then answer that they cannot send): an answer late in a shutdown, never a caller left waiting.
    func run<T: Sendable>(_ job: @escaping @Sendable (inout Context?) -> T) async -> T {
        await withCheckedContinuation { continuation in
            let queued = queue.withLock { q -> Bool in
                guard !q.stopping else { return false }
                q.jobs.append { context in continuation.resume(returning: job(&context)) }
                return true
            }
            if queued {
                wake.signal()
            } else {
                var none: Context?
                continuation.resume(returning: job(&none))
            }
        }
    }

    /// Ends the thread once the jobs given before have run.
    func stop() {
        queue.withLock { $0.stopping = true }
        wake.signal()
    }
}
