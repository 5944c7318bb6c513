/// Something that blocks for at most `timeout` and returns the edges that arrived meanwhile.
///
/// Why a protocol: the thread that bridges blocking waits into an `AsyncThrowingStream` is the
/// tricky part (cancellation, no busy-waiting, clean shutdown), and it can be tested against a
/// scripted source on machines without `/dev/gpiochip*`.
protocol GPIOEventSource: AnyObject, Sendable {
    /// Returns the edges that arrived within `timeout`, possibly none; throws when the source
    /// can deliver no more (`GPIOError.released` ends a stream quietly).
    func nextEvents(timeout: Duration) throws(GPIOError) -> [GPIOEdgeEvent]
}
