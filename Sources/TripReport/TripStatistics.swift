import Navigation

/// The figures a walker and a researcher want from one walk: how far and how long, how closely the
/// route was followed, and how long the walk went without guidance (paused, off route, no fix).
///
/// Computed from the track, the route (optional) and the event journal (possibly empty). Where the
/// journal records a state (pauses, off route, GPS outages, arrivals), its records are used: they
/// are what the walker was told. Without such records the figure is estimated from the track's
/// geometry, and the `…Source` fields say which it was. Geometry is done in a `LocalProjection`
/// fitted to the walk, except step lengths, which are measured in a projection tangent at each step
/// (`LocalProjection.distance`) so that the total stays true on a long walk; the distance walked
/// leaves the receiver's jitter out (`WalkedDistance`).
///
/// A point whose `<fix>` is "none" is drawn on the map but not measured: the receiver said the
/// coordinate is not a measurement. Any input gives figures; nothing here traps.
package struct TripStatistics: Sendable, Hashable {
    /// Where a figure came from.
    package enum Source: String, Sendable, Hashable {
        /// The event journal's records.
        case journal
        /// Estimated from the track (and the route).
        case geometry
        /// Neither has what the figure needs.
        case unavailable
    }

    /// Slower than this, metres per second, counts as standing. A slow walk is well above it (about
    /// 0.5 m/s and up); a standing receiver's jitter at one fix a second mostly stays below it.
    package static let movingMinimumSpeed = 0.3
    /// Without a journal, a gap between points longer than this, seconds, is counted as time
    /// without a fix: the appliance records a point at every fix, about once a second.
    package static let fixGap = 5.0
    /// The guidance's default off-route distance, metres (`GuidanceParameters.offRouteDistance`),
    /// used for the geometric estimate when the journal does not say which was in use.
    package static let defaultOffRouteDistance = 30.0
    /// Without a journal, a waypoint counts as reached when a point came this close, metres.
    package static let arrivalRadius = 25.0

    package var pointCount: Int
    package var segmentCount: Int
    /// Points with a time.
    package var timedPointCount: Int
    /// Metres walked by the GPS track with the receiver's jitter left out (`WalkedDistance`: the
    /// measured points thinned to steps of at least `WalkedDistance.holdRadius`, standing steps not
    /// counted), within segments only.
    package var distance: Double
    /// Metres summed over every step between measured points, jitter included, within segments.
    package var everyFixDistance: Double
    /// The earliest and latest point times; nil without timed points.
    package var startTime: Double?
    package var endTime: Double?
    /// `endTime − startTime`, seconds.
    package var duration: Double?
    /// Seconds spent on the steps `distance` counts (`WalkedDistance.movingSeconds`); nil without
    /// times.
    package var movingTime: Double?
    /// Seconds paused, from the journal; nil without a journal.
    package var pausedTime: Double?
    package var pausedSpans: [TripTimeSpan]
    /// Cross-track error, metres: each measured, timed point's distance from the route's polyline
    /// (from the waypoint, for a one-waypoint route), at the 50th and 95th percentile by nearest rank.
    /// Nil without a route. Points without time are used only when no point has one.
    package var crossTrackP50: Double?
    package var crossTrackP95: Double?
    /// How many points the percentiles are taken over.
    package var crossTrackCount: Int
    /// Metres from the route beyond which a point counts as off route in the geometric estimate: the
    /// journal's `walk` record's `distance`, else `defaultOffRouteDistance`.
    package var offRouteDistance: Double
    /// Seconds off route; nil when neither the journal nor the geometry can tell.
    package var offRouteTime: Double?
    package var offRouteSource: Source
    package var offRouteSpans: [TripTimeSpan]
    /// Seconds without a usable fix; nil when neither the journal nor the track's times can tell.
    package var timeWithoutFix: Double?
    package var withoutFixSource: Source
    package var withoutFixSpans: [TripTimeSpan]
    /// When each waypoint (index from 0 into the route) was first reached.
    package var arrivals: [Int: Double]
    package var arrivalSource: Source
    /// When each waypoint the wearer skipped over (and never reached) was skipped; journal only.
    package var skips: [Int: Double]

    package init(track: WalkedTrack, route: Route?, events: [TripEvent]) {
        let events = JournalSpans.ordered(events)
        let routeCoordinates = (route?.waypoints ?? []).map(\.coordinate).filter(\.isValid)
        let projection = LocalProjection(fitting: track.segments.flatMap { $0.map(\.coordinate) } + routeCoordinates)
        let polyline = routeCoordinates.compactMap(projection.project)
        let samples = TrackSamples(track: track, projection: projection, route: polyline)

        pointCount = track.pointCount
        segmentCount = track.segments.count
        timedPointCount = samples.timedCount
        let walked = samples.distance
        distance = walked.metres
        everyFixDistance = walked.everyFixMetres
        startTime = samples.startTime
        endTime = samples.endTime
        duration = samples.startTime.flatMap { start in samples.endTime.map { $0 - start } }
        movingTime = samples.timedCount > 1 ? walked.movingSeconds ?? 0 : nil

        // Cross-track error.
        let timedErrors = samples.all.compactMap { $0.time == nil ? nil : $0.crossTrack }
        let errors = timedErrors.isEmpty ? samples.all.compactMap(\.crossTrack) : timedErrors
        crossTrackP50 = Self.nearestRank(errors, percent: 50)
        crossTrackP95 = Self.nearestRank(errors, percent: 95)
        crossTrackCount = errors.count

        // The journal's states.
        let walk = events.first { $0.kind == .walk }
        let journal = JournalSpans(events: events, end: samples.endTime)
        func has(_ kinds: Set<TripEvent.Kind>) -> Bool { events.contains { kinds.contains($0.kind) } }
        let threshold = walk?.distance.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? Self.defaultOffRouteDistance
        offRouteDistance = threshold

        pausedSpans = journal.paused
        pausedTime = events.isEmpty ? nil : TripTimeSpan.total(journal.paused)

        if has([.offRoute, .backOnRoute, .walk]) {
            offRouteSpans = journal.offRoute
            offRouteSource = .journal
        } else if !polyline.isEmpty, samples.timedCount > 0 {
            offRouteSpans = samples.offRouteSpans(beyond: threshold)
            offRouteSource = .geometry
        } else {
            offRouteSpans = []
            offRouteSource = .unavailable
        }
        offRouteTime = offRouteSource == .unavailable ? nil : TripTimeSpan.total(offRouteSpans)

        if has([.gpsLost, .gpsBack, .walk]) {
            withoutFixSpans = journal.withoutFix
            withoutFixSource = .journal
        } else if samples.timedCount > 0 {
            withoutFixSpans = samples.withoutFixSpans(gap: Self.fixGap)
            withoutFixSource = .geometry
        } else {
            withoutFixSpans = []
            withoutFixSource = .unavailable
        }
        timeWithoutFix = withoutFixSource == .unavailable ? nil : TripTimeSpan.total(withoutFixSpans)

        let waypointCount = route?.waypoints.count
        skips = [:]
        if has([.waypointReached, .arrived, .walk]) {
            arrivals = Self.journalArrivals(events, waypointCount: waypointCount)
            arrivalSource = .journal
            skips = Self.journalSkips(events, waypointCount: waypointCount).filter { arrivals[$0.key] == nil }
        } else if let route, !route.waypoints.isEmpty, samples.timedCount > 0 {
            arrivals = samples.arrivals(at: route.waypoints.map { projection.project($0.coordinate) },
                                        within: Self.arrivalRadius)
            arrivalSource = .geometry
        } else {
            arrivals = [:]
            arrivalSource = .unavailable
        }
    }

    // MARK: Entry points on plain values

    /// The nearest-rank percentile: the smallest value with at least `percent` % of the values at or
    /// below it (so always one of the values). Non-finite values are ignored; nil when none is left.
    package static func nearestRank(_ values: [Double], percent: Double) -> Double? {
        let sorted = values.filter(\.isFinite).sorted()
        guard !sorted.isEmpty else { return nil }
        let fraction = percent.isFinite ? min(max(percent, 0), 100) / 100 : 1
        // 1 ≤ rank ≤ count: a product of a fraction and a count is a small, finite number.
        let rank = max(1, min(sorted.count, Int((fraction * Double(sorted.count)).rounded(.up))))
        return sorted[rank - 1]
    }

    /// The distance from `point` to the nearest point of the polyline through `vertices` (to the only
    /// vertex, for one); nil for no vertices.
    package static func distance(from point: LocalPoint, toPolyline vertices: [LocalPoint]) -> Double? {
        guard let first = vertices.first else { return nil }
        var best = point.distance(to: first)
        for (start, end) in zip(vertices, vertices.dropFirst()) {
            best = min(best, distance(from: point, toSegmentFrom: start, to: end))
        }
        return best
    }

    static func distance(from p: LocalPoint, toSegmentFrom a: LocalPoint, to b: LocalPoint) -> Double {
        let dx = b.east - a.east, dy = b.north - a.north
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0, lengthSquared.isFinite else { return min(p.distance(to: a), p.distance(to: b)) }
        let t = ((p.east - a.east) * dx + (p.north - a.north) * dy) / lengthSquared
        let clamped = t.isFinite ? min(max(t, 0), 1) : 0
        return p.distance(to: LocalPoint(east: a.east + clamped * dx, north: a.north + clamped * dy))
    }

    /// Skips by the journal: following which waypoint the wearer walks to (`navigation_started`,
    /// `waypoint_reached` + 1, `went_back`, `route_changed`), a `skipped` to a later waypoint skips
    /// every one from the one walked to up to it; the first such time for each index. Indices outside
    /// the route are dropped; without a route there is nothing to skip.
    static func journalSkips(_ events: [TripEvent], waypointCount: Int?) -> [Int: Double] {
        guard let waypointCount, waypointCount > 0 else { return [:] }
        var target: Int?
        var skips: [Int: Double] = [:]
        for event in events {
            switch event.kind {
            case .navigationStarted, .wentBack, .routeChanged:
                target = event.index
            case .waypointReached:
                target = event.index.map { $0.addingReportingOverflow(1).overflow ? $0 : $0 + 1 }
            case .skipped:
                // A skip to no waypoint of this route says nothing of where the walk went.
                guard let to = event.index, to >= 0, to < waypointCount else { target = nil; continue }
                if let from = target, from >= 0, from < to {
                    for index in from..<to where skips[index] == nil { skips[index] = event.time }
                }
                target = to
            default:
                continue
            }
        }
        return skips
    }

    /// Arrivals by the journal: the first `waypoint_reached` for each index, and `arrived` for the
    /// last waypoint (its own index, else the route's last). Indices outside the route are dropped.
    static func journalArrivals(_ events: [TripEvent], waypointCount: Int?) -> [Int: Double] {
        var arrivals: [Int: Double] = [:]
        for event in events {
            let index: Int?
            switch event.kind {
            case .waypointReached: index = event.index
            case .arrived: index = event.index ?? waypointCount.map { $0 - 1 }
            default: continue
            }
            guard let index, index >= 0, index < (waypointCount ?? Int.max), arrivals[index] == nil else { continue }
            arrivals[index] = event.time
        }
        return arrivals
    }
}
