import BLESockets
import Belt
import Config
import Logging
import Navigation
import Pencil
import Platform
import Sensors

/// The simulated board's I/O: advances the simulated world on the session clock and delivers what
/// its sensors and inputs produce to the actors, through the same streams hardware drivers feed.
///
/// The GPS and the compass are devices on the board's simulated I2C bus (`i2c`): a u-blox receiver
/// at 0x42 streaming NMEA/UBX over DDC and a QMC5883L at 0x0D. The runtime reads them through the
/// same drivers and parsers as on a Pi; the board only keeps the devices' contents current.
package actor SimulatedBoard {
    /// Where it runs: the simulated devices' event loop (`EventLoop.peripherals`), beside the
    /// appliance's, unless its creator names another (a test's `TestEventLoop`).
    package nonisolated let executor: any ActorExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// The board's `/dev/i2c-1`.
    package nonisolated let i2c: SimulatedI2CBus
    package nonisolated let buttonEdges: AsyncStream<GPIOEdgeEvent>
    /// The Fuffr case and the Pencil, as GATT servers speaking their real bytes; the script puts
    /// fingers on the case and clicks the pen.
    package nonisolated let touchCase: FuffrPeripheralHost
    package nonisolated let pencil: PencilPeripheralHost
    package nonisolated let actorFailures: AsyncStream<String>
    /// The Pi's firmware, for the supply watch (`pi_undervoltage` in the script).
    package nonisolated let piFirmware = SimulatedPiFirmware()

    private let clock: SessionClock
    private let logger: Logger
    private var world: SimulatedWorld
    private let edgeSink: AsyncStream<GPIOEdgeEvent>.Continuation
    private var touchTrace = FuffrTouchTrace()
    private let failureSink: AsyncStream<String>.Continuation
    /// The belt's GATT server for the current link, and which link it is (a stale server's calls are ignored).
    private var beltServer: GATTServerConnection?
    private var beltConnection = 0
    /// Notifications and closes for the belt's server, delivered in order by one task.
    private let beltOutbox: AsyncStream<BeltOutgoing>.Continuation
    private var reportedViolations = 0
    /// Told of every write the belt's GATT server receives, before the world handles it (benchmarks).
    private var beltWriteObserver: (@Sendable (BLEUUID, [UInt8]) -> Void)?

    /// The central ID the simulated board's pencil actor writes, and the simulated pen starts paired to.
    package static let pencilCentralID: UInt32 = 0x5749_4D31

    /// The longest the board sleeps while nothing in the world is due.
    package static let longestSleep: Duration = .seconds(1)
    /// Compass transfers seen at the last wake, and when the count last moved: while someone has read
    /// the compass within `compassInUse`, its field is kept current at the world's heading rate;
    /// otherwise the board does not wake for it.
    private var receiverPowered = false
    private var compassAttempts = 0
    private var compassLastRead: Duration?
    static let compassInUse: Duration = .seconds(2)
    /// The running loop's sleep and where it sleeps to: a request that makes something due sooner
    /// (a subscription's first notification) cuts it short.
    private var sleeping: (until: Duration, task: Task<Void, Never>)?

    package init(world: SimulatedWorld, clock: SessionClock, logger: Logger, executor: any ActorExecutor = EventLoop.peripherals) {
        self.executor = executor
        self.world = world
        self.clock = clock
        self.logger = logger
        i2c = SimulatedI2CBus(bus: 1)
        i2c.attach(UBloxDDCDevice(), at: UBloxDDCDevice.address)
        i2c.attach(QMC5883LDevice(), at: QMC5883LDevice.address)
        // Inputs (edges, gestures) are never dropped.
        (buttonEdges, edgeSink) = AsyncStream.makeStream()
        touchCase = FuffrPeripheralHost(clock: clock, logger: logger)
        // The simulated pen was paired with this board before the run: it advertises our central ID.
        var pen = PencilPeripheral()
        _ = pen.write(.centralID, PenCentralID.wireBytes(Self.pencilCentralID), at: .zero)
        pencil = PencilPeripheralHost(peripheral: pen, clock: clock, logger: logger)
        (actorFailures, failureSink) = AsyncStream.makeStream()
        let (outgoing, outbox) = AsyncStream<BeltOutgoing>.makeStream()
        beltOutbox = outbox
        Task(executorPreference: executor) {
            for await item in outgoing {
                switch item {
                case .notify(let server, let uuid, let value): await server.notify(uuid, value: value)
                case .close(let server): await server.close()
                }
            }
        }
    }

    deinit { beltOutbox.finish() }

    /// An edge on a button line, delivered now as the GPIO reader delivers the kernel's events.
    package nonisolated func inject(_ edge: GPIOEdgeEvent) {
        edgeSink.yield(edge)
    }

    /// Calls `observer` with every write the belt's GATT server receives on the current link, as it
    /// arrives (the latency benchmark times the belt's commands by it).
    package func observeBeltWrites(_ observer: @escaping @Sendable (BLEUUID, [UInt8]) -> Void) {
        beltWriteObserver = observer
    }

    /// Runs the world until the task is cancelled, waking only when something in it is due (a
    /// receiver burst, a scripted event, a belt notification, the compass's next sample while it is
    /// read) or at the latest every `longestSleep`. Requests from the actors (a belt write, a read)
    /// bring the world up to date on their own.
    package func run() async throws {
        while true {
            try Task.checkCancellation()
            let now = clock.elapsed
            let attempts = i2c.attempts(at: QMC5883LDevice.address)
            if attempts != compassAttempts {
                compassAttempts = attempts
                compassLastRead = now
            }
            let due = max(nextWake(now: now), now)
            let clock = self.clock
            let task = Task<Void, Never>(executorPreference: executor) {
                _ = try? await clock.sleep(until: SessionInstant(offset: due))
            }
            sleeping = (due, task)
            await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
            sleeping = nil
            step()
        }
    }

    private func nextWake(now: Duration) -> Duration {
        let compassRead = compassLastRead.map { now - $0 < Self.compassInUse } ?? false
        return min(world.nextDue(headings: compassRead) ?? now + Self.longestSleep, now + Self.longestSleep)
    }

    /// Wakes the loop when a request made something due before it planned to wake.
    private func rescheduleIfSooner() {
        guard let sleeping, nextWake(now: clock.elapsed) < sleeping.until else { return }
        sleeping.task.cancel()
        self.sleeping = nil
    }

    /// The world as it is now, for tests and the end-of-run summary.
    package func snapshot() -> SimulatedWorld {
        step()
        return world
    }

    private func step() {
        if !receiverPowered {
            // The first step, whoever asks for it (the loop, a device's link, a snapshot): the
            // receiver is switched on now, not at the clock's zero (`SimulatedWorld.powerUpReceiver`).
            receiverPowered = true
            world.powerUpReceiver(at: clock.elapsed)
        }
        let output = world.advance(to: clock.elapsed)
        if !output.receiverBursts.isEmpty {
            i2c.withDevice(at: UBloxDDCDevice.address, as: UBloxDDCDevice.self) { device in
                for burst in output.receiverBursts { device.output(burst) }
            }
        }
        if let unplugged = output.compassUnplugged {
            logger.notice(unplugged ? "the compass's I2C wire comes loose (simulation script)" : "the compass's I2C wire is back")
            i2c.setUnplugged(unplugged, address: QMC5883LDevice.address)
        }
        if let field = output.compassField {
            let now = world.now
            i2c.withDevice(at: QMC5883LDevice.address, as: QMC5883LDevice.self) { $0.sense(field, at: now) }
        }
        for edge in output.buttonEdges { edgeSink.yield(edge) }
        if !output.touches.isEmpty {
            let now = clock.elapsed
            touchTrace.strokes.removeAll { $0.end < now - .seconds(5) }
            for touch in output.touches {
                logger.info("touch case: a finger \(touch.gesture.map { "makes \($0)" } ?? "touches") on the \(Set(touch.strokes.map(\.side.rawValue)).sorted().joined(separator: "+")) side")
                touchTrace.strokes += touch.strokes.compactMap { FuffrTouchTrace.Stroke($0, at: now) }
            }
            let (host, trace) = (touchCase, touchTrace)
            Task(executorPreference: executor) { await host.play(trace) }
        }
        for click in output.penClicks {
            logger.info("pencil: a click of the \(click.pen)")
            let pen: PenSwitch = click.pen == "eraser" ? .eraser : .tip
            let script = PencilScript(PencilScript.click(pen, at: .zero, held: click.held))
            let host = pencil
            Task(executorPreference: executor) { await host.play(script) }
        }
        if let wander = output.wanderedOff {
            logger.notice("the walker stops following the belt and walks straight on for \(Render.seconds(wander)) s (simulation script)")
        }
        if output.wanderEnded {
            logger.notice("the walker follows the belt again (simulation script)")
        }
        if let throttled = output.piThrottled {
            logger.notice("the Pi's supply \(throttled.contains(.underVoltage) ? "sags below the under-voltage threshold" : "recovers") (simulation script)")
            piFirmware.set(throttled)
        }
        for percent in output.pencilBattery {
            logger.info("pencil: its battery reports \(percent) %")
            let host = pencil
            Task(executorPreference: executor) { await host.play(PencilScript([.init(at: .zero, .battery(percent))])) }
        }
        for name in output.actorFailures {
            logger.notice("injecting a failure into the \(name) actor")
            failureSink.yield(name)
        }
        deliver(output.beltNotifications)
        if output.beltSwitchedOff {
            logger.notice("the belt is switched off with its power button: it stops advertising until switched on (simulation script)")
        }
        if output.beltSwitchedOn {
            logger.notice("the belt is switched on with its power button: it advertises (simulation script)")
        }
        if output.beltLinkDropped {
            if !output.beltSwitchedOff {
                logger.notice("belt link dropped (the belt is out of reach until t+\(world.beltAvailableAt.clockString))")
            }
            closeBeltServer()
        }
    }
}

