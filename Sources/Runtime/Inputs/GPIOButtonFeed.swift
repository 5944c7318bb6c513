import Config
import Logging
import Platform

/// Edges of the bound button lines, from the header's GPIO chip (found by the board's labels) as
/// kernel edge events, into the stream `ButtonActor` reads, the same stream the simulated board feeds.
///
/// The chip is opened and the lines requested when the feed runs, and again with backoff after every
/// failure: at boot the chip's driver can bind after the service starts, and udev can set the node's
/// group a moment after it appears. Until the lines are held, the failure is logged once at error (with
/// the GPIO error's own advice), the buttons are on the status line's "waiting for:" list, and the rest
/// of the appliance runs.
package final class GPIOButtonFeed: Sendable {
    /// One request of the lines: its edges (read from when the feed runs), and how to give the lines back.
    struct Request: Sendable {
        /// What was opened, for the log ("gpiochip0 \"pinctrl-bcm2711\" lines 17, 27").
        var source: String
        let edges: @Sendable () -> AsyncThrowingStream<GPIOEdgeEvent, any Error>
        let release: @Sendable () -> Void
    }

    /// What the feed reads from, before it is opened ("GPIO chip \"pinctrl-bcm2711\" lines 17, 27").
    package let source: String
    package let edges: AsyncStream<GPIOEdgeEvent>
    private let sink: AsyncStream<GPIOEdgeEvent>.Continuation
    private let first: Request?
    private let request: @Sendable () throws -> Request
    private let clock: SessionClock
    private let logger: Logger
    private let backoff: RestartBackoff
    private let waiting: DeviceWaits.Entry?

    /// Will open the first chip whose label the board lists and request `lines` as pulled-up inputs with
    /// both edges. No kernel debounce: `ButtonPressDecoder` debounces, as it does on the simulated board.
    package convenience init(labels: [String], lines: [Int], clock: SessionClock, logger: Logger,
                            backoff: RestartBackoff = RestartBackoff(initial: .seconds(1), maximum: .seconds(30), healthyRun: .seconds(60)),
                            waiting: DeviceWaits.Entry? = nil) {
        let offsets = lines.compactMap { UInt32(exactly: $0) }
        let lineList = offsets.map(String.init).joined(separator: ", ")
        let request: @Sendable () throws -> Request = {
            let chip = try Self.openChip(labels: labels)
            let held = try chip.requestInputs(offsets: offsets, consumer: "wayfinder buttons")
            // The library in the source, so the log says which libgpiod a field report came from
            // (a binary built on Bookworm runs v1, one built on Trixie v2).
            return Request(source: "\(chip.name) \"\(chip.label)\" lines \(lineList), libgpiod \(GPIOLibrary.version) (\(GPIOLibrary.apiFlavour.rawValue) API)",
                           edges: { held.events() }, release: { held.release() })
        }
        self.init(source: "GPIO chip \"\(labels.joined(separator: "\" or \""))\" lines \(lineList)", first: nil,
                  request: request, clock: clock, logger: logger, backoff: backoff, waiting: waiting)
    }

    /// `first`, when given, is used before `request` is called (tests); `request` opens the lines.
    init(source: String, first: Request?, request: @escaping @Sendable () throws -> Request, clock: SessionClock,
         logger: Logger, backoff: RestartBackoff, waiting: DeviceWaits.Entry? = nil) {
        self.source = source
        self.first = first
        self.request = request
        self.clock = clock
        self.logger = logger
        self.backoff = backoff
        self.waiting = waiting
        (edges, sink) = AsyncStream<GPIOEdgeEvent>.makeStream(bufferingPolicy: .bufferingNewest(256))
    }

    /// The first chip with one of `labels`, naming every label tried when none is found.
    /// - Throws: `GPIOError` (its text says what to do).
    static func openChip(labels: [String]) throws(GPIOError) -> GPIOChip {
        var lastError: GPIOError = .chipNotFound(label: labels.joined(separator: "\" or \""), available: [])
        for label in labels {
            do throws(GPIOError) {
                return try GPIOChip(label: label)
            } catch {
                lastError = error
            }
        }
        if case .chipNotFound(_, let available) = lastError, labels.count > 1 {
            throw GPIOError.chipNotFound(label: labels.joined(separator: "\" or \""), available: available)
        }
        throw lastError
    }

    package var feed: InputFeed { InputFeed(name: "buttons \(source)") { await self.run() } }

    func run() async {
        // A request handed in at construction (tests) is used once; later ones are made anew.
        var pending = first
        await ReopenLoop.run(clock: clock, backoff: backoff, logger: logger, again: "requesting the button lines",
                             waiting: waiting, describe: { "buttons on \(source): \($0)" }) { opened in
            let held = try pending ?? request()
            pending = nil
            defer { held.release() }
            opened()
            logger.info("buttons on \(held.source)")
            for try await edge in held.edges() { sink.yield(edge) }
            return "GPIO edge events on \(held.source) ended"
        }
    }
}
