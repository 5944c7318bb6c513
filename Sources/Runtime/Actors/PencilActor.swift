import BLESockets
import Logging
import Pencil
import Platform
import TripReport

/// One FiftyThree Pencil: owns its radio use (scanning, the GATT link) and runs the pure cores —
/// `PenManager` (pairing, after the SDK's FTPenManager.mm), `PenSession` (the per-connection GATT flow,
/// on a `GATTDeviceLink`), `PairingSpot` (the headless pairing spot) and `PenClickDecoder` (the pen as
/// a click device).
///
/// Switch events are stamped with the session time their notification arrived (as FTPenManager.mm
/// does), on the same clock as case touches, so the gesture actor's classifier can correlate the two.
///
/// The link connects only when asked (`GATTLinkPolicy.whenAsked`): a reconnect-with-backoff loop would
/// fight the SDK's model, in which the pairing state machine alone decides when to connect (a
/// reconnection only when the pen advertises that it is reconciling with us, FTPenManager.mm).
package actor PencilActor {
    /// Where it runs: the process's event loop unless its creator names another (a test's
    /// `TestEventLoop`); a message from another actor on the same loop is a queue append.
    package nonisolated let executor: any ActorExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    package enum Output: Sendable, Hashable {
        case state(PenManagerState)
        case switchChanged(PenSwitchEvent)
        case click(PenClick)
        case information(PenInformation)
        /// The pairing to remember across restarts (nil = forget); `PenManager(pairedPen:)` takes it back.
        case pairing(String?)
    }

    package enum Event: Sendable {
        case advertisement(PenAdvertisement)
        case touch(TouchInput)
        case pairControl(pressed: Bool)
        case device(GATTDeviceLink<PenSession>.Output)
        case timer
        case shutdown
    }

    package static let name = "pencil"

    package nonisolated let mailbox: Mailbox<Event>
    package nonisolated let outputs: AsyncStream<Output>
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
    private let device: GATTDeviceLink<PenSession>
    /// The pen the link is for.
    private var linkedPen: String?
    /// The generation of the link (or attempt) to `linkedPen`; changes of older ones, ended because the
    /// model connected anew, are not the model's news.
    private var linkGeneration = 0
    private var scheduledTimer: Duration?

    /// - Parameters:
    ///   - centralID: this host's ID, written into the pen (non-zero and stable; 0 means "not reconciling").
    ///   - pairedPen: the pairing remembered from an earlier run.
    ///   - touches: case touches (for the pairing spot); nil when there is no case.
    ///   - pairControl: the configured pair control, true while held.
    ///   - linkClock: what the link's request and attempt bounds are measured on (`GATTDeviceTime`).
    package init(radio: any PenRadio, centralID: UInt32, pairedPen: String? = nil,
                touches: AsyncStream<TouchInput>? = nil, pairControl: AsyncStream<Bool>? = nil,
                clock: SessionClock, linkClock: SessionClock? = nil, logger: Logger, health: HealthMonitor,
                status: StatusBoard, trip: TripRecorder? = nil, remember: (@Sendable (String?) -> Void)? = nil,
                states: AsyncStream<StateChange>.Continuation? = nil,
                executor: any ActorExecutor = EventLoop.preferred) {
        self.executor = executor
        self.states = states
        mailbox = Mailbox(executor: executor)
        self.trip = trip
        self.remember = remember
        self.radio = radio
        // The connector is the pen's own, given with each `connect`.
        device = GATTDeviceLink(session: PenSession(centralID: centralID), policy: .whenAsked,
                                connector: nil, clock: clock, linkClock: linkClock, executor: executor)
        self.manager = PenManager(centralID: centralID, pairedPen: pairedPen)
        self.touches = touches
        self.pairControl = pairControl
        self.clock = clock
        self.logger = logger
        self.health = health
        self.status = status
        (outputs, sink) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(256))
    }

    package var state: PenManagerState { manager.state }
    /// What the pen last told about itself (battery band, firmware), for `wayfinder status`.
    package private(set) var information: PenInformation?

    package func run() async throws {
        health.started(Self.name, progress: mailbox.progress)
        let (mailbox, radio, touches, control, device) = (self.mailbox, self.radio, self.touches, self.pairControl, self.device)
        var bodies: [@Sendable () async -> Void] = [
            { await mailbox.forward(radio.advertisements) { .advertisement($0) } },
            { await mailbox.forward(device.outputs) { .device($0) } },
        ]
        if let touches { bodies.append { await mailbox.forward(touches) { .touch($0) } } }
        if let control { bodies.append { await mailbox.forward(control) { .pairControl(pressed: $0) } } }
        forwarders.start(on: executor, bodies)
        // The adapter is up when the actor runs (the board brings it up first).
        if manager.state == .uninitialized { await apply(manager.handle(.adapter(poweredOn: true), now: clock.elapsed)) }
        try await mailbox.runLoop(shutdown: .shutdown) { try await handle($0) }
    }

    // MARK: Events

    private func handle(_ event: Event) async throws -> Bool {
        let now = clock.elapsed
        switch event {
        case .timer:
            scheduledTimer = nil
            await timersDue(now: now)
        case .advertisement(let ad):
            await apply(manager.handle(.discovered(ad), now: now))
        case .touch(let touch):
            for input in spot.touch(touch) { await applySpot(input, now: touch.at) }
        case .pairControl(let pressed):
            for input in spot.control(pressed: pressed) { await applySpot(input, now: now) }
        case .device(.event(let event)):
            await linkEvent(event, now: now)
        case .device(.link(let change, let generation)):
            guard generation == linkGeneration else { break }
            await linkChanged(change, now: now)
        case .shutdown:
            await device.stop()
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
                await connect(pen, requireTip: requireTip)
            case .disconnect(let pen):
                // The link (or the attempt) ends "as asked"; the model hears `.disconnected` then.
                guard pen == linkedPen else { break }
                await device.disconnect()
            case .powerOff:
                // The SDK's unpair: the pen switches off and drops the link itself (FTPenManager.mm).
                let bytes: [UInt8] = [0x01]
                _ = try? await device.perform(.write(PenCharacteristic.shouldPowerOff.uuid, bytes, withResponse: true))
            case .storePairing(let pen):
                remember?(pen)
                sink.yield(.pairing(pen))
            case .married:
                await device.update { session, _ in session.married() }
            case .stateChanged(let state):
                logger.info("\(state)")
                spot.casePolicy = PairingSpot.CasePolicy(state)
                status.set(Self.name, "pencil \(state)")
                sink.yield(.state(state))
            case .failedToDiscoverPen:
                logger.notice("no pen found; press the pencil tip on the case to pair")
            case .tipReleasedTooEarly:
                logger.notice("tip released before the pen was ready; press and hold it on the case")
            case .pairingHandshakeFailed:
                logger.notice("pen and touch were not lifted together; try again")
            }
        }
        scheduleTimer()
    }

    /// A spot input. A pairing that the spot's release ends while the pen is being connected is logged
    /// with what to do, since a headless wearer has no pairing spot on a screen to watch. At info, not
    /// as a warning: while no pen is paired every touch on the case is the spot, so a swipe made while
    /// an unpaired pen is advertising nearby ends a pairing the wearer never meant (a release while
    /// still seeking is not logged at all).
    private func applySpot(_ input: PenManagerInput, now: Duration) async {
        let before = manager.state
        let actions = manager.handle(input, now: now)
        let after = manager.state
        await apply(actions)
        if input == .spotReleased, before == .connecting, after == .unpaired {
            logger.info("pairing ended: the touch on the case was lifted while the pen was connecting (to pair, keep one finger on the case, alone, until the pencil connects)")
        }
    }

    private func connect(_ pen: String, requireTip: Bool) async {
        linkedPen = pen
        await device.update { session, _ in
            session.requireTipPressed = requireTip
            return []
        }
        linkGeneration = await device.connect(using: radio.connector(for: pen))
    }

    // MARK: The link

    /// The walk's journal: link losses and their end go into the trip report.
    private let trip: TripRecorder?
    private var linkLost = false
    /// Where the wearer's signals hear of a lost link, its return and a low battery (`StateSignals`).
    private let states: AsyncStream<StateChange>.Continuation?
    /// Keeps the pairing across restarts (`PenPairingStore`): told the pen the model stores, nil when it forgets.
    private let remember: (@Sendable (String?) -> Void)?

    private func linkChanged(_ change: GATTLinkChange, now: Duration) async {
        guard let pen = linkedPen else { return }
        switch change {
        case .connected:
            if linkLost { trip?.record(.linkBack) { $0.device = "pencil" } }
            linkLost = false
            states?.yield(.pen(connected: true))
            logger.debug("link to \(pen): \(change)")
        case .connecting:
            logger.debug("link to \(pen): \(change)")
        case .attemptFailed(_, let error, let linkOpened, _):
            // A pen reached and lost during discovery is a disconnection, as the SDK hears it
            // (FTPenManager.mm); only a pen never reached failed to connect.
            logger.info("connection to \(pen) failed: \(error)")
            clicks.reset()
            await apply(manager.handle(linkOpened ? .disconnected(pen: pen) : .connectionFailed(pen: pen), now: now))
        case .closed(let reason, _):
            if let reason {
                logger.info("link to \(pen) lost (\(reason))")
                if !linkLost { trip?.record(.linkLost) { $0.device = "pencil"; $0.reason = reason } }
                linkLost = true
                states?.yield(.pen(connected: false))
            }
            clicks.reset()
            await apply(manager.handle(.disconnected(pen: pen), now: now))
        }
    }

    private func linkEvent(_ event: PenLinkEvent, now: Duration) async {
        guard let pen = linkedPen else { return }
        switch event {
        case .ready:
            await apply(manager.handle(.ready(pen: pen), now: now))
        case .tipNotPressed:
            await apply(manager.handle(.tipNotPressed(pen: pen), now: now))
        case .switchChanged(let change):
            sink.yield(.switchChanged(change))
            for click in clicks.handle(change) { sink.yield(.click(click)) }
            for input in spot.tip(change) { await apply(manager.handle(input, now: change.at)) }
            if change.pen == .tip { await apply(manager.handle(.tip(pressed: change.isPressed), now: change.at)) }
        case .information(let info):
            if info.firmwareUpdateAvailable != information?.firmwareUpdateAvailable, let running = info.firmwareRevision,
               let available = info.firmwareUpdateAvailable {
                // Once per pen and answer, as the SDK's delegate hears it when the value changes.
                if available {
                    logger.notice("firmware \(running) on the pen; \(PenFirmwareCatalog.latest) is available: FiftyThree's Paper app on an iPad installs it (the Pi cannot)")
                } else {
                    logger.info("firmware \(running) on the pen, the latest known")
                }
            }
            warnIfBatteryLow(info.batteryLevel, was: information?.batteryLevel)
            information = info
            sink.yield(.information(info))
        case .malformed(let error):
            logger.warning("dropped a malformed value: \(error)")
        case .value:
            break
        }
        scheduleTimer()
    }

    /// A warning (and so a `status` warning) when the pen's battery falls into FiftyThree's low band
    /// (≤ 25 %, `FTPenBatteryLevelLow`) and again into its critically low band (≤ 10 %), not at every
    /// report in them; a rise out of them is told at info.
    private func warnIfBatteryLow(_ level: PenBatteryLevel, was previous: PenBatteryLevel?) {
        func severity(_ l: PenBatteryLevel?) -> Int {
            switch l {
            case .low: 1
            case .criticallyLow: 2
            default: 0
            }
        }
        guard level != .unknown, level != previous else { return }
        states?.yield(.penBattery(low: severity(level) > 0))
        if severity(level) > severity(previous) {
            logger.warning("pen battery \(level == .criticallyLow ? "critically low" : "low"): charge the pencil soon")
        } else if severity(level) == 0, severity(previous) > 0 {
            logger.info("pen battery no longer low")
        }
    }

    /// Wakes the actor for the earliest of the pairing model's and the click decoder's deadlines.
    private func scheduleTimer() {
        let due = [manager.deadline, clicks.deadline].compactMap { $0 }.min()
        guard let due, due != scheduledTimer else { return }
        scheduledTimer = due
        _ = mailbox.alarm(at: due, clock: clock, .timer)
    }
}
