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
    public let chip: GPIOChip
    public let lines: [UInt32]
    public let edges: AsyncStream<GPIOEdgeEvent>
    private let sink: AsyncStream<GPIOEdgeEvent>.Continuation
    private let firstRequest: GPIOInputRequest
    private let clock: SessionClock
    private let logger: Logger
    private let backoff: RestartBackoff

    /// Opens the first chip whose label the board lists and requests `lines` as pulled-up inputs with
    /// both edges. No kernel debounce: `ButtonPressDecoder` debounces, as it does on the simulated board.
    /// - Throws: `GPIOError` (its text says what to do).
    public init(labels: [String], lines: [Int], clock: SessionClock, logger: Logger,
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
        guard let opened else {
            // Name every label tried, not just the last.
            if case .chipNotFound(_, let available) = lastError, labels.count > 1 {
                throw GPIOError.chipNotFound(label: labels.joined(separator: "\" or \""), available: available)
            }
            throw lastError
        }
        chip = opened
        self.lines = lines.compactMap { UInt32(exactly: $0) }
        firstRequest = try opened.requestInputs(offsets: self.lines, consumer: "wayfinder buttons")
        self.clock = clock
        self.logger = logger
        self.backoff = backoff
        (edges, sink) = AsyncStream<GPIOEdgeEvent>.makeStream(bufferingPolicy: .bufferingNewest(256))
    }

    public var feed: InputFeed { InputFeed(name: "buttons \(chip.name)") { await self.run() } }

    func run() async {
        var backoff = self.backoff
        var request: GPIOInputRequest? = firstRequest
        logger.info("buttons on \(chip.name) \"\(chip.label)\" lines \(lines.map(String.init).joined(separator: ", "))")
        while !Task.isCancelled {
            let started = clock.elapsed
            do {
                let current = try request ?? chip.requestInputs(offsets: lines, consumer: "wayfinder buttons")
                request = current
                for try await edge in current.events() { sink.yield(edge) }
                if Task.isCancelled { break }
                logger.warning("GPIO edge events on \(chip.path) ended")
            } catch {
                if Task.isCancelled { break }
                logger.error("buttons: \(error)")
            }
            request?.release()
            request = nil
            let delay = backoff.delayAfterFailure(runLength: clock.elapsed - started)
            logger.info("requesting the button lines again in \(SupervisedService.format(delay))")
            do { try await clock.sleep(for: delay) } catch { break }
        }
        request?.release()
    }
}
