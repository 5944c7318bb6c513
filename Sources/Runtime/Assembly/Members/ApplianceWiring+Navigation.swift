import Belt
import Navigation
import Routing
import Config

extension ApplianceWiring {
    /// Navigation: the guidance on the fixes, headings, commands and belt reports, asking the belt for
    /// directions; its part leads the status line. Saves its progress at shutdown, even while down.
    func navigation(guidance: RouteGuidance, store: ProgressStore, track: sending TrackFile?, nextWalk: NextWalkFiles?,
                    inputs streams: NavigationActor.Inputs, beltRequests: AsyncStream<BeltRequest>.Continuation,
                    onDestinationReached: @escaping @Sendable () -> Void,
                    observer: (@Sendable (NavigationObservation) -> Void)?,
                    stateObserver: @escaping @Sendable (NavigationState) -> Void) -> (actor: NavigationActor, member: ApplianceMember) {
        let navigation = NavigationActor(
            guidance: guidance, store: store, track: track, trip: trip, manifest: manifest, nextWalk: nextWalk, inputs: streams,
            beltRequests: beltRequests, autostart: config.autostart, headingDemand: inputs.headingDemand, fixDemand: inputs.fixDemand,
            clock: clock,
            logger: makeLogger(NavigationActor.name), health: health, status: status,
            onDestinationReached: onDestinationReached, observer: observer, stateObserver: stateObserver, states: states,
            planning: config.routePlanning.map { RoutePlanningService(settings: $0) }, places: PlaceBook(config.places))
        let member = ApplianceMember(
            name: NavigationActor.name, statusPlace: .leads,
            injectFault: { navigation.mailbox.inject(InjectedFailure(actor: NavigationActor.name)) },
            service: supervised(NavigationActor.name, cleanup: { await navigation.saveProgress() }) { try await navigation.run() })
        return (navigation, member)
    }
}
