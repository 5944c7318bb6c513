import Navigation

/// The track's points prepared for measuring: projected, with finite times only, each with its
/// distance from the route. Points with an invalid coordinate (which no GPX file can produce, but a
/// hand-made track can) are left out.
struct TrackSamples {
    struct Sample {
        var segment: Int
        var coordinate: Coordinate
        var point: LocalPoint
        var time: Double?
        /// False for `<fix>none</fix>`: drawn, not measured.
        var measured: Bool
        var fix: TrackPoint.Fix?
        var hdop: Double?
        /// Metres from the route; nil without a route or for an unmeasured point.
        var crossTrack: Double?
    }

    /// Segment by segment, in file order.
    private(set) var segments: [[Sample]] = []

    init(track: WalkedTrack, projection: LocalProjection, route: [LocalPoint]) {
        for (index, points) in track.segments.enumerated() {
            var samples: [Sample] = []
            samples.reserveCapacity(points.count)
            for point in points {
                guard let local = projection.project(point.coordinate) else { continue }
                let measured = point.fix != TrackPoint.Fix.none
                let time = point.time.flatMap { $0.isFinite ? $0 : nil }
                samples.append(Sample(segment: index, coordinate: point.coordinate, point: local, time: time,
                                      measured: measured, fix: point.fix, hdop: point.hdop,
                                      crossTrack: measured ? TripStatistics.distance(from: local, toPolyline: route) : nil))
            }
            segments.append(samples)
        }
    }

    var all: [Sample] { segments.flatMap { $0 } }

    var timedCount: Int { segments.reduce(0) { $0 + $1.lazy.filter { $0.time != nil }.count } }

    var startTime: Double? { segments.lazy.flatMap { $0 }.compactMap(\.time).min() }
    var endTime: Double? { segments.lazy.flatMap { $0 }.compactMap(\.time).max() }

    /// Consecutive timed points of each segment, later than the one before.
    private var timedSteps: [(Sample, Sample, Double)] {
        segments.flatMap { segment -> [(Sample, Sample, Double)] in
            let timed = segment.filter { $0.time != nil }
            return zip(timed, timed.dropFirst()).compactMap { a, b in
                guard let t0 = a.time, let t1 = b.time, t1 > t0 else { return nil }
                return (a, b, t1 - t0)
            }
        }
    }

    /// The walked distance of the measured points, segment by segment (`WalkedDistance`).
    var distance: WalkedDistance {
        WalkedDistance(segments: segments.map { segment in
            segment.filter(\.measured).map { WalkedDistance.Point(coordinate: $0.coordinate, time: $0.time) }
        })
    }

    /// Each interval that starts at a measured point farther than `threshold` from the route.
    func offRouteSpans(beyond threshold: Double) -> [TripTimeSpan] {
        TripTimeSpan.union(timedSteps.compactMap { a, b, _ in
            guard let error = a.crossTrack, error > threshold, let t0 = a.time, let t1 = b.time else { return nil }
            return TripTimeSpan(start: t0, end: t1)
        })
    }

    /// Each interval longer than `gap`, or starting at a point the receiver marked as no fix.
    func withoutFixSpans(gap: Double) -> [TripTimeSpan] {
        TripTimeSpan.union(timedSteps.compactMap { a, b, seconds in
            guard seconds > gap || !a.measured, let t0 = a.time, let t1 = b.time else { return nil }
            return TripTimeSpan(start: t0, end: t1)
        })
    }

    /// For each waypoint in order, the time of the point nearest to it during the first visit
    /// within `radius` (measured, timed points, from the previous waypoint's arrival on): the first
    /// visit, so that a route that ends where it starts finds its start at the start, and the
    /// nearest point of that visit, which is when the walker was there.
    func arrivals(at waypoints: [LocalPoint?], within radius: Double) -> [Int: Double] {
        let timed = all.filter { $0.measured && $0.time != nil }
        var arrivals: [Int: Double] = [:]
        var from = 0
        for (index, waypoint) in waypoints.enumerated() {
            guard let waypoint, from < timed.count else { continue }
            var best: (offset: Int, distance: Double)?
            for offset in from..<timed.count {
                let distance = timed[offset].point.distance(to: waypoint)
                if distance <= radius {
                    if distance < (best?.distance ?? .infinity) { best = (offset, distance) }
                } else if best != nil {
                    break
                }
            }
            guard let best, let time = timed[best.offset].time else { continue }
            arrivals[index] = time
            from = best.offset
        }
        return arrivals
    }
}
