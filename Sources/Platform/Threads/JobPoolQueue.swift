/// The rule of `GlobalJobPool`, without its threads: which job a thread runs next, which thread waits
/// for the next delayed job, and when a job needs a waiting thread woken or a new thread started.
/// Pure: time is given in nanoseconds of a monotonic clock, and the threads are counted, not held.
///
/// Why a rule of its own: the pool's threads must never wake without a job (no periodic wake-up, the
/// reason the pool exists), and must not all be waiting while a job is queued.
package struct JobPoolQueue<Job> {
    /// What the thread that queued a job must do for it to run.
    package enum Wake: Equatable {
        /// A waiting thread will take it, or a running one when it finishes its job.
        case none
        /// Wake one waiting thread.
        case one
        /// Wake every waiting thread: the thread that waits for the earliest delayed job must
        /// shorten its wait.
        case all
        /// Start a thread (counted as running already).
        case startThread
    }

    /// What a thread does next.
    package enum Next {
        case run(Job)
        /// Wait until this time (nanoseconds), then ask again: this thread keeps the delayed jobs.
        case waitUntil(UInt64)
        /// Wait, with no timeout, until woken.
        case wait
    }

    private struct Delayed {
        var deadline: UInt64
        var job: Job
    }

    /// Most threads the pool starts. Jobs that block (an I2C transfer on a Pi) hold a thread each;
    /// beyond this many, jobs queue until a thread is free.
    package let maximumThreads: Int
    package private(set) var threads = 0
    /// Threads in a wait, and how many of them have been woken and not yet asked again.
    private var waiting = 0
    private var woken = 0
    /// A waiting thread's wait ends at the earliest delayed job.
    private var hasTimekeeper = false
    /// A thread was woken or started to keep time and has not asked yet: later delayed jobs need no
    /// other.
    private var timekeeperCalled = false
    private var ready: [Job] = []
    private var readyHead = 0
    /// Ordered by deadline, equal deadlines in arrival order.
    private var delayed: [Delayed] = []

    package init(maximumThreads: Int) {
        self.maximumThreads = max(1, maximumThreads)
    }

    /// Jobs waiting to run now and later.
    package var queuedCount: Int { ready.count - readyHead + delayed.count }

    /// Queues `job` to run at once.
    package mutating func submit(_ job: Job) -> Wake {
        ready.append(job)
        return wakeForReadyJob()
    }

    /// Queues `job` to run at `deadline` (nanoseconds on the clock `next(now:)` is given).
    package mutating func schedule(_ job: Job, at deadline: UInt64) -> Wake {
        var low = 0, high = delayed.count
        while low < high {
            let mid = (low + high) / 2
            if delayed[mid].deadline <= deadline { low = mid + 1 } else { high = mid }
        }
        delayed.insert(Delayed(deadline: deadline, job: job), at: low)
        if hasTimekeeper { return low == 0 ? .all : .none }
        if timekeeperCalled { return .none }
        // Nobody keeps time yet: one thread must come and do it.
        timekeeperCalled = true
        return wakeForReadyJob()
    }

    /// A thread asks what to do, at `now`. After a `.waitUntil` or `.wait` it calls `finishedWaiting`
    /// once its wait ends, whatever ended it.
    package mutating func next(now: UInt64) -> Next {
        var due = 0
        while due < delayed.count, delayed[due].deadline <= now { due += 1 }
        if due > 0 {
            ready.append(contentsOf: delayed.prefix(due).map(\.job))
            delayed.removeFirst(due)
        }
        if readyHead < ready.count {
            let job = ready[readyHead]
            readyHead += 1
            if readyHead == ready.count {
                ready.removeAll(keepingCapacity: true)
                readyHead = 0
            }
            return .run(job)
        }
        waiting += 1
        if let first = delayed.first, !hasTimekeeper {
            hasTimekeeper = true
            timekeeperCalled = false
            return .waitUntil(first.deadline)
        }
        return .wait
    }

    /// A thread's wait ended (a wake, a timeout, or spuriously); `keptTime` when it was a
    /// `.waitUntil`. When the thread that kept time is about to run a job instead, another waiting
    /// thread is woken to keep it, so a job that blocks does not make the delayed ones late.
    package mutating func finishedWaiting(keptTime: Bool) -> Wake {
        waiting -= 1
        if woken > 0 { woken -= 1 }
        guard keptTime else { return .none }
        hasTimekeeper = false
        guard !delayed.isEmpty, waiting - woken > 0 else { return .none }
        woken += 1
        timekeeperCalled = true
        return .one
    }

    /// A thread could not be started after `.startThread`: it is not counted. Whether any thread is
    /// left to run the queued jobs.
    package mutating func threadFailedToStart() -> Bool {
        threads -= 1
        return threads > 0
    }

    private mutating func wakeForReadyJob() -> Wake {
        if waiting - woken > 0 {
            woken += 1
            return .one
        }
        if threads < maximumThreads {
            threads += 1
            return .startThread
        }
        return .none
    }
}