enum BeltOutgoing: Sendable {
    case notify(GATTServerConnection, BLEUUID, [UInt8])
    case close(GATTServerConnection)
}

// MARK: The belt's GATT server, reached over a socketpair

extension SimulatedBoard {
    /// A new link to the belt: a socketpair whose one end our real GATT server serves with the belt's
    /// database and model, and whose other end the real GATT client gets. Every operation of the belt
    /// actor is an ATT PDU through the kernel, as over L2CAP.
    ///
    /// The client's ATT timeout runs on real time, not session time: it guards the transport, and an
    /// accelerated 30 s would be a few milliseconds of a busy machine.
    func gattConnect() throws(GATTError) -> SocketGATTClient {
        step()
        guard world.gattConnect() else { throw .notFound("belt (out of reach)") }
        closeBeltServer()
        let central: PacketSocket, peripheral: PacketSocket
        do {
            (central, peripheral) = try PacketSocket.pair(secondOn: executor)
        } catch {
            world.disconnectBelt()
            throw .unavailable("\(error)")
        }
        beltConnection += 1
        let server = GATTServerConnection(socket: peripheral, database: BeltPeripheral.gattDatabase, logger: logger,
                                          executor: executor)
        beltServer = server
        let delegate = SimulatedBeltServerDelegate(board: self, connection: beltConnection)
        Task(executorPreference: executor) { await server.run(delegate: delegate) }
        return SocketGATTClient(socket: central, clock: .continuous(), logger: logger)
    }

