extension GesturePipeline {
    /// The earliest recognizer timer (ms), so that a host can wake exactly then instead of polling.
    package var nextDeadlineMs: Double? {
        recognizers.compactMap(\.timerDeadline).min()
    }
}
