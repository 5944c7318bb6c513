@testable import Navigation
import Sensors

/// The route and helpers the route-guidance tests share.
protocol GuidanceTesting {}

extension GuidanceTesting {
    // A: start; B: 111 m north of A; C: about 103 m east of B.
    var route: Route {
        Route(name: "test", kind: .route, waypoints: [
            Waypoint(name: "A", coordinate: Coordinate(latitude: 52.0000, longitude: 8.0000)),
            Waypoint(name: "B", coordinate: Coordinate(latitude: 52.0010, longitude: 8.0000)),
            Waypoint(name: "C", coordinate: Coordinate(latitude: 52.0010, longitude: 8.0015)),
        ])
    }

    func fix(_ lat: Double, _ lon: Double, at t: Duration) -> Fix {
        Fix(coordinate: Coordinate(latitude: lat, longitude: lon), receivedAt: t)
    }

    func beltRequests(_ actions: [GuidanceAction]) -> [BeltRequest] {
        actions.compactMap { if case .belt(let r) = $0 { r } else { nil } }
    }

    func reports(_ actions: [GuidanceAction]) -> [GuidanceEvent] {
        actions.compactMap { if case .report(let e) = $0 { e } else { nil } }
    }
}
