/// A `TestEventLoop.run` body did not finish.
package enum TestEventLoopError: Error, CustomStringConvertible {
    /// The loop had nothing left to run and the body still waited: for one of `pendingTimers` timers
    /// (move time with `advance(by:)` first), or for input the test has not sent.
    case stalled(pendingTimers: Int)

    package var description: String {
        switch self {
        case .stalled(let timers):
            "the loop ran out of jobs before the body returned: it waits for one of \(timers) timers " +
                "(advance the clock first) or for input not yet sent"
        }
    }
}
