import Navigation

/// How far a walk went by its GPS track, without counting the receiver's jitter as walking.
///
/// Summing every fix counts the error too: a receiver's position wanders by a few metres even when
/// it stands still (the error changes slowly, over tens of seconds), so each one-second step has a
/// metre or so of error in it. That adds about a tenth to a walk at walking pace and a kilometre
/// an hour to a wearer who stands. The fixes are therefore thinned and the standing steps left out,
/// the way gpxpy measures a track's moving distance (`GPXTrackSegment.reduce_points(min_distance)`,
/// whose `get_moving_data` docstring advises measuring a reduced track, then `moving_distance`:
/// only steps faster than `stopped_speed_threshold`):
///
/// 1. **Thinning.** Within each segment, a measured point is kept when it is at least `holdRadius`
///    from the last point kept, and the points in between are dropped, as GPSBabel's position
///    filter does for tracks ("consecutive points are removed until the distance between the
///    bracketing points is greater than the specified distance"). Jitter smaller than the radius
///    never makes a step; a corner is cut by at most (√2 − 1)·`holdRadius` ≈ 4 m.
/// 2. **Standing.** A kept step slower than `standingSpeed` on average is the error wandering
///    while the wearer stands, and is not counted, except the step in which the wearer sets off
///    again (slow on average because it includes the wait), recognised by the walking step after it.
/// 3. **The end.** What is left after the last kept point of a segment (less than `holdRadius`)
///    counts when it was covered at walking speed.
///
/// Without times (a GPX track from another tool may have none) speed cannot be told, and every
/// kept step counts. Pure arithmetic on finite values; nothing here traps.
package struct WalkedDistance: Sendable, Hashable {
    /// A point closer than this to the last one kept, metres, is not a step. Above a receiver's
    /// usual standing wander (a few metres with HDOP near 1), short enough to follow a street's
    /// corners.
    package static let holdRadius = 10.0
    /// Slower than this on average over a step, metres per second, is standing: the same speed as
    /// the moving time's (`TripStatistics.movingMinimumSpeed`), near gpxpy's 1 km/h default.
    package static let standingSpeed = TripStatistics.movingMinimumSpeed

    /// Metres walked by the thinned track (the report's "distance walked").
    package var metres: Double
    /// The plain sum of every step between measured points, jitter included, for comparison.
    package var everyFixMetres: Double
    /// Seconds spent on the steps `metres` counts, so that distance and moving time describe the same
    /// walking: a walked step's own time, and for the step that sets off after standing, its length
    /// at the pace of the step after it (the rest of it was the wait). Nil when no counted step has
    /// times.
    package var movingSeconds: Double?

    /// One point of a segment: where, and when (nil when the track gives no time).
    package struct Point: Sendable, Hashable {
        package var coordinate: Coordinate
        package var time: Double?

        package init(coordinate: Coordinate, time: Double?) {
            self.coordinate = coordinate
            self.time = time
        }
    }

    /// The distance over segments of measured points in track order; the gaps between segments
    /// (a restart of the appliance) are not walked.
    package init(segments: [[Point]]) {
        var metres = 0.0, everyFix = 0.0, moving: Double?
        for segment in segments {
            everyFix += Self.everyFix(segment)
            let walked = Self.thinned(segment)
            metres += walked.metres
            if let seconds = walked.seconds { moving = (moving ?? 0) + seconds }
        }
        self.metres = metres
        everyFixMetres = everyFix
        movingSeconds = moving
    }

    static func everyFix(_ points: [Point]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { total, step in
            total + (LocalProjection.distance(from: step.0.coordinate, to: step.1.coordinate) ?? 0)
        }
    }

    /// A kept step: its length, its duration and whether it was walked (nil: no time to tell).
    struct Step {
        var metres: Double
        var seconds: Double?
        var walked: Bool?
    }

    /// The metres a segment's thinned track counts, and the seconds spent on them (nil: no time).
    static func thinned(_ points: [Point]) -> (metres: Double, seconds: Double?) {
        guard var anchor = points.first else { return (0, nil) }
        var steps: [Step] = []
        var tail: Step?
        for point in points.dropFirst() {
            guard let metres = LocalProjection.distance(from: anchor.coordinate, to: point.coordinate),
                  metres.isFinite else { continue }
            let step = Step(metres: metres, seconds: seconds(from: anchor.time, to: point.time),
                            walked: walked(metres, from: anchor.time, to: point.time))
            if metres >= holdRadius {
                steps.append(step)
                anchor = point
                tail = nil
            } else {
                tail = step
            }
        }
        var total = 0.0, moving: Double?
        func add(_ seconds: Double?) { if let seconds { moving = (moving ?? 0) + seconds } }
        for (index, step) in steps.enumerated() {
            let next = index + 1 < steps.count ? steps[index + 1] : tail
            if step.walked != false {
                total += step.metres
                add(step.seconds)
            } else if let next, next.walked == true {
                // The step that sets off after standing is slow on average; the walking after it
                // shows it, and its pace tells how much of the step was walking.
                total += step.metres
                if let pace = next.seconds.map({ $0 / next.metres }), pace.isFinite {
                    add(min(step.seconds ?? .infinity, step.metres * pace))
                }
            }
        }
        if let tail, tail.walked != false {
            total += tail.metres
            add(tail.seconds)
        }
        return (total, moving)
    }

    /// Seconds between two times in order; nil when either is missing or they are not in order.
    static func seconds(from start: Double?, to end: Double?) -> Double? {
        guard let start, let end, end > start, (end - start).isFinite else { return nil }
        return end - start
    }

    /// Whether `metres` between two times is walking pace; nil when either time is missing or they
    /// are not in order.
    static func walked(_ metres: Double, from start: Double?, to end: Double?) -> Bool? {
        guard let start, let end, end > start else { return nil }
        let seconds = end - start
        guard seconds.isFinite else { return nil }
        return metres / seconds >= standingSpeed
    }
}