    /// Whether the belt advertises now (switched on, not connected, in reach).
    func beltAdvertises() -> Bool {
        step()
        return world.beltAdvertises
    }

    /// The board's session clock (a listener's window runs on it).
    nonisolated var sessionClock: SessionClock { clock }

    func beltRead(_ uuid: BLEUUID, connection: Int) -> [UInt8]? {
        guard connection == beltConnection, let characteristic = BeltCharacteristic(uuid: uuid) else { return nil }
        step()
        let value = world.withPeripheral { $0.read(characteristic, at: $1) } ?? nil
        reportViolations()
        return value
    }

    func beltWritten(_ uuid: BLEUUID, _ value: [UInt8], connection: Int) {
        guard connection == beltConnection, let characteristic = BeltCharacteristic(uuid: uuid) else { return }
        beltWriteObserver?(uuid, value)
        step()
        let recorded = world.belt.records.count
        let notifications = world.withPeripheral { $0.write(characteristic, value, at: $1) } ?? []
        reportViolations()
        // A well-formed command the belt still refused (e.g. intensity 3 %).
        for record in world.belt.records.dropFirst(recorded) {
            if let problem = record.problem, !problem.hasPrefix("ignored") {
                logger.error("belt refused \(record.command): \(problem)")
            }
        }
        deliver(notifications)
        if world.switchOffIfTold() {
            logger.notice("the belt is told to switch off: it closes the link and stops advertising until switched on")
            closeBeltServer()
        }
        rescheduleIfSooner()
    }

