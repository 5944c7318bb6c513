#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Feeds an `AsyncThrowingStream` from a dedicated thread that blocks in the source's wait.
///
/// Why a thread of its own: the wait is a blocking `poll` on the lines; running it on the
/// cooperative pool would starve other tasks. The wait has no timeout: it also polls `stop`, which
/// the stream's termination (or the request's release) sets, so an idle button thread sleeps until
/// a button is pressed instead of waking four times a second.
enum GPIOEventPump {
    /// Events a consumer may fall behind by before the oldest are dropped: bounded memory for
    /// a stalled consumer, far more than buttons produce.
    static let bufferLimit = 1024

    static func stream(
        from source: any GPIOEventSource,
        stop: StopFlag = StopFlag(),
        onFinish: @escaping @Sendable () -> Void
    ) -> AsyncThrowingStream<GPIOEdgeEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: GPIOEdgeEvent.self, throwing: (any Error).self,
            bufferingPolicy: .bufferingNewest(bufferLimit))
        continuation.onTermination = { _ in stop.set() }

        let started = startThread {
            defer { onFinish() }
            while !stop.isSet {
                let events: [GPIOEdgeEvent]
                do {
                    events = try source.nextEvents(until: stop)
                } catch GPIOError.released {
                    continuation.finish()
                    return
                } catch {
                    continuation.finish(throwing: error)
                    return
                }
                for event in events {
                    if case .terminated = continuation.yield(event) { return }
                }
            }
            continuation.finish()
        }
        if let failure = started {
            continuation.finish(throwing: failure)
            onFinish()
        }
        return stream
    }

    /// Starts a detached pthread running `body`; nil on success, else why it could not start.
    static func startThread(_ body: @escaping @Sendable () -> Void) -> GPIOError? {
        guard let rc = DetachedThread.start(name: "wf-gpio", body) else { return nil }
        return .system(operation: "starting the GPIO event thread", path: "-", errno: rc)
    }
}
