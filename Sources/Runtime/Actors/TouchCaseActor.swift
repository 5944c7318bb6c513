import BLESockets
import Belt
import Logging
import Platform
import TouchCase
import TripReport

/// The Fuffr touch case: runs `TouchCaseSession` on a `GATTDeviceLink` and emits touches.
///
/// - The link is kept up over the configured connector (L2CAP on a Pi, a socketpair to
///   `FuffrPeripheralHost` in tests and on the simulated board). After an unexpected loss it connects
///   again 0.5 s later, as FuffrLib does (FFRBLEManager.m); attempts that keep failing back off up to
///   8 s, and are logged once with what to do, then reminded of at widening intervals
///   (`RepeatedFailure`). Every connection runs the enable sequence afresh.
/// - GATT operations run one at a time in the order the session returned them; the session's timer is
///   armed only while a touch is live, for the 200 ms silence rule.
/// - Power saving (`powerSaving`): while navigation is stopped the case is sent `00 00` — no side,
///   no touches — and it wakes with the configured command when navigation starts or resumes.
///   The appliance passes `[devices.touch_case] power_saving`, which defaults to on; this
///   initializer's default is off, for `wayfinder record`, which needs the case awake throughout.
/// - FuffrLib's observers: began/moved/ended handlers per side set, called on this actor.
package actor TouchCaseActor {
    /// Where it runs: the process's event loop unless its creator names another (a test's
    /// `TestEventLoop`); a message from another actor on the same loop is a queue append.
    package nonisolated let executor: any ActorExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    package static let name = "touch-case"
    package enum Event: Sendable {
        case output(GATTDeviceLink<TouchCaseSession>.Output)
        /// Navigation moved on (`navigationStates`): the case sleeps or wakes with it.
        case navigationStateChanged(NavigationState)
        /// The link's outputs ended: the link was stopped for good (`stop()`).
        case linkStopped
        case shutdown
    }

    /// The link's outputs, navigation's states, and the failures supervision injects (`Mailbox.inject`).
    package nonisolated let mailbox: Mailbox<Event>
    private var forwarders = Forwarders()
    /// FuffrLib reconnects 0.5 s after an unexpected disconnect (FFRBLEManager.m).
    package static let reconnectDelay: Duration = .milliseconds(500)
    /// How late the 200 ms silence rule may end a touch, in session time: acted on while the touch's
    /// next record is still on its way, it would cut a stroke in two. On a paced clock (the simulated
    /// board) the clock slows down while a touch is live; a real-time clock ignores it.
    static let silenceTolerance: Duration = .milliseconds(20)

    /// Every touch change, for the gesture pipeline. Finishes after `stop()`.
    package nonisolated let touches: AsyncStream<TouchEvent>
    private let touchSink: AsyncStream<TouchEvent>.Continuation
    private let device: GATTDeviceLink<TouchCaseSession>
    private let clock: SessionClock
    private let logger: Logger
    private let health: HealthMonitor?
    /// The touch case's part of systemd's status line ("touch case connected").
    private let status: StatusBoard?
    private let powerSaving: Bool
    private let navigationStates: AsyncStream<NavigationState>?
    private var command: TouchEnableCommand
    private var navigation: NavigationState
    private var wanted: TouchEnableCommand
    private var observers = TouchObserverRegistry()
    /// Touches that began since the start, for `wayfinder status`.
    private var touchCount = 0

    /// - Parameters:
    ///   - command: the sides and touches per side to enable while in use.
    ///   - powerSaving: put the case to sleep while navigation is stopped.
    ///   - navigation: the navigation state at start (`navigationStateChanged` tells later ones).
    ///   - navigationStates: the later ones as a stream, heard across restarts of the run loop.
    ///   - linkClock: what the link's request and attempt bounds are measured on (`GATTDeviceTime`).
    package init(connector: any GATTConnector, command: TouchEnableCommand, powerSaving: Bool = false,
                navigation: NavigationState = .stopped, navigationStates: AsyncStream<NavigationState>? = nil,
                clock: SessionClock, linkClock: SessionClock? = nil,
                logger: Logger, health: HealthMonitor? = nil, status: StatusBoard? = nil,
                attemptTimeout: Duration = .seconds(20), trip: TripRecorder? = nil,
                states: AsyncStream<StateChange>.Continuation? = nil,
                executor: any ActorExecutor = EventLoop.preferred) {
        self.executor = executor
        self.states = states
        mailbox = Mailbox(executor: executor)
        self.trip = trip
        self.status = status
        self.clock = clock
        self.logger = logger
        self.health = health
        self.powerSaving = powerSaving
        self.command = command
        self.navigation = navigation
        self.navigationStates = navigationStates
        wanted = powerSaving && navigation == .stopped ? .powerSave : command
        let backoff = RestartBackoff(initial: Self.reconnectDelay, maximum: .seconds(8), healthyRun: .seconds(1))
        device = GATTDeviceLink(session: TouchCaseSession(command: wanted), policy: .keepConnected(backoff),
                                limits: .init(attempt: attemptTimeout), connector: connector,
                                clock: clock, linkClock: linkClock, sessionTimerTolerance: Self.silenceTolerance,
                                executor: executor)
        (touches, touchSink) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(4096))
    }

    // MARK: Running

    /// Keeps the case connected until `stop()`, a graceful shutdown or cancellation; throws an
    /// injected failure, after which the supervisor runs it again on the same link.
    ///
    /// The actor reports to the watchdog once, when it starts: its work is the link's, whose every
    /// request and attempt `GATTDeviceDriver` bounds, and handling an output never waits. The link's
    /// outputs reach the mailbox through a forwarder that outlives a failed run loop (`Forwarders`).
    package func run() async throws {
        let device = self.device
        health?.started(Self.name)
        await device.start()
        let (mailbox, outputs, states) = (self.mailbox, device.outputs, navigationStates)
        var bodies: [@Sendable () async -> Void] = [{
            await mailbox.forward(outputs) { .output($0) }
            mailbox.send(.linkStopped)
        }]
        if let states { bodies.append { await mailbox.forward(states) { .navigationStateChanged($0) } } }
        forwarders.start(on: executor, bodies)
        try await mailbox.runLoop(shutdown: .shutdown) { event in
            switch event {
            case .output(let output):
                handle(output)
                return false
            case .navigationStateChanged(let state):
                await navigationStateChanged(state)
                return false
            case .linkStopped, .shutdown:
                return true
            }
        }
        await device.stop()
    }

    /// Closes the link for good and ends `touches`.
    package func stop() async {
        forwarders.stop()
        await device.stop()
        touchSink.finish()
    }

    /// What the link is doing (connecting, connected, waiting until …).
    package var link: GATTLinkState { get async { await device.state } }
    package var state: TouchCaseSession.State { get async { await device.session.state } }
    package var counters: TouchCaseCounters { get async { await device.session.counters } }
    /// The command the case is meant to run now (the configured one, or `00 00` while saving power).
    package var activeCommand: TouchEnableCommand { wanted }

    /// The link, the sides it senses, power saving and the touches so far, for `wayfinder status`.
    package var statusPart: (link: GATTLinkState, sides: [String], powerSaving: Bool, touches: Int) {
        get async {
            let sides: [(CaseSides, String)] = [(.left, "left"), (.right, "right"), (.top, "top"), (.bottom, "bottom")]
            return (await device.state, sides.filter { command.sides.contains($0.0) }.map(\.1), wanted == .powerSave, touchCount)
        }
    }

    // MARK: Control

    /// Navigation moved on: with power saving, stopped sends the case to sleep and anything else wakes it.
    package func navigationStateChanged(_ state: NavigationState) async {
        navigation = state
        await apply()
    }

    /// Enables other sides or another number of touches per side.
    package func enable(_ new: TouchEnableCommand) async {
        command = new
        await apply()
    }

    // MARK: FuffrLib observers

    @discardableResult
    package func addTouchBlock(_ kind: TouchDelivery.Kind, sides: CaseSides,
                              _ handler: @escaping TouchObserverRegistry.Handler) -> Int {
        observers.add(kind, sides: sides, handler)
    }

    @discardableResult
    package func addTouchObserver(sides: CaseSides, began: TouchObserverRegistry.Handler? = nil,
                                 moved: TouchObserverRegistry.Handler? = nil,
                                 ended: TouchObserverRegistry.Handler? = nil) -> Int {
        observers.addObserver(sides: sides, began: began, moved: moved, ended: ended)
    }

    @discardableResult
    package func removeTouchObserver(_ id: Int) -> Bool { observers.remove(id) }

    package func removeAllTouchObservers() { observers.removeAll() }

    // MARK: Internals

    private func apply() async {
        let new = powerSaving && navigation == .stopped ? TouchEnableCommand.powerSave : command
        guard new != wanted else { return }
        wanted = new
        logger.info("\(new == .powerSave ? "power saving" : "enabling \(new)")")
        await device.update { session, now in session.apply(new, now: now) }
    }

    private func handle(_ output: GATTDeviceLink<TouchCaseSession>.Output) {
        switch output {
        case .link(let change, _):
            describe(change)
        case .event(.touch(let event)):
            if event.phase == .began { touchCount += 1 }
            touchSink.yield(event)
        case .event(.delivery(let delivery)):
            observers.deliver(delivery)
        case .event(.stateChanged(let state)):
            logger.debug("\(state)")
            if state == .ready { logger.info("ready: \(wanted)") }
        case .event(.dropped(let why)):
            logger.debug("dropped \(why)")
        case .event(.failed(let why)):
            logger.warning("\(why); closing the link")
        case .event(.perform):
            break
        }
    }

    /// The walk's journal: link losses and their end go into the trip report.
    private let trip: TripRecorder?
    private var linkLost = false
    /// Where the wearer's signals hear of a lost link and its return (`StateSignals`).
    private let states: AsyncStream<StateChange>.Continuation?
    /// Attempts that keep failing the same way (no Bluetooth adapter, the case switched off) are
    /// logged once with what to do, then reminded of at widening intervals.
    private var failures = RepeatedFailure()

    private func describe(_ change: GATTLinkChange) {
        switch change {
        case .connecting(let attempt):
            status?.set(Self.name, "touch case connecting")
            logger.debug("connecting (attempt \(attempt))")
        case .connected:
            status?.set(Self.name, "touch case connected")
            if linkLost { trip?.record(.linkBack) { $0.device = "touch-case" } }
            linkLost = false
            states?.yield(.touchCase(connected: true))
            failures.succeeded()
            logger.info("connected")
        case .attemptFailed(let attempt, let error, _, let retryIn):
            logger.log(failures.failed("\(error)", at: clock.elapsed), level: .warning,
                       "connection attempt \(attempt) failed: \(error)\(Self.retry(retryIn))",
                       still: "still cannot connect to the touch case")
        case .closed(let reason?, let retryIn):
            if !linkLost { trip?.record(.linkLost) { $0.device = "touch-case"; $0.reason = reason } }
            linkLost = true
            states?.yield(.touchCase(connected: false))
            status?.set(Self.name, "touch case connecting")
            logger.warning("link lost: \(reason)\(Self.retry(retryIn))")
        case .closed(nil, _):
            status?.clear(Self.name)
            logger.info("disconnected")
        }
    }

    private static func retry(_ delay: Duration?) -> String {
        delay.map { "; reconnecting in \(DurationFormat.text($0))" } ?? ""
    }
}
