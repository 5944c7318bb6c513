import Belt
import BLE
import Navigation
import Platform
import ServiceLifecycle
import Status
import TouchCase
import Config

extension ApplianceWiring {
    /// The Fuffr touch case, when `[devices.touch_case]` is enabled and the board can reach it: its
    /// actor keeps the case connected and follows navigation's state for power saving. Its link is
    /// closed at once on shutdown (and its touch stream ends).
    func touchCase(navigationStates: AsyncStream<NavigationState>) -> (actor: TouchCaseActor, member: ApplianceMember)? {
        let settings = config.touchCaseSettings
        guard config.touchCase.enabled, let connector = inputs.touchCaseConnector,
              let enable = TouchEnableCommand(sides: CaseSides(settings.sides.compactMap { CaseSide(rawValue: $0.rawValue) }),
                                              touchesPerSide: settings.touchesPerSide) else { return nil }
        let touchCase = TouchCaseActor(connector: connector, command: enable, powerSaving: settings.powerSaving,
                                       navigation: .stopped, navigationStates: navigationStates, clock: clock, linkClock: linkClock,
                                       logger: makeLogger(TouchCaseActor.name), health: health, status: status, trip: trip,
                                       states: states)
        let service = supervised(TouchCaseActor.name, cleanup: { await touchCase.stop() }) {
            try await withGracefulShutdownHandler {
                try await touchCase.run()
            } onGracefulShutdown: {
                Task(executorPreference: EventLoop.preferred) { await touchCase.stop() }
            }
        }
        let member = ApplianceMember(
            name: TouchCaseActor.name,
            injectFault: { touchCase.mailbox.inject(InjectedFailure(actor: TouchCaseActor.name)) },
            service: service,
            controlPart: { report in
                let part = await touchCase.statusPart
                report.touchCase = TouchCaseStatus(link: Self.link(part.link), sides: part.sides,
                                                   powerSaving: part.powerSaving, touches: part.touches)
            })
        return (touchCase, member)
    }

    /// A GATT link's state as `status` names it.
    static func link(_ state: GATTLinkState) -> LinkState {
        switch state {
        case .idle, .stopped: .off
        case .connecting(let attempt): attempt > 1 ? .reconnecting : .connecting
        case .discovering: .connecting
        case .connected: .connected
        case .waiting: .reconnecting
        }
    }
}