    func beltSubscriptionChanged(_ uuid: BLEUUID, notify: Bool, connection: Int) {
        guard connection == beltConnection, let characteristic = BeltCharacteristic(uuid: uuid) else { return }
        step()
        let notifications = world.withPeripheral { $0.setNotifications(characteristic, enabled: notify, at: $1) } ?? []
        reportViolations()
        deliver(notifications)
        rescheduleIfSooner()
    }

    func beltRefused(_ why: String, connection: Int) {
        guard connection == beltConnection else { return }
        _ = world.withPeripheral { $0.recordRefusedRequest(why, at: $1) }
        reportViolations()
    }

    /// The central closed the link (or it broke): the belt is no longer connected.
    func beltDisconnected(connection: Int, reason: String?) {
        guard connection == beltConnection, beltServer != nil else { return }
        beltServer = nil
        if world.isBeltConnected { world.disconnectBelt() }
    }

    private func closeBeltServer() {
        if let server = beltServer { beltOutbox.yield(.close(server)) }
        beltServer = nil
    }

    private func deliver(_ notifications: [BeltWrite]) {
        guard let server = beltServer else { return }
        for n in notifications {
            beltOutbox.yield(.notify(server, BLEUUID(n.characteristic.uuid16), n.bytes))
        }
    }

    /// Logs byte-level violations as they happen, so a run's log shows them where they occurred.
    private func reportViolations() {
        let all = world.peripheral.violations
        for v in all.dropFirst(reportedViolations) { logger.error("belt protocol violation: \(v)") }
        reportedViolations = all.count
    }
}

/// Hands the belt's GATT server events to the board, tagged with the link they belong to.
struct SimulatedBeltServerDelegate: GATTServerDelegate {
    let board: SimulatedBoard
    let connection: Int

    func read(_ characteristic: BLEUUID) async -> [UInt8]? {
        await board.beltRead(characteristic, connection: connection)
    }

    func written(_ characteristic: BLEUUID, value: [UInt8], withResponse: Bool) async {
        await board.beltWritten(characteristic, value, connection: connection)
    }

    func subscriptionChanged(_ characteristic: BLEUUID, notify: Bool, indicate: Bool) async {
        await board.beltSubscriptionChanged(characteristic, notify: notify, connection: connection)
    }

    func refused(_ why: String) async {
        await board.beltRefused(why, connection: connection)
    }

    func disconnected(reason: String?) async {
        await board.beltDisconnected(connection: connection, reason: reason)
    }
}
