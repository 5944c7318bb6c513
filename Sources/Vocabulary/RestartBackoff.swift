/// Exponential backoff between restarts of a failed actor or attempts at a lost link: 0.5 s, 1 s, 2 s … up to
/// a ceiling, and back to the start after a healthy run (so a rare failure is retried quickly).
package struct RestartBackoff: Sendable, Hashable {
    package var initial: Duration
    package var maximum: Duration
    /// A run at least this long counts as healthy and resets the backoff.
    package var healthyRun: Duration
    package private(set) var consecutiveFailures = 0

    package init(initial: Duration = .milliseconds(500), maximum: Duration = .seconds(30), healthyRun: Duration = .seconds(60)) {
        self.initial = initial
        self.maximum = maximum
        self.healthyRun = healthyRun
    }

    /// Records a failure of a run that lasted `runLength`, and returns how long to wait before the restart.
    package mutating func delayAfterFailure(runLength: Duration) -> Duration {
        if runLength >= healthyRun { consecutiveFailures = 0 }
        consecutiveFailures += 1
        var delay = initial
        for _ in 1..<consecutiveFailures {
            delay = delay * 2
            if delay >= maximum { return maximum }
        }
        return min(delay, maximum)
    }
}
