import Belt
import Config
import Gestures
import Logging
import Navigation
import Platform
import Sensors

/// The simulated board's I/O: advances the simulated world on the session clock and delivers what
/// its sensors and inputs produce to the actors, through the same streams hardware drivers feed.
public actor SimulatedBoard {
    public nonisolated let fixes: AsyncStream<Fix>
    public nonisolated let headings: AsyncStream<Heading>
    public nonisolated let buttonEdges: AsyncStream<GPIOEdgeEvent>
    public nonisolated let gestures: AsyncStream<RecognizedGesture>
    public nonisolated let actorFailures: AsyncStream<String>

    private let clock: SessionClock
    private let logger: Logger
    private var world: SimulatedWorld
    private let fixSink: AsyncStream<Fix>.Continuation
    private let headingSink: AsyncStream<Heading>.Continuation
    private let edgeSink: AsyncStream<GPIOEdgeEvent>.Continuation
    private let gestureSink: AsyncStream<RecognizedGesture>.Continuation
    private let failureSink: AsyncStream<String>.Continuation
    private var beltSink: AsyncStream<BeltEvent>.Continuation?

    /// How often the world moves on, in session time.
    public static let stepInterval: Duration = .milliseconds(100)

    public init(world: SimulatedWorld, clock: SessionClock, logger: Logger) {
        self.world = world
        self.clock = clock
        self.logger = logger
        // Sensors keep only the newest readings if nobody reads (as a receiver's FIFO would overflow);
        // inputs (edges, gestures) are never dropped.
        (fixes, fixSink) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(8))
        (headings, headingSink) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(4))
        (buttonEdges, edgeSink) = AsyncStream.makeStream()
        (gestures, gestureSink) = AsyncStream.makeStream()
        (actorFailures, failureSink) = AsyncStream.makeStream()
    }

    /// Runs the world until the task is cancelled.
    public func run() async throws {
        var next = clock.now
        while true {
            next = next.advanced(by: Self.stepInterval)
            try await clock.sleep(until: next)
            step()
        }
    }

    /// The world as it is now, for tests and the end-of-run summary.
    public func snapshot() -> SimulatedWorld {
        step()
        return world
    }

    private func step() {
        let output = world.advance(to: clock.elapsed)
        for fix in output.fixes { fixSink.yield(fix) }
        for heading in output.headings { headingSink.yield(heading) }
        for edge in output.buttonEdges { edgeSink.yield(edge) }
        for gesture in output.gestures {
            logger.info("touch case: \(gesture) recognized")
            gestureSink.yield(gesture)
        }
        for name in output.actorFailures {
            logger.notice("injecting a failure into the \(name) actor")
            failureSink.yield(name)
        }
        for event in output.beltEvents { beltSink?.yield(event) }
        if output.beltLinkDropped {
            logger.notice("belt link dropped (the belt is out of reach until t+\(world.beltAvailableAt.clockString))")
            beltSink?.yield(.disconnected(expected: false))
            beltSink?.finish()
            beltSink = nil
        }
    }

    // MARK: The belt link (used by `SimulatedBeltLink`)

    func connectBelt() throws(BeltLinkError) -> AsyncStream<BeltEvent> {
        step()
        guard let greeting = world.connectBelt() else { throw .noBeltFound }
        beltSink?.finish()
        let (events, sink) = AsyncStream<BeltEvent>.makeStream()
        beltSink = sink
        for event in greeting { sink.yield(event) }
        return events
    }

    func sendToBelt(_ command: BeltCommand) throws(BeltLinkError) {
        step()
        guard let replies = world.sendToBelt(command) else { throw .notConnected }
        if let problem = world.belt.records.last?.problem, !problem.hasPrefix("ignored") {
            logger.error("belt protocol violation: \(command): \(problem)")
        }
        for event in replies { beltSink?.yield(event) }
    }

    func disconnectBelt() {
        world.disconnectBelt()
        beltSink?.yield(.disconnected(expected: true))
        beltSink?.finish()
        beltSink = nil
    }
}

/// The belt link of the simulated board: commands go straight to the simulated belt, above the byte level.
public struct SimulatedBeltLink: BeltLink {
    let board: SimulatedBoard

    public init(board: SimulatedBoard) {
        self.board = board
    }

    public func connect() async throws -> AsyncStream<BeltEvent> { try await board.connectBelt() }

    public func send(_ command: BeltCommand) async throws { try await board.sendToBelt(command) }

    public func disconnect() async { await board.disconnectBelt() }
}
