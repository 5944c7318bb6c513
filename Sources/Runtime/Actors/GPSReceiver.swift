import Logging
import Platform
import Sensors

/// A GPS receiver's byte stream (a UART, the u-blox DDC poller) turned into fixes, with the pure
/// `GPSDecoder` doing the parsing. An epoch is complete when the next one begins or when its burst
/// ends, so a live source gets each fix without waiting a cycle. A stream of bytes as they arrive (a
/// UART) ends a burst by going quiet (`quietAfter`); the DDC poller, which knows when the receiver's
/// buffer ran dry, says so with an empty chunk, which needs no timer (`fixes(polling:)`).
package enum GPSReceiver {
    /// A receiver's burst is over after this much silence; at 1–10 Hz the gap between bursts is far longer.
    package static let quietAfter: Duration = .milliseconds(150)

    private enum Input: Sendable {
        case bytes([UInt8])
        case tick
        case ended((any Error)?)
    }

    /// The usable fixes from `chunks`, each burst ended by `quietAfter` of silence. The stream ends
    /// when `chunks` does; a failing source is logged with what to check.
    package static func fixes(from chunks: AsyncThrowingStream<[UInt8], any Error>, source: String,
                             clock: SessionClock, logger: Logger,
                             executor: any ActorExecutor = EventLoop.preferred) -> AsyncStream<Fix> {
        let (fixes, sink) = AsyncStream<Fix>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let (inputs, feed) = AsyncStream<Input>.makeStream(bufferingPolicy: .bufferingNewest(1024))
        let reader = Task(executorPreference: executor) {
            do {
                for try await chunk in chunks { feed.yield(.bytes(chunk)) }
                feed.yield(.ended(nil))
            } catch {
                feed.yield(.ended(error))
            }
        }
        // One timer, armed when bytes arrive and not ticking otherwise: a simulated board running at
        // hundreds of times real time cannot afford a periodic wake-up per receiver.
        let (deadlines, arm) = AsyncStream<Duration>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let ticker = Task(executorPreference: executor) {
            for await deadline in deadlines {
                try? await clock.sleep(until: SessionInstant(offset: deadline))
                if Task.isCancelled { return }
                feed.yield(.tick)
            }
        }
        let worker = Task(executorPreference: executor) {
            var decoder = GPSDecoder()
            var lastBytes: Duration?
            var armed = false
            for await input in inputs {
                let now = clock.elapsed
                switch input {
                case .bytes(let bytes):
                    guard !bytes.isEmpty else { break }
                    lastBytes = now
                    Self.deliver(decoder.feed(bytes, now: now), now, to: sink)
                    if !armed {
                        armed = true
                        arm.yield(now + quietAfter)
                    }
                case .tick:
                    armed = false
                    guard let last = lastBytes else { break }
                    if now - last >= quietAfter {
                        lastBytes = nil
                        Self.deliver(decoder.flushEpoch().map { [$0] } ?? [], now, to: sink)
                    } else {
                        // More bytes came while the timer ran: wait for the quiet after them.
                        armed = true
                        arm.yield(last + quietAfter)
                    }
                case .ended(let error):
                    Self.end(&decoder, error: error, source: source, clock: clock, logger: logger, sink: sink)
                    return
                }
            }
        }
        sink.onTermination = { _ in
            reader.cancel()
            ticker.cancel()
            arm.finish()
            worker.cancel()
            feed.finish()
        }
        return fixes
    }

    /// The usable fixes of a u-blox receiver on I2C: the DDC poller's task decodes each poll's bytes
    /// itself (`DDCPoller.poll`), with no stream of chunks and no task switch between poll and
    /// decoder, and its burst-end marks complete the epochs. Decoding runs where the polls run
    /// (`executor`: see `DDCPoller`). The stream ends when its reader stops reading.
    package static func fixes(polling driver: UBloxDDCDriver, clock: SessionClock, logger: Logger,
                             demand: FixDemand? = nil, executor: (any TaskExecutor)? = nil) -> AsyncStream<Fix> {
        let (fixes, sink) = AsyncStream<Fix>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let poller = Task(executorPreference: executor) {
            var decoder = GPSDecoder()
            await DDCPoller.poll(driver: driver, clock: clock, logger: logger, demand: demand) { chunk in
                decode(marked: chunk, with: &decoder, clock: clock, to: sink)
            }
            // The polls end only when the reader has gone (the stream's termination cancels them).
            sink.finish()
        }
        sink.onTermination = { _ in poller.cancel() }
        return fixes
    }

    /// A chunk from a source that marks its bursts' ends: bytes feed the decoder, an empty chunk
    /// completes the epoch; the usable fixes go to `sink`.
    static func decode(marked chunk: [UInt8], with decoder: inout GPSDecoder, clock: SessionClock,
                               to sink: AsyncStream<Fix>.Continuation) {
        let now = clock.elapsed
        let epochs = chunk.isEmpty ? decoder.flushEpoch().map { [$0] } ?? [] : decoder.feed(chunk, now: now)
        deliver(epochs, now, to: sink)
    }

    /// The usable fixes among `epochs`, stamped `now`.
    private static func deliver(_ epochs: [GPSEpoch], _ now: Duration, to sink: AsyncStream<Fix>.Continuation) {
        for epoch in epochs {
            if let fix = epoch.fix(receivedAt: now), fix.isUsable { sink.yield(fix) }
        }
    }

    /// The source ended (with `error` if it failed): the last epoch goes out, what was read is logged.
    private static func end(_ decoder: inout GPSDecoder, error: (any Error)?, source: String, clock: SessionClock,
                            logger: Logger, sink: AsyncStream<Fix>.Continuation) {
        let now = clock.elapsed
        deliver(decoder.finish(now: now), now, to: sink)
        if let error { logger.error("GPS \(source) failed: \(error)") }
        let c = decoder.counts
        logger.info("GPS \(source) ended: \(decoder.epochCount) epochs; rejected \(c)")
        sink.finish()
    }
}
