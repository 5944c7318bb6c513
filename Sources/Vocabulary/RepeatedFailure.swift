/// How a failure that keeps coming back is logged, so a journal stays readable while a device is
/// out of reach for hours: in full the first time (its text carries the fix), then quietly, with a
/// reminder at widening intervals — after 1 min, then 2, 4, 8 … up to one an hour. A different
/// failure is new again, and so is the same one after a success (`succeeded()`). Pure: time is
/// passed in.
package struct RepeatedFailure: Sendable, Hashable {
    package enum Verdict: Sendable, Hashable {
        /// Log it at its level, in full.
        case first
        /// Log a short reminder: it is still failing, `times` times over `since`.
        case reminder(times: Int, since: Duration)
        /// Log it at debug only.
        case quiet
    }

    /// The first reminder comes this long after the first failure; each next one twice as long
    /// after the previous, at most `longestGap`.
    package let firstGap: Duration
    package let longestGap: Duration

    private var problem: String?
    private var firstAt: Duration = .zero
    private var times = 0
    private var gap: Duration = .zero
    private var nextReminder: Duration = .zero

    package init(firstGap: Duration = .seconds(60), longestGap: Duration = .seconds(3600)) {
        self.firstGap = firstGap
        self.longestGap = max(firstGap, longestGap)
    }

    /// Records that `problem` happened at `now`, and says how loudly to log it.
    package mutating func failed(_ problem: String, at now: Duration) -> Verdict {
        guard problem == self.problem else {
            self.problem = problem
            firstAt = now
            times = 1
            gap = firstGap
            nextReminder = now + firstGap
            return .first
        }
        times += 1
        guard now >= nextReminder else { return .quiet }
        gap = min(gap * 2, longestGap)
        nextReminder = now + gap
        return .reminder(times: times, since: now - firstAt)
    }

    /// The failing thing worked: the next failure is logged in full.
    package mutating func succeeded() {
        problem = nil
    }
}
