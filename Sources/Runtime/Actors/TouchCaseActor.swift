import BLESockets
import Belt
import Logging
import Platform
import TouchCase

/// The Fuffr touch case: owns its GATT link, runs `TouchCaseSession` on it, and emits touches.
///
/// - The link is kept by a `ConnectionManager` over the configured connector (L2CAP on a Pi, a
///   socketpair to `FuffrPeripheralHost` in tests and on the simulated board). After an unexpected
///   loss it connects again 0.5 s later, as FuffrLib does (FFRBLEManager.m); attempts that
///   keep failing back off up to 8 s. Every connection runs the enable sequence afresh.
/// - GATT operations run one at a time in the order the session returned them; the session is fed
///   every notification and a tick every 67 ms (FuffrLib's prune cadence) for the 200 ms rule.
/// - Power saving (`powerSaving`): while navigation is stopped the case is sent `00 00` — no side,
///   no touches — and it wakes with the configured command when navigation starts or resumes.
///   The appliance passes `[devices.touch_case] power_saving`, which defaults to on; this
///   initializer's default is off, for `wayfinder record`, which needs the case awake throughout.
/// - FuffrLib's observers: began/moved/ended handlers per side set, called on this actor.
public actor TouchCaseActor {
    public static let name = "touch-case"
    /// FuffrLib reconnects 0.5 s after an unexpected disconnect (FFRBLEManager.m).
    public static let reconnectDelay: Duration = .milliseconds(500)
    public static let heartbeat: Duration = .milliseconds(250)

    /// Every touch change, for the gesture pipeline. Finishes after `stop()`.
    public nonisolated let touches: AsyncStream<TouchEvent>
    private let touchSink: AsyncStream<TouchEvent>.Continuation
    private let manager: ConnectionManager
    private let clock: SessionClock
    private let logger: Logger
    private let health: HealthMonitor?
    private let powerSaving: Bool
    private var command: TouchEnableCommand
    private var navigation: NavigationState
    private var session: TouchCaseSession
    private var observers = TouchObserverRegistry()
    private var client: (any GATTClient)?
    private var operations: AsyncStream<GATTOperation>.Continuation?

    /// - Parameters:
    ///   - command: the sides and touches per side to enable while in use.
    ///   - powerSaving: put the case to sleep while navigation is stopped.
    ///   - navigation: the navigation state at start (`navigationStateChanged` tells later ones).
    public init(connector: any GATTConnector, command: TouchEnableCommand, powerSaving: Bool = false,
                navigation: NavigationState = .stopped, clock: SessionClock, logger: Logger,
                health: HealthMonitor? = nil, attemptTimeout: Duration = .seconds(20)) {
        self.clock = clock
        self.logger = logger
        self.health = health
        self.powerSaving = powerSaving
        self.command = command
        self.navigation = navigation
        session = TouchCaseSession(command: powerSaving && navigation == .stopped ? .powerSave : command)
        manager = ConnectionManager(name: "touch case", connector: connector, clock: clock,
                                    backoff: RestartBackoff(initial: Self.reconnectDelay, maximum: .seconds(8), healthyRun: .seconds(1)),
                                    attemptTimeout: attemptTimeout, logger: logger)
        (touches, touchSink) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(4096))
    }

    // MARK: Running

    /// Keeps the case connected until `stop()` or cancellation.
    public func run() async {
        let manager = self.manager
        let clock = self.clock
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                while !Task.isCancelled {
                    await self.beat()
                    do { try await clock.sleep(for: Self.heartbeat) } catch { return }
                }
            }
            await manager.run { client in try await self.serve(client) }
            group.cancelAll()
        }
    }

    /// Closes the link for good and ends `touches`.
    public func stop() async {
        await manager.stop()
        touchSink.finish()
    }

    /// What the link is doing (connecting, connected, waiting until …).
    public var link: ConnectionManager.State { get async { await manager.state } }
    public var state: TouchCaseSession.State { session.state }
    public var counters: TouchCaseCounters { session.counters }
    /// The command the case is meant to run now (the configured one, or `00 00` while saving power).
    public var activeCommand: TouchEnableCommand { session.command }

    // MARK: Control

    /// Navigation moved on: with power saving, stopped sends the case to sleep and anything else wakes it.
    public func navigationStateChanged(_ state: NavigationState) {
        navigation = state
        apply()
    }

    /// Enables other sides or another number of touches per side.
    public func enable(_ new: TouchEnableCommand) {
        command = new
        apply()
    }

    // MARK: FuffrLib observers

    @discardableResult
    public func addTouchBlock(_ kind: TouchDelivery.Kind, sides: CaseSides,
                              _ handler: @escaping TouchObserverRegistry.Handler) -> Int {
        observers.add(kind, sides: sides, handler)
    }

    @discardableResult
    public func addTouchObserver(sides: CaseSides, began: TouchObserverRegistry.Handler? = nil,
                                 moved: TouchObserverRegistry.Handler? = nil,
                                 ended: TouchObserverRegistry.Handler? = nil) -> Int {
        observers.addObserver(sides: sides, began: began, moved: moved, ended: ended)
    }

    @discardableResult
    public func removeTouchObserver(_ id: Int) -> Bool { observers.remove(id) }

    public func removeAllTouchObservers() { observers.removeAll() }

    // MARK: One connection

    private func serve(_ client: any GATTClient) async throws {
        self.client = client
        let (ops, sink) = AsyncStream.makeStream(of: GATTOperation.self)
        operations = sink
        defer {
            sink.finish()
            operations = nil
            self.client = nil
        }
        process(session.connecting())
        process(session.linkEstablished())
        let found: [BLEUUID: [BLEUUID]]
        do {
            found = try await client.discover(services: [FuffrGATT.sensorService])
        } catch {
            process(session.linkLost(expected: false, now: clock.elapsed))
            throw error
        }
        let characteristics = Set(found.values.joined())
        process(session.discovered(characteristics, now: clock.elapsed))

        let clock = self.clock
        let tickInterval = TouchCaseSession.defaultSilenceTimeout / 3
        var closedByUs = false
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await op in ops { await self.execute(op, on: client) }
            }
            group.addTask {
                while !Task.isCancelled {
                    do { try await clock.sleep(for: tickInterval) } catch { return }
                    await self.tick()
                }
            }
            for await event in client.events {
                switch event {
                case .notification(let characteristic, let value):
                    process(session.received(characteristic, value, now: clock.elapsed))
                case .disconnected(let reason):
                    closedByUs = reason == nil
                    if let reason { logger.warning("touch case link lost: \(reason); reconnecting") }
                }
            }
            group.cancelAll()
        }
        process(session.linkLost(expected: closedByUs, now: clock.elapsed))
    }

    private func execute(_ op: GATTOperation, on client: any GATTClient) async {
        do {
            try await client.perform(op)
            process(session.completed(op, now: clock.elapsed))
        } catch {
            process(session.failed(op, reason: "\(error)", now: clock.elapsed))
        }
    }

    private func tick() {
        process(session.tick(now: clock.elapsed))
    }

    private func beat() {
        health?.beat(Self.name, at: clock.elapsed)
    }

    private func apply() {
        let wanted = powerSaving && navigation == .stopped ? TouchEnableCommand.powerSave : command
        if wanted != session.command { logger.info("touch case: \(wanted == .powerSave ? "power saving" : "enabling \(wanted)")") }
        process(session.configure(wanted, now: clock.elapsed))
    }

    private func process(_ outputs: [TouchCaseSession.Output]) {
        for output in outputs {
            switch output {
            case .perform(let op):
                operations?.yield(op)
            case .touch(let event):
                touchSink.yield(event)
            case .delivery(let delivery):
                observers.deliver(delivery)
            case .stateChanged(let state):
                logger.debug("touch case: \(state)")
                if state == .ready { logger.info("touch case ready: \(session.command)") }
            case .dropped(let why):
                logger.debug("touch case: dropped \(why)")
            case .failed(let why):
                logger.warning("touch case: \(why); closing the link")
                if let client { Task { await client.disconnect() } }
            }
        }
    }
}
