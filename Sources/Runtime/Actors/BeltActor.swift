import Belt
import Logging
import Platform
import TripReport

/// One belt: owns its link and the FSNavigationController state machine.
///
/// Requests from the navigation actor are applied to the controller whether or not the belt is
/// connected; on (re)connection the controller brings the belt back to its state, so nothing the
/// wearer asked for while the belt was away is lost — the latest state wins.
package actor BeltActor {
    /// Where it runs: the process's event loop unless its creator names another (a test's
    /// `TestEventLoop`); a message from another actor on the same loop is a queue append.
    package nonisolated let executor: any ActorExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    package enum Event: Sendable {
        /// A deferred (throttled) vibration update is due.
        case poll
        case request(BeltRequest)
        case link(BeltLinkEvent)
        /// A configuration reload's `[navigation] intensity`: the belt's default from now on, and after
        /// every reconnection. Set without the feedback vibration: the wearer did not ask for it.
        case defaultIntensity(Int)
        /// A state the wearer should feel changed (`StateSignals`).
        case state(StateChange)
        /// A lasting state's signal is due again.
        case signalsDue
        case shutdown
    }

    /// What the belt tells the rest of the appliance.
    package enum Report: Sendable, Hashable {
        case navigationStateChanged(NavigationState)
        case homeButtonPressed(navigating: Bool)
        case connected(Bool)
        /// The wearer changed the intensity on the belt's own buttons, percent: `intensity-up`/`-down`
        /// step from it.
        case intensityChanged(Int)
        /// The wearer switched the belt off with its power button; the walk is kept for its return.
        case standby
        /// The belt the wearer switched off is connected again and brought back to the walk.
        case resumed
    }

    package static let name = "belt"
    package nonisolated let mailbox: Mailbox<Event>
    private var forwarders = Forwarders()
    private let link: any BeltLink
    private let clock: SessionClock
    private let logger: Logger
    private let health: HealthMonitor
    private let status: StatusBoard
    private let reports: AsyncStream<Report>.Continuation
    private let requests: AsyncStream<BeltRequest>
    private var controller = BeltNavigationController()
    /// What the belt last reported of its battery, kept across a link loss (the last known charge).
    private var battery: BeltBatteryStatus?
    /// The link was lost unexpectedly and that was warned about: the attempts that follow are the
    /// recovery, told at `info` until the belt is back (one warning per loss, not one per attempt).
    private var warnedLoss = false
    /// The wearer switched the belt off: its absence is their decision, told at notice, never warned
    /// about, until it is connected again.
    private var standby = false
    /// The walk's journal: link losses and their end, and the belt's battery, go into the trip report.
    private let trip: TripRecorder?
    /// The battery as last put in the journal: its tenth of charge (0–10) and its power status.
    private var journalledBattery: (tenth: Int, power: BeltPowerStatus)?
    private var scheduledPoll: Duration?
    /// How many requests from the navigation actor's stream have been carried out, and who waits for a
    /// number of them (the control socket, whose answer shows their effect).
    private var requestsHandled = 0
    private var requestWaiters: [RequestWaiter] = []
    private var nextWaiter = 0
    private var released = false
    /// Connection attempts failing the same way go to debug, with a reminder at widening intervals,
    /// as a device feed's do (ReopenLoop), so the journal shows it once, not every 8 s for the whole walk.
    private var failures = RepeatedFailure()
    /// When the wearer feels the appliance's states, and the alarm for the next one due.
    private var signals: StateSignals
    private var signalAlarm: (due: Duration, task: Task<Void, Never>)?
    private let states: AsyncStream<StateChange>?

    /// Below this charge the battery reports become warnings (visible with `journalctl -p warning`).
    package static let lowBattery = 20

    /// - Parameter link: the belt's link; it bounds every write and reconnects by itself (`GATTBeltLink`).
    package init(link: any BeltLink, requests: AsyncStream<BeltRequest>, reports: AsyncStream<Report>.Continuation,
                defaultIntensity: Int, compassAccuracySignal: Bool? = nil,
                states: AsyncStream<StateChange>? = nil, signals: SignalSettings = SignalSettings(),
                clock: SessionClock, logger: Logger,
                health: HealthMonitor, status: StatusBoard, trip: TripRecorder? = nil,
                executor: any ActorExecutor = EventLoop.preferred) {
        self.executor = executor
        mailbox = Mailbox(executor: executor)
        self.trip = trip
        self.link = link
        self.requests = requests
        self.reports = reports
        self.clock = clock
        self.logger = logger
        self.health = health
        self.status = status
        self.states = states
        self.signals = StateSignals(settings: signals)
        _ = try? controller.changeDefaultIntensity(defaultIntensity, feedback: false)
        _ = controller.setCompassAccuracySignalWanted(compassAccuracySignal)
    }

    package var navigationState: NavigationState { controller.state }

    package func run() async throws {
        health.started(Self.name, progress: mailbox.progress)
        status.set(Self.name, "belt \(controller.isConnected ? "connected" : "connecting")")
        let (mailbox, requests, events, states) = (self.mailbox, self.requests, link.events, self.states)
        forwarders.start(on: executor, [
            { await mailbox.forward(requests) { .request($0) } },
            { await mailbox.forward(events) { .link($0) } },
            { if let states { await mailbox.forward(states) { .state($0) } } },
        ])
        await link.start()
        do {
            try await mailbox.runLoop(shutdown: .shutdown) { try await handle($0) }
        } catch {
            // Down until the supervisor restarts us: leave the belt quiet rather than pointing at a stale
            // direction, and let the restarted actor connect afresh (it then restores navigation).
            await silenceAndDisconnect()
            throw error
        }
    }

    /// Handles one event; true when the actor should stop.
    private func handle(_ event: Event) async throws -> Bool {
        let now = clock.elapsed
        switch event {
        case .poll:
            await perform(controller.poll(now: now), fromBelt: false)
        case .request(let request):
            do {
                // An intensity change is the wearer's own doing and has no other trace in the log.
                if case .changeDefaultIntensity(let intensity) = request {
                    logger.info("default intensity now \(intensity)%")
                } else {
                    logger.debug("request: \(request)")
                }
                await perform(try controller.handle(request, now: now), fromBelt: false)
            } catch {
                logger.error("refused \(request): \(error)")
            }
            requestsHandled += 1
            resumeWaiters()
        case .defaultIntensity(let intensity):
            do {
                await perform(try controller.changeDefaultIntensity(intensity, feedback: false), fromBelt: false)
                logger.info("default intensity now \(intensity)%")
            } catch {
                logger.error("refused default intensity \(intensity)%: \(error)")
            }
        case .link(.belt(let event)):
            await describe(event)
            switch event {
            case .connected:
                failures.succeeded()
                reports.yield(.connected(true))
            case .disconnected:
                reports.yield(.connected(false))
            case .switchedOff:
                reports.yield(.connected(false))
                reports.yield(.standby)
            default:
                break
            }
            // FSLib-iOS reads FE09 in its handshake (FSCommandManager.swift); the belt otherwise
            // notifies its charge only when it changes, and status would show none until then.
            if case .connected = event { await send(.requestBatteryStatus) }
            await perform(controller.handle(event, now: now), fromBelt: true)
            updateStatus()
        case .link(.attemptFailed(let error, let retryIn)):
            let verdict = failures.failed("\(error)", at: clock.elapsed)
            logger.log(verdict, level: warnedLoss || standby ? .info : .warning, "belt connection attempt failed: \(error)",
                       still: "still cannot connect to the belt")
            nextAttempt(in: retryIn, quietly: verdict != .first)
        case .link(.closed(let retryIn)):
            nextAttempt(in: retryIn, quietly: false)
        case .state(let change):
            await play(signals.handle(change, now: now))
        case .signalsDue:
            signalAlarm = nil
            await play(signals.tick(now: now))
        case .shutdown:
            await release()
            return true
        }
        return false
    }

    /// Plays state signals through the controller, as any request, and wakes for the next one due.
    /// They leave the navigation channel as it is (`BeltNavigationController.notifyState`).
    private func play(_ played: [WearerSignal]) async {
        for signal in played {
            logger.info("signal to the wearer: \(signal)")
            await perform(controller.notifyState(signal), fromBelt: false)
        }
        guard let due = signals.nextDue else {
            signalAlarm?.task.cancel()
            signalAlarm = nil
            return
        }
        if let signalAlarm, signalAlarm.due == due { return }
        signalAlarm?.task.cancel()
        signalAlarm = (due, mailbox.alarm(at: due, clock: clock, .signalsDue))
    }

    /// Silences the belt, hands it back to wait mode and lets go of it. Also called by the supervisor
    /// when shutdown finds this actor down between restarts.
    package func release() async {
        released = true
        resumeWaiters()
        if controller.isConnected { logger.info("shutting down: stopping the belt's vibration") }
        await silenceAndDisconnect()
        forwarders.stop()
        status.set(Self.name, "belt released")
    }

    /// Waits until the first `count` requests of the navigation actor's stream are carried out: the
    /// controller holds what they asked and the belt was sent it (or the link was down, and the
    /// controller resends it on reconnection). True when they were; false when `deadline` (on the
    /// session clock) came first or the belt was released. The deadline runs on its own timer, not
    /// through the mailbox, so it also ends a wait while this actor rests between restarts or is held
    /// by a slow write.
    package func handled(_ count: Int, before deadline: SessionInstant) async -> Bool {
        guard requestsHandled < count else { return true }
        guard !released else { return false }
        let id = nextWaiter
        nextWaiter &+= 1
        return await withCheckedContinuation { continuation in
            let timer = Task(executorPreference: executor) { [clock] in
                do { try await clock.sleep(until: deadline) } catch { return }
                await self.expire(id)
            }
            requestWaiters.append(RequestWaiter(id: id, count: count, timer: timer, continuation: continuation))
        }
    }

    /// How many wait in `handled(_:before:)`.
    var waitingForRequests: Int { requestWaiters.count }

    private func resumeWaiters() {
        let due = requestWaiters.filter { released || $0.count <= requestsHandled }
        requestWaiters.removeAll { released || $0.count <= requestsHandled }
        for waiter in due {
            waiter.timer.cancel()
            waiter.continuation.resume(returning: waiter.count <= requestsHandled)
        }
    }

    private func expire(_ id: Int) {
        guard let index = requestWaiters.firstIndex(where: { $0.id == id }) else { return }
        requestWaiters.remove(at: index).continuation.resume(returning: false)
    }

    private func silenceAndDisconnect() async {
        for command in controller.shutdownCommands() { await send(command) }
        await link.disconnect()
        _ = controller.handle(.disconnected(expected: true), now: clock.elapsed)
    }

    private func nextAttempt(in delay: Duration?, quietly: Bool) {
        guard let delay else { return }
        logger.log(level: quietly ? .debug : .info, "next belt connection attempt in \(DurationFormat.text(delay))")
    }

    /// Carries out the controller's outputs. State changes are reported only when the belt caused them
    /// (its buttons, its mode): the navigation actor already knows about the ones it asked for, and a
    /// late echo of those would undo a newer decision.
    private func perform(_ outputs: [BeltNavigationOutput], fromBelt: Bool) async {
        for output in outputs {
            switch output {
            case .send(let command):
                await send(command)
            case .stateChanged(let state):
                if fromBelt { reports.yield(.navigationStateChanged(state)) }
            case .homeButtonPressed(let navigating):
                reports.yield(.homeButtonPressed(navigating: navigating))
            case .intensityChanged(let intensity):
                // The wearer's own doing on the belt, with no other trace in the log.
                logger.notice("default intensity now \(intensity)% (changed on the belt)")
                reports.yield(.intensityChanged(intensity))
            }
        }
        schedulePoll()
    }

    /// Wakes the actor when the controller's 100 ms throttle has a deferred update due.
    private func schedulePoll() {
        guard let deadline = controller.pendingVibrationDeadline, deadline != scheduledPoll else { return }
        scheduledPoll = deadline
        _ = mailbox.alarm(at: deadline, clock: clock, .poll)
    }

    private func send(_ command: BeltCommand) async {
        do {
            try await link.send(command)
            logger.debug("→ belt: \(command)")
        } catch let error as BeltLinkError where error == .notConnected || error == .connectionLost {
            // The link went down before its loss reached this actor (the two race when the belt walks
            // out of range): expected, and the controller keeps the state, so the next connection
            // resends what matters. Not a warning.
            logger.info("not sent, the belt link is down (sent again on reconnection): \(command)")
        } catch {
            // The controller keeps the state; the next connection resends what matters.
            logger.warning("could not send \(command) to the belt: \(error)")
        }
    }

    private func describe(_ event: BeltEvent) async {
        switch event {
        case .connected:
            if warnedLoss { trip?.record(.linkBack) { $0.device = "belt" } }
            warnedLoss = false
            if standby {
                standby = false
                logger.notice("belt connected: the wearer switched it on again; the walk resumes")
                reports.yield(.resumed)
            } else {
                logger.notice("belt connected")
            }
        case .switchedOff:
            standby = true
            warnedLoss = false
            logger.notice("the wearer switched the belt off (its power button); listening for it to be switched on")
        case .disconnected(let expected):
            if expected {
                logger.info("belt disconnected")
            } else {
                warnedLoss = true
                trip?.record(.linkLost) { $0.device = "belt" }
                logger.warning("belt connection lost; reconnecting")
            }
        case .modeChanged(let mode): logger.info("belt mode: \(mode)")
        case .buttonPressed(let b, let p, let prev, let new):
            logger.info("belt \(b) button (\(p == .long ? "long" : "short") press), mode \(prev) → \(new)")
        case .battery(let status):
            // A warning when the charge first falls below 20 % and again below 10 %, not at every
            // percent on the way down.
            let previous = battery?.levelPercent
            battery = status
            let power = status.powerStatus == .onBattery ? "" : ", \(status.powerStatus.statusName) power"
            guard let percent = status.levelPercent else {
                logger.info("belt battery level unreadable (\(status))")
                return
            }
            journal(status, percent: percent)
            await play(signals.handle(.beltBattery(low: percent < Self.lowBattery && status.powerStatus == .onBattery), now: clock.elapsed))
            let band = { (p: Int) in p < Self.lowBattery / 2 ? 2 : p < Self.lowBattery ? 1 : 0 }
            if percent < Self.lowBattery, status.powerStatus != .charging, band(percent) > (previous.map(band) ?? 0) {
                logger.warning("belt battery low: \(percent)%; charge the belt soon")
            } else {
                logger.info("belt battery \(percent)%\(power)")
            }
        case .firmware(let info):
            logger.info("belt \(info)")
        case .compassAccuracySignal(let state):
            let app = state.contains(.inAppMode) ? "on" : "off", compass = state.contains(.inCompassMode) ? "on" : "off"
            logger.info("belt compass accuracy signal: \(app) in app mode, \(compass) in compass mode")
        case .defaultIntensity(let intensity):
            logger.debug("belt default intensity \(intensity)%")
        }
    }

    /// The battery into the walk's journal: its first report, a change of power, and each 10 % its
    /// charge crosses, so a walk's report shows how the belt held up without a line per percent.
    private func journal(_ status: BeltBatteryStatus, percent: Int) {
        let now = (tenth: percent / 10, power: status.powerStatus)
        if let last = journalledBattery, last.tenth == now.tenth, last.power == now.power { return }
        journalledBattery = now
        trip?.record(.battery) { event in
            event.device = "belt"
            event.percent = Double(percent)
            event.power = status.powerStatus.statusName
            event.seconds = status.timeSeconds
        }
    }

    /// The link, battery, mode and what the belt reported of itself, as `wayfinder status` shows
    /// them (the direction comes from the navigation actor, which decides it). The battery is the
    /// last reported, also while the belt is away; the firmware and the compass accuracy signal are
    /// this connection's.
    package var statusPart: BeltStatusPart {
        BeltStatusPart(connected: controller.isConnected, standby: standby, battery: battery, mode: "\(controller.beltMode)",
                       intensity: controller.defaultIntensity, firmware: controller.firmware,
                       compassAccuracySignal: controller.compassAccuracySignal)
    }

    private func updateStatus() {
        let link = controller.isConnected ? "belt \(controller.beltMode) mode"
            : standby ? "belt switched off by the wearer" : "belt not connected"
        status.set(Self.name, battery?.levelPercent.map { "\(link), battery \($0)%" } ?? link)
    }
}
