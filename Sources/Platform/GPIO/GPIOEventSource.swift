/// Something that blocks until edges arrive or `stop` is set, and returns the edges.
///
/// Why a protocol: the thread that bridges blocking waits into an `AsyncThrowingStream` is the
/// tricky part (cancellation, no busy-waiting, clean shutdown), and it can be tested against a
/// scripted source on machines without `/dev/gpiochip*`.
protocol GPIOEventSource: AnyObject, Sendable {
    /// Returns the edges that arrived, possibly none (only bounces, or `stop` was set); throws when
    /// the source can deliver no more (`GPIOError.released` ends a stream quietly).
    func nextEvents(until stop: StopFlag) throws(GPIOError) -> [GPIOEdgeEvent]
}
