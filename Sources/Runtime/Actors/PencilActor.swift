import BLE
import Logging
import Pencil
import Platform

/// One FiftyThree Pencil: owns its radio use (scanning, the GATT link) and runs the pure cores —
/// `PenManager` (pairing, after the SDK's FTPenManager.mm), `PenLink` (the per-connection GATT flow),
/// `PairingSpot` (the headless pairing spot) and `PenClickDecoder` (the pen as a click device).
///
/// Switch events are stamped with the session time their notification arrived (as FTPenManager.mm
/// does), on the same clock as case touches, so the gesture actor's classifier can correlate the two.
///
/// `ConnectionManager` is not used: its reconnect-with-backoff loop would fight the SDK's model, in
/// which the pairing state machine alone decides when to connect (a reconnection only when the pen
/// advertises that it is reconciling with us, FTPenManager.mm).
public actor PencilActor {
    public enum Output: Sendable, Hashable {
        case state(PenManagerState)
        case switchChanged(PenSwitchEvent)
        case click(PenClick)
        case information(PenInformation)
        /// The pairing to remember across restarts (nil = forget); `PenManager(pairedPen:)` takes it back.
        case pairing(String?)
    }

    public enum Event: Sendable {
        case tick
        case advertisement(PenAdvertisement)
        case touch(TouchInput)
        case pairControl(pressed: Bool)
        case linkOpened(generation: Int, client: any GATTClient)
        case linkFailed(generation: Int, reason: String)
        /// A connection attempt we abandoned: the manager hears "disconnected".
        case linkAbandoned(generation: Int)
        case gatt(generation: Int, GATTClientEvent, at: Duration)
        case linkTimer(generation: Int)
        case timer
        case shutdown
    }

    public static let name = "pencil"
    public static let heartbeat: Duration = .milliseconds(250)
    /// One GATT operation may take this long before the link is given up (the ATT timeout is 30 s;
    /// the actor must come back to its mailbox well within the watchdog's window).
    public static let operationTimeout: Duration = .seconds(5)

    public nonisolated let mailbox = Mailbox<Event>()
    public nonisolated let outputs: AsyncStream<Output>
    private let sink: AsyncStream<Output>.Continuation
    private var forwarders = Forwarders()
    private let radio: any PenRadio
    private let touches: AsyncStream<TouchInput>?
    private let pairControl: AsyncStream<Bool>?
    private let clock: SessionClock
    private let logger: Logger
    private let health: HealthMonitor
    private let status: StatusBoard
    private var manager: PenManager
    private var spot = PairingSpot()
    private var clicks = PenClickDecoder()
    private var information = PenInformation(name: "Pencil")
    private var link: PenLink?
    private var client: (any GATTClient)?
    private var linkedPen: String?
    private var generation = 0
    private var connecting: Task<Void, Never>?
    private var pendingOperations: [PenLinkOperation] = []
    private var draining = false
    private var scheduledTimer: Duration?

    /// - Parameters:
    ///   - centralID: this host's ID, written into the pen (non-zero and stable; 0 means "not reconciling").
    ///   - pairedPen: the pairing remembered from an earlier run.
    ///   - touches: case touches (for the pairing spot); nil when there is no case.
    ///   - pairControl: the configured pair control, true while held.
    public init(radio: any PenRadio, centralID: UInt32, pairedPen: String? = nil,
                touches: AsyncStream<TouchInput>? = nil, pairControl: AsyncStream<Bool>? = nil,
                clock: SessionClock, logger: Logger, health: HealthMonitor, status: StatusBoard) {
        self.radio = radio
        self.manager = PenManager(centralID: centralID, pairedPen: pairedPen)
        self.touches = touches
        self.pairControl = pairControl
        self.clock = clock
        self.logger = logger
        self.health = health
        self.status = status
        (outputs, sink) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(256))
    }

    public var state: PenManagerState { manager.state }

    public func run() async throws {
        health.beat(Self.name, at: clock.elapsed)
        let (mailbox, radio, touches, control) = (self.mailbox, self.radio, self.touches, self.pairControl)
        var bodies: [@Sendable () async -> Void] = [{ await mailbox.forward(radio.advertisements) { .advertisement($0) } }]
        if let touches { bodies.append { await mailbox.forward(touches) { .touch($0) } } }
        if let control { bodies.append { await mailbox.forward(control) { .pairControl(pressed: $0) } } }
        forwarders.start(bodies)
        // The adapter is up when the actor runs (the board brings it up first).
        if manager.state == .uninitialized { await apply(manager.handle(.adapter(poweredOn: true), now: clock.elapsed)) }
        try await mailbox.runLoop(tick: .tick, every: Self.heartbeat, shutdown: .shutdown, clock: clock) { try await handle($0) }
    }

    // MARK: Events

    private func handle(_ event: Event) async throws -> Bool {
        let now = clock.elapsed
        switch event {
        case .tick:
            health.beat(Self.name, at: now)
            await timersDue(now: now)
        case .timer:
            scheduledTimer = nil
            await timersDue(now: now)
        case .advertisement(let ad):
            await apply(manager.handle(.discovered(ad), now: now))
        case .touch(let touch):
            for input in spot.touch(touch) { await apply(manager.handle(input, now: touch.at)) }
        case .pairControl(let pressed):
            for input in spot.control(pressed: pressed) { await apply(manager.handle(input, now: now)) }
        case .linkOpened(let g, let newClient):
            await linkOpened(g, newClient)
        case .linkFailed(let g, let reason):
            guard g == generation, let pen = linkedPen else { break }
            connecting = nil
            logger.info("pencil: connection to \(pen) failed: \(reason)")
            await apply(manager.handle(.connectionFailed(pen: pen), now: now))
        case .linkAbandoned(let g):
            guard g == generation, let pen = linkedPen else { break }
            await linkDown(pen, now: now)
        case .gatt(let g, let gattEvent, let at):
            guard g == generation, let pen = linkedPen else { break }
            switch gattEvent {
            case .notification(let uuid, let value):
                guard let c = PenCharacteristic(uuid: uuid) else { break }
                await received(c, value, at: at)
            case .disconnected(let reason):
                if let reason { logger.info("pencil: link to \(pen) lost (\(reason))") }
                await linkDown(pen, now: at)
            }
        case .linkTimer(let g):
            guard g == generation, let link else { break }
            await run(link.timerFired(now: now))
        case .shutdown:
            await client?.disconnect()
            await radio.setScanning(false)
            forwarders.stop()
            sink.finish()
            return true
        }
        return false
    }

    private func timersDue(now: Duration) async {
        await apply(manager.tick(now: now))
        for click in clicks.advance(to: now) { sink.yield(.click(click)) }
        scheduleTimer()
    }

    // MARK: The pairing model's actions

    private func apply(_ actions: [PenManagerAction]) async {
        for action in actions {
            switch action {
            case .startScanning:
                await radio.setScanning(true)
            case .stopScanning:
                await radio.setScanning(false)
            case .connect(let pen, let requireTip):
                connect(pen, requireTip: requireTip)
            case .disconnect(let pen):
                guard pen == linkedPen else { break }
                if let client {
                    await client.disconnect()          // its events end with `.disconnected`
                } else {
                    connecting?.cancel()
                    connecting = nil
                    generation += 1
                    mailbox.send(.linkAbandoned(generation: generation))
                }
            case .powerOff:
                // The SDK's unpair: the pen switches off and drops the link itself (FTPenManager.mm).
                if let client {
                    let bytes: [UInt8] = [0x01]
                    try? await bounded { try await client.write(characteristic: PenCharacteristic.shouldPowerOff.uuid,
                                                                value: bytes, withResponse: true) }
                }
            case .storePairing(let pen):
                sink.yield(.pairing(pen))
            case .married:
                if var l = link {
                    let ops = l.married()
                    link = l
                    await run(ops)
                }
            case .stateChanged(let state):
                logger.info("pencil: \(state)")
                spot.casePolicy = PairingSpot.CasePolicy(state)
                status.set(Self.name, "pencil \(state)")
                sink.yield(.state(state))
            case .failedToDiscoverPen:
                logger.notice("pencil: no pen found; press the pencil tip on the case to pair")
            case .tipReleasedTooEarly:
                logger.notice("pencil: tip released before the pen was ready; press and hold it on the case")
            case .pairingHandshakeFailed:
                logger.notice("pencil: pen and touch were not lifted together; try again")
            }
        }
        scheduleTimer()
    }

    private func connect(_ pen: String, requireTip: Bool) {
        connecting?.cancel()
        generation += 1
        let g = generation
        linkedPen = pen
        link = PenLink(requireTipPressed: requireTip, centralID: manager.centralID, information: information)
        pendingOperations = []
        let connector = radio.connector(for: pen)
        let mailbox = self.mailbox
        connecting = Task {
            do {
                let client = try await connector.connect()
                if Task.isCancelled {
                    await client.disconnect()
                    return
                }
                mailbox.send(.linkOpened(generation: g, client: client))
            } catch {
                if !Task.isCancelled { mailbox.send(.linkFailed(generation: g, reason: "\(error)")) }
            }
        }
    }

    private func linkOpened(_ g: Int, _ opened: any GATTClient) async {
        guard g == generation, linkedPen != nil, client == nil else {
            await opened.disconnect()
            return
        }
        connecting = nil
        client = opened
        let (mailbox, clock) = (self.mailbox, self.clock)
        Task {
            for await event in opened.events { mailbox.send(.gatt(generation: g, event, at: clock.elapsed)) }
        }
        do {
            let table = try await bounded { try await opened.discover(services: [PenCharacteristic.penService]) }
            let found = Set((table[PenCharacteristic.penService] ?? []).compactMap(PenCharacteristic.init(uuid:)))
            guard PenLink.isUsable(found), var l = link else {
                logger.warning("pencil: the pen service lacks IsTipPressed; dropping the link")
                await opened.disconnect()
                return
            }
            let ops = l.start(discovered: found)
            link = l
            await run(ops)
        } catch {
            logger.warning("pencil: discovery failed: \(error)")
            await opened.disconnect()
        }
    }

    private func linkDown(_ pen: String, now: Duration) async {
        client = nil
        link = nil
        connecting = nil
        pendingOperations = []
        clicks.reset()
        await apply(manager.handle(.disconnected(pen: pen), now: now))
    }

    // MARK: The link's operations and values

    /// Queues operations and performs them one at a time, in order (ATT allows one request at a time).
    private func run(_ ops: [PenLinkOperation]) async {
        pendingOperations += ops
        guard !draining else { return }
        draining = true
        defer { draining = false }
        while !pendingOperations.isEmpty {
            let op = pendingOperations.removeFirst()
            guard let client, link != nil else {
                pendingOperations = []
                return
            }
            do {
                try await perform(op, on: client)
            } catch {
                logger.debug("pencil: \(op) failed: \(error)")
                if op == .subscribe(.isTipPressed) || (error as? GATTError) == .disconnected {
                    pendingOperations = []
                    await client.disconnect()
                    return
                }
            }
        }
    }

    private func perform(_ op: PenLinkOperation, on client: any GATTClient) async throws {
        var value: [UInt8] = []
        if let gatt = op.gattOperation { value = try await bounded { try await client.perform(gatt) } }
        switch op {
        case .subscribe(let c):
            if var l = link {
                pendingOperations += l.notificationsEnabled(c, now: clock.elapsed)
                link = l
            }
        case .read(let c):
            await received(c, value, at: clock.elapsed)
        case .write:
            break
        case .discoverDeviceInformation:
            let table = try await bounded { try await client.discover(services: [PenCharacteristic.deviceInformationService]) }
            let found = Set((table[PenCharacteristic.deviceInformationService] ?? []).compactMap(PenCharacteristic.init(uuid:)))
            if let link { pendingOperations += link.deviceInformationDiscovered(found) }
        case .wake(let at):
            let (mailbox, clock, g) = (self.mailbox, self.clock, generation)
            Task {
                try? await clock.sleep(until: SessionInstant(offset: at))
                mailbox.send(.linkTimer(generation: g))
            }
        }
    }

    private func received(_ c: PenCharacteristic, _ value: [UInt8], at: Duration) async {
        guard var l = link, let pen = linkedPen else { return }
        let (ops, events) = l.received(c, value, now: at)
        link = l
        pendingOperations += ops
        for event in events {
            switch event {
            case .ready:
                await apply(manager.handle(.ready(pen: pen), now: at))
            case .tipNotPressed:
                await apply(manager.handle(.tipNotPressed(pen: pen), now: at))
            case .switchChanged(let change):
                sink.yield(.switchChanged(change))
                for click in clicks.handle(change) { sink.yield(.click(click)) }
                for input in spot.tip(change) { await apply(manager.handle(input, now: change.at)) }
                if change.pen == .tip { await apply(manager.handle(.tip(pressed: change.isPressed), now: change.at)) }
            case .information(let info):
                information = info
                sink.yield(.information(info))
            case .malformed(let error):
                logger.warning("pencil: dropped a malformed value: \(error)")
            case .value:
                break
            }
        }
        await run([])
        scheduleTimer()
    }

    /// Wakes the actor for the earliest of the pairing model's and the click decoder's deadlines.
    private func scheduleTimer() {
        let due = [manager.deadline, clicks.deadline].compactMap { $0 }.min()
        guard let due, due != scheduledTimer else { return }
        scheduledTimer = due
        let (mailbox, clock) = (self.mailbox, self.clock)
        Task {
            try? await clock.sleep(until: SessionInstant(offset: due))
            mailbox.send(.timer)
        }
    }

    private func bounded<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withDeadline(Self.operationTimeout, clock: clock,
                               timeout: { GATTError.timedOut("pencil operation (\(Self.operationTimeout))") }, body)
    }
}
