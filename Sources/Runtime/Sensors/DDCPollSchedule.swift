/// When to poll a u-blox receiver's DDC port next, from what the last poll found.
///
/// u-blox's I2C port is polled by the host (the receiver cannot interrupt it); SparkFun's library
/// waits at least 25 ms between polls (its Theory.md). After data we poll again at `interval`
/// (100 ms: a burst that straddled the poll is finished well before the next epoch); each empty
/// poll stretches the wait by half up to `idleMaximum` (250 ms, under the 1 s epoch of a default
/// receiver, so a fix waits at most that long), so an idle receiver costs a few transfers a second.
public struct DDCPollSchedule: Sendable, Hashable {
    public var interval: Duration
    public var idleMaximum: Duration
    public private(set) var current: Duration

    public init(interval: Duration = .milliseconds(100), idleMaximum: Duration = .milliseconds(250)) {
        self.interval = interval
        self.idleMaximum = max(idleMaximum, interval)
        current = interval
    }

    /// The wait before the next poll, after a poll that read `bytes` stream bytes.
    public mutating func next(afterReading bytes: Int) -> Duration {
        current = bytes > 0 ? interval : min(current * 3 / 2, idleMaximum)
        return current
    }
}
