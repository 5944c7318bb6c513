import Config
import Logging
import Platform

/// Edges of the bound button lines, from the header's GPIO chip (found by the board's labels) as
/// kernel edge events, into the stream `ButtonActor` reads, the same stream the simulated board feeds.
///
/// Opening is done when the appliance is built, so a board file that does not match the hardware
/// (no chip with its label, lines held by another program, no permission) stops the start with the
/// GPIO error's own advice. A read failure later is logged and the lines are requested again.
public final class GPIOButtonFeed: Sendable {
    /// One request of the lines: its edges (read from when the feed runs), and how to give the lines back.
    struct Request: Sendable {
        let edges: @Sendable () -> AsyncThrowingStream<GPIOEdgeEvent, any Error>
        let release: @Sendable () -> Void
    }

    /// What the feed reads from, for the log ("gpiochip0 \"pinctrl-bcm2711\" lines 17, 27").
    public let source: String
    public let edges: AsyncStream<GPIOEdgeEvent>
    private let sink: AsyncStream<GPIOEdgeEvent>.Continuation
    private let first: Request
    private let request: @Sendable () throws -> Request
    private let clock: SessionClock
    private let logger: Logger
    private let backoff: RestartBackoff

    /// Opens the first chip whose label the board lists and requests `lines` as pulled-up inputs with
    /// both edges. No kernel debounce: `ButtonPressDecoder` debounces, as it does on the simulated board.
    /// - Throws: `GPIOError` (its text says what to do).
    public convenience init(labels: [String], lines: [Int], clock: SessionClock, logger: Logger,
                            backoff: RestartBackoff = RestartBackoff(initial: .seconds(1), maximum: .seconds(30), healthyRun: .seconds(60))) throws {
        var opened: GPIOChip?
        var lastError: GPIOError = .chipNotFound(label: labels.joined(separator: "\" or \""), available: [])
        for label in labels {
            do throws(GPIOError) {
                opened = try GPIOChip(label: label)
                break
            } catch {
                lastError = error
            }
        }
        guard let chip = opened else {
            // Name every label tried, not just the last.
            if case .chipNotFound(_, let available) = lastError, labels.count > 1 {
                throw GPIOError.chipNotFound(label: labels.joined(separator: "\" or \""), available: available)
            }
            throw lastError
        }
        let offsets = lines.compactMap { UInt32(exactly: $0) }
        let request: @Sendable () throws -> Request = {
            let held = try chip.requestInputs(offsets: offsets, consumer: "wayfinder buttons")
            return Request(edges: { held.events() }, release: { held.release() })
        }
        self.init(source: "\(chip.name) \"\(chip.label)\" lines \(offsets.map(String.init).joined(separator: ", "))",
                  first: try request(), request: request, clock: clock, logger: logger, backoff: backoff)
    }

    /// `first` is the request made at build time; `request` makes the next after a failure.
    init(source: String, first: Request, request: @escaping @Sendable () throws -> Request, clock: SessionClock,
         logger: Logger, backoff: RestartBackoff) {
        self.source = source
        self.first = first
        self.request = request
        self.clock = clock
        self.logger = logger
        self.backoff = backoff
        (edges, sink) = AsyncStream<GPIOEdgeEvent>.makeStream(bufferingPolicy: .bufferingNewest(256))
    }

    public var feed: InputFeed { InputFeed(name: "buttons \(source)") { await self.run() } }

    func run() async {
        var backoff = self.backoff
        var current: Request? = first
        logger.info("buttons on \(source)")
        while !Task.isCancelled {
            let started = clock.elapsed
            do {
                let held = try current ?? request()
                current = held
                for try await edge in held.edges() { sink.yield(edge) }
                if Task.isCancelled { break }
                logger.warning("GPIO edge events on \(source) ended")
            } catch {
                if Task.isCancelled { break }
                logger.error("buttons on \(source): \(error)")
            }
            current?.release()
            current = nil
            let delay = backoff.delayAfterFailure(runLength: clock.elapsed - started)
            logger.info("requesting the button lines again in \(SupervisedService.format(delay))")
            do { try await clock.sleep(for: delay) } catch { break }
        }
        current?.release()
    }
}
