@testable import Navigation
import Sensors
import XCTest

/// The guidance keeps the geodesics it measures at every fix (each leg of the route, and the way from
/// the fix to the current waypoint): what it keeps must be the geodesic of the points asked about now,
/// never one left over from another route or another waypoint.
final class GuidanceKeptGeodesicsTests: XCTestCase, GuidanceTesting {
    // Due east of A: X, Y and Z about 137 m apart.
    let eastward = Route(name: "east", kind: .route, waypoints: [
        Waypoint(name: "X", coordinate: Coordinate(latitude: 52.0000, longitude: 8.0020)),
        Waypoint(name: "Y", coordinate: Coordinate(latitude: 52.0000, longitude: 8.0040)),
        Waypoint(name: "Z", coordinate: Coordinate(latitude: 52.0000, longitude: 8.0060)),
    ])

    func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        Geodesic.wgs84.inverse(from: a, to: b).distance
    }

    func testTheDistanceLeftIsTheSumOfTheLegsAheadOfTheRouteBeingWalked() throws {
        let here = Coordinate(latitude: 51.9995, longitude: 8.0000)
        var g = RouteGuidance(route: route, parameters: GuidanceParameters())
        _ = g.handle(Fix(coordinate: here, receivedAt: .seconds(1)), now: .seconds(1))
        _ = g.handle(.start, now: .seconds(1))
        let points = route.waypoints.map(\.coordinate)
        let onFirst = try XCTUnwrap(g.progressReport())
        XCTAssertEqual(onFirst.distanceToWaypoint, distance(here, points[0]), accuracy: 1e-9)
        XCTAssertEqual(onFirst.distanceRemaining,
                       distance(here, points[0]) + distance(points[0], points[1]) + distance(points[1], points[2]), accuracy: 1e-9)

        // Another route: its own legs, not the first route's.
        _ = g.apply(GuidanceUpdate(route: eastward), now: .seconds(2))
        let east = eastward.waypoints.map(\.coordinate)
        let onEast = try XCTUnwrap(g.progressReport())
        XCTAssertEqual(onEast.waypointName, "X")
        XCTAssertEqual(onEast.distanceRemaining,
                       distance(here, east[0]) + distance(east[0], east[1]) + distance(east[1], east[2]), accuracy: 1e-9)
    }

    func testTheSameFixMeasuredToTheNextWaypointPointsThere() {
        // At A, walking the leg north to B; skipping to C (north-east of A) re-points from the same fix.
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(), restoring: RouteProgress(routeIdentity: route.identity, currentIndex: 1))
        _ = g.handle(fix(52.0000, 8.0000, at: .seconds(1)), now: .seconds(1))
        _ = g.handle(.start, now: .seconds(1))
        XCTAssertEqual(g.beltDirection(now: .seconds(1))?.value, 0, "B is due north (declination 0)")
        let out = g.handle(.nextWaypoint, now: .seconds(2))
        let toC = Geodesic.wgs84.inverse(from: Coordinate(latitude: 52.0000, longitude: 8.0000), to: route.waypoints[2].coordinate)
        let expected = Int(Bearing.normalized(toC.initialAzimuth).rounded()) % 360
        XCTAssertEqual(beltRequests(out).first, .notifyDirection(direction: expected, isMagneticBearing: true))
        XCTAssertEqual(g.beltDirection(now: .seconds(2))?.value, expected)
        XCTAssertEqual(g.progressReport()?.distanceToWaypoint ?? 0, toC.distance, accuracy: 1e-9)
    }
}
