import Belt
import Config
import Navigation

extension ApplianceWiring {
    /// The belt: its actor on a GATT link to the board's belt connector, fed navigation's requests and
    /// reporting the belt's own changes back. Released at shutdown, even while it is down.
    func belt(requests: AsyncStream<BeltRequest>, reports: AsyncStream<BeltActor.Report>.Continuation,
              states: AsyncStream<StateChange>)
        -> (actor: BeltActor, member: ApplianceMember) {
        let link = GATTBeltLink(connector: inputs.beltConnector, clock: clock, linkClock: linkClock,
                                listener: inputs.beltListener, logger: makeLogger("belt-link"))
        // Read at start, with the heading source the appliance starts with.
        let compassSignal = config.compassAccuracySignal.enabled(headingSource: config.guidance.headingSource)
        let belt = BeltActor(link: link, requests: requests, reports: reports, defaultIntensity: config.intensity,
                             compassAccuracySignal: compassSignal, states: states, signals: config.signals, clock: clock, logger: makeLogger(BeltActor.name), health: health, status: status, trip: trip)
        let member = ApplianceMember(
            name: BeltActor.name,
            injectFault: { belt.mailbox.inject(InjectedFailure(actor: BeltActor.name)) },
            service: supervised(BeltActor.name, cleanup: { await belt.release() }) { try await belt.run() })
        return (belt, member)
    }
}
