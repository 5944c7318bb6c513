import Belt
import Logging
import Platform

/// One belt: owns its link and the FSNavigationController state machine.
///
/// Requests from the navigation actor are applied to the controller whether or not the belt is
/// connected; on (re)connection the controller brings the belt back to its state, so nothing the
/// wearer asked for while the belt was away is lost — the latest state wins.
public actor BeltActor {
    public enum Event: Sendable {
        case tick
        case request(BeltRequest)
        case belt(BeltEvent)
        case fail
        case shutdown
    }

    /// What the belt tells the rest of the appliance.
    public enum Report: Sendable, Hashable {
        case navigationStateChanged(NavigationState)
        case homeButtonPressed(navigating: Bool)
        case connected(Bool)
    }

    public static let name = "belt"
    public nonisolated let mailbox = Mailbox<Event>()
    private var forwarders = Forwarders()
    private let link: any BeltLink
    private let clock: SessionClock
    private let logger: Logger
    private let health: HealthMonitor
    private let status: StatusBoard
    private let reports: AsyncStream<Report>.Continuation
    private let requests: AsyncStream<BeltRequest>
    private let reconnectBackoff: RestartBackoff
    private var controller = BeltNavigationController()
    private var battery: Int?

    public static let heartbeat: Duration = .milliseconds(250)

    public init(link: any BeltLink, requests: AsyncStream<BeltRequest>, reports: AsyncStream<Report>.Continuation,
                defaultIntensity: Int, clock: SessionClock, logger: Logger, health: HealthMonitor, status: StatusBoard,
                reconnectBackoff: RestartBackoff = RestartBackoff(initial: .milliseconds(500), maximum: .seconds(8), healthyRun: .seconds(30))) {
        self.link = link
        self.requests = requests
        self.reports = reports
        self.clock = clock
        self.logger = logger
        self.health = health
        self.status = status
        self.reconnectBackoff = reconnectBackoff
        _ = try? controller.changeDefaultIntensity(defaultIntensity, feedback: false)
    }

    public var navigationState: NavigationState { controller.state }

    public func run() async throws {
        health.beat(Self.name, at: clock.elapsed)
        status.set(Self.name, "belt \(controller.isConnected ? "connected" : "connecting")")
        let mailbox = self.mailbox
        let requests = self.requests
        forwarders.start([{ await mailbox.forward(requests) { .request($0) } }])
        try await mailbox.runLoop(tick: .tick, every: Self.heartbeat, shutdown: .shutdown, clock: clock,
                                  alongside: [{ await self.maintainConnection() }]) { try await handle($0) }
    }

    /// Handles one event; true when the actor should stop.
    private func handle(_ event: Event) async throws -> Bool {
        let now = clock.elapsed
        switch event {
        case .tick:
            health.beat(Self.name, at: now)
            await perform(controller.poll(now: now))
        case .request(let request):
            do {
                logger.debug("request: \(request)")
                await perform(try controller.handle(request, now: now))
            } catch {
                logger.error("refused \(request): \(error)")
            }
        case .belt(let event):
            describe(event)
            await perform(controller.handle(event, now: now))
            updateStatus()
        case .fail:
            throw InjectedFailure(actor: Self.name)
        case .shutdown:
            let commands = controller.shutdownCommands()
            if !commands.isEmpty { logger.info("shutting down: stopping the belt's vibration") }
            for command in commands { await send(command) }
            await link.disconnect()
            forwarders.stop()
            status.set(Self.name, "belt released")
            return true
        }
        return false
    }

    private func perform(_ outputs: [BeltNavigationOutput]) async {
        for output in outputs {
            switch output {
            case .send(let command):
                await send(command)
            case .stateChanged(let state):
                reports.yield(.navigationStateChanged(state))
            case .homeButtonPressed(let navigating):
                reports.yield(.homeButtonPressed(navigating: navigating))
            }
        }
    }

    private func send(_ command: BeltCommand) async {
        do {
            try await link.send(command)
            logger.debug("→ belt: \(command)")
        } catch {
            // The controller keeps the state; the next connection resends what matters.
            logger.warning("could not send \(command) to the belt: \(error)")
        }
    }

    private func describe(_ event: BeltEvent) {
        switch event {
        case .connected: logger.notice("belt connected")
        case .disconnected(let expected):
            if expected { logger.info("belt disconnected") } else { logger.warning("belt connection lost; reconnecting") }
        case .modeChanged(let mode): logger.info("belt mode: \(mode)")
        case .buttonPressed(let b, let p, let prev, let new):
            logger.info("belt \(b) button (\(p == .long ? "long" : "short") press), mode \(prev) → \(new)")
        case .battery(let percent):
            battery = percent
            logger.info("belt battery \(percent)%")
        }
    }

    private func updateStatus() {
        let link = controller.isConnected ? "belt \(controller.beltMode) mode" : "belt not connected"
        status.set(Self.name, battery.map { "\(link), battery \($0)%" } ?? link)
    }

    /// Connects, forwards the belt's events into the mailbox, and reconnects with bounded backoff after a loss.
    private func maintainConnection() async {
        var backoff = reconnectBackoff
        while !Task.isCancelled {
            let started = clock.elapsed
            do {
                let events = try await link.connect()
                reports.yield(.connected(true))
                var sawDisconnect = false
                for await event in events {
                    if case .disconnected = event { sawDisconnect = true }
                    mailbox.send(.belt(event))
                }
                // A link that ends without saying so has still gone away.
                if !sawDisconnect { mailbox.send(.belt(.disconnected(expected: false))) }
                reports.yield(.connected(false))
                if Task.isCancelled { return }
            } catch {
                logger.warning("belt connection attempt failed: \(error)")
            }
            let delay = backoff.delayAfterFailure(runLength: clock.elapsed - started)
            logger.info("next belt connection attempt in \(SupervisedService.format(delay))")
            do { try await clock.sleep(for: delay) } catch { return }
        }
    }
}
