import Navigation
@testable import TripReport

/// Tracks, routes and journals built in metres about a fixed centre, so that a test states its
/// geometry in the numbers it checks.
enum TripFixtures {
    /// Berlin, Alexanderplatz: mid-latitude, where east and north scales differ by a lot.
    static let centre = Coordinate(latitude: 52.52, longitude: 13.405)
    static let plane = LocalProjection(center: centre)
    /// 2026-11-27T10:00:00Z.
    static let t0 = 1_795_773_600.0

    static func at(_ east: Double, _ north: Double) -> Coordinate {
        plane.coordinate(at: LocalPoint(east: east, north: north)) ?? centre
    }

    static func point(_ east: Double, _ north: Double, t: Double?, fix: TrackPoint.Fix? = .threeD,
                      hdop: Double? = nil) -> TrackPoint {
        TrackPoint(coordinate: at(east, north), time: t.map { t0 + $0 }, fix: fix, hdop: hdop)
    }

    /// A route straight north from (0, 0) to (0, `length`).
    static func northRoute(length: Double = 1000, name: String? = "North") -> Route {
        Route(name: name, kind: .route, waypoints: [Waypoint(name: "South end", coordinate: at(0, 0)),
                                                   Waypoint(name: "North end", coordinate: at(0, length))])
    }

    static func event(_ t: Double, _ kind: TripEvent.Kind, index: Int? = nil, distance: Double? = nil,
                      seconds: Double? = nil, source: String? = nil, command: String? = nil) -> TripEvent {
        TripEvent(time: t0 + t, kind: kind, index: index, command: command, source: source, distance: distance, seconds: seconds)
    }
}
