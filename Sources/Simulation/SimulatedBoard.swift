import BLE
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
    /// The events of the current GATT client, and which connection it is (a stale client's calls fail).
    private var gattSink: AsyncStream<GATTClientEvent>.Continuation?
    private var gattConnection = 0
    private var reportedViolations = 0

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
        deliver(output.beltNotifications)
        if output.beltLinkDropped {
            logger.notice("belt link dropped (the belt is out of reach until t+\(world.beltAvailableAt.clockString))")
            beltSink?.yield(.disconnected(expected: false))
            beltSink?.finish()
            beltSink = nil
            gattSink?.yield(.disconnected(reason: "link lost"))
            gattSink?.finish()
            gattSink = nil
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

/// The belt link of the simulated board above the byte level: commands go straight to the simulated belt.
/// The appliance now uses `GATTBeltLink` over `SimulatedBeltGATTConnector`; this link is unused.
///
/// Known issue, under investigation: at commit 0f01405, deleting this link together with `beltSink` made
/// the SIGTERM path crash every time (SIGSEGV on a concurrency job during the belt's release, in debug and
/// release builds, AddressSanitizer clean; a 16-byte dummy property avoided it). Since the belt actor's
/// timeout helper became generic (commit "Belt connection attempts time out…") the same deletion no longer
/// crashes (0 of 16 runs). The cause is not understood, so this is kept until it is.
/// To reproduce: check out 0f01405, delete both, and run `make test`; the `ShutdownTests` test fails.
public struct SimulatedBeltLink: BeltLink {
    let board: SimulatedBoard

    public init(board: SimulatedBoard) {
        self.board = board
    }

    public func connect() async throws -> AsyncStream<BeltEvent> { try await board.connectBelt() }

    public func send(_ command: BeltCommand) async throws { try await board.sendToBelt(command) }

    public func disconnect() async { await board.disconnectBelt() }
}

// MARK: The belt's GATT server (used by `SimulatedBeltGATTClient`)

extension SimulatedBoard {
    func gattConnect() throws(GATTError) -> (connection: Int, events: AsyncStream<GATTClientEvent>) {
        step()
        guard world.gattConnect() else { throw .notFound("belt (out of reach)") }
        closeGATTEvents(reason: nil)
        let (events, sink) = AsyncStream<GATTClientEvent>.makeStream()
        gattConnection += 1
        gattSink = sink
        return (gattConnection, events)
    }

    func gattDiscover(services: [String], connection: Int) throws(GATTError) -> [String: [String]] {
        try checkConnection(connection)
        var table: [String: [String]] = [:]
        for (service, characteristics) in BeltPeripheral.services where services.contains(service.uuidString) {
            table[service.uuidString] = characteristics.map(\.uuidString)
        }
        return table
    }

    func gattWrite(_ uuid: String, _ value: [UInt8], connection: Int) throws(GATTError) {
        try checkConnection(connection)
        let characteristic = try attribute(uuid, value, kind: .value)
        let recorded = world.belt.records.count
        let notifications = world.withPeripheral { $0.write(characteristic, value, at: $1) } ?? []
        reportViolations()
        // A well-formed command the belt still refused (e.g. intensity 3 %), as `sendToBelt` logs it.
        for record in world.belt.records.dropFirst(recorded) {
            if let problem = record.problem, !problem.hasPrefix("ignored") {
                logger.error("belt refused \(record.command): \(problem)")
            }
        }
        guard characteristic.isWritable else { throw .attributeError(code: 0x03, characteristic: uuid) }
        deliver(notifications)
    }

    func gattRead(_ uuid: String, connection: Int) throws(GATTError) -> [UInt8] {
        try checkConnection(connection)
        let characteristic = try attribute(uuid, [], kind: .readRequest)
        let value = world.withPeripheral { $0.read(characteristic, at: $1) } ?? nil
        reportViolations()
        guard let value else { throw .attributeError(code: 0x02, characteristic: uuid) }
        return value
    }

    func gattSetNotifications(_ uuid: String, enabled: Bool, connection: Int) throws(GATTError) {
        try checkConnection(connection)
        let cccd = enabled ? BeltWrite.notificationsOn : BeltWrite.notificationsOff
        let characteristic = try attribute(uuid, cccd, kind: .clientConfiguration)
        let notifications = world.withPeripheral { $0.writeClientConfiguration(characteristic, cccd, at: $1) } ?? []
        reportViolations()
        guard characteristic.notifies else { throw .notFound("CCCD of \(uuid)") }
        deliver(notifications)
    }

    func gattDisconnect(connection: Int) {
        guard connection == gattConnection, gattSink != nil else { return }
        world.disconnectBelt()
        closeGATTEvents(reason: nil)
    }

    private func checkConnection(_ connection: Int) throws(GATTError) {
        step()
        guard connection == gattConnection, gattSink != nil, world.isBeltConnected else { throw .disconnected }
    }

    /// The belt characteristic behind a UUID; an attribute the belt lacks is a violation and an ATT error.
    private func attribute(_ uuid: String, _ bytes: [UInt8], kind: BeltWrite.Kind) throws(GATTError) -> BeltCharacteristic {
        if let c = BeltCharacteristic(uuidString: uuid) { return c }
        _ = world.withPeripheral { $0.refuseUnknownAttribute(uuid, bytes, kind: kind, at: $1) }
        reportViolations()
        throw .notFound(uuid)
    }

    private func deliver(_ notifications: [BeltWrite]) {
        for n in notifications {
            gattSink?.yield(.notification(characteristic: n.characteristic.uuidString, value: n.bytes))
        }
    }

    private func closeGATTEvents(reason: String?) {
        gattSink?.yield(.disconnected(reason: reason))
        gattSink?.finish()
        gattSink = nil
    }

    /// Logs byte-level violations as they happen, so a run's log shows them where they occurred.
    private func reportViolations() {
        let all = world.peripheral.violations
        for v in all.dropFirst(reportedViolations) { logger.error("belt protocol violation: \(v)") }
        reportedViolations = all.count
    }
}
