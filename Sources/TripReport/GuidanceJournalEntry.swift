import Navigation

/// What the walk's journal records of a guidance event: the record (its `time` is left at 0 for the
/// recorder to stamp), and whether the event ends the walk (an arrival or a stop, after which the
/// walk's report is written). Pure, so the mapping is tested on its output; the navigation actor
/// only hands the record to the recorder.
package struct GuidanceJournalEntry: Sendable, Hashable {
    package var record: TripEvent
    package var endsWalk: Bool

    package init(record: TripEvent, endsWalk: Bool = false) {
        self.record = record
        self.endsWalk = endsWalk
    }

    /// The entry for `event` on `route` (the route in force once the event is handled); nil for the
    /// events the journal leaves out (progress lines, ignored commands, declination changes).
    package init?(_ event: GuidanceEvent, route: Route) {
        let waypoints = route.waypoints
        func name(_ index: Int) -> String? { waypoints.indices.contains(index) ? waypoints[index].name : nil }
        func entry(_ kind: TripEvent.Kind, index: Int? = nil, name: String? = nil, distance: Double? = nil,
                   seconds: Double? = nil) -> TripEvent {
            TripEvent(time: 0, kind: kind, index: index, name: name, distance: distance, seconds: seconds)
        }
        switch event {
        case .started(let index, _): self.init(record: entry(.navigationStarted, index: index, name: name(index)))
        case .paused: self.init(record: entry(.paused))
        case .resumed: self.init(record: entry(.resumed))
        case .stopped: self.init(record: entry(.stopped), endsWalk: true)
        case .waypointReached(let index, let waypointName):
            self.init(record: entry(.waypointReached, index: index, name: waypointName))
        case .skipped(let index, let waypointName): self.init(record: entry(.skipped, index: index, name: waypointName))
        case .wentBack(let index, let waypointName): self.init(record: entry(.wentBack, index: index, name: waypointName))
        case .destinationReached:
            let last = waypoints.count - 1
            self.init(record: entry(.arrived, index: last, name: name(last)), endsWalk: true)
        case .fixLost(let after): self.init(record: entry(.gpsLost, seconds: after.inSeconds))
        case .fixRegained: self.init(record: entry(.gpsBack))
        case .headingFallback(let after): self.init(record: entry(.headingFallback, seconds: after.inSeconds))
        case .headingRestored: self.init(record: entry(.headingBack))
        case .offRoute(let distance, let leg): self.init(record: entry(.offRoute, index: leg, distance: distance))
        case .backOnRoute(let distance): self.init(record: entry(.backOnRoute, distance: distance))
        case .routeChanged(let index, _, _): self.init(record: entry(.routeChanged, index: index, name: route.name))
        case .routePlanned(let purpose, let destination, let metres, _, _, _):
            var record = entry(.routePlanned, name: destination, distance: metres)
            record.reason = purpose
            self.init(record: record)
        case .progress, .commandIgnored, .declination, .destinationSignalStopped:
            return nil
        }
    }
}
