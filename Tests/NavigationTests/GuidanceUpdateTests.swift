@testable import Navigation
import Sensors
import XCTest

/// New settings for a running guidance (a configuration reload): a new route, new thresholds, a new
/// default intensity.
final class GuidanceUpdateTests: XCTestCase, GuidanceTesting {
    // Due east of A: X 140 m, Y 280 m.
    let other = Route(name: "other", kind: .route, waypoints: [
        Waypoint(name: "X", coordinate: Coordinate(latitude: 52.0000, longitude: 8.0020)),
        Waypoint(name: "Y", coordinate: Coordinate(latitude: 52.0000, longitude: 8.0040)),
    ])

    /// Walking toward B (north) when the route changes: the new route starts at X, east, and the belt
    /// is pointed there at once, with the pulse a new target gets.
    func testANewRouteWhileNavigatingStartsAtItsFirstWaypointAndRepointsTheBelt() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(), restoring: RouteProgress(routeIdentity: route.identity, currentIndex: 1))
        _ = g.handle(fix(52.0000, 8.0000, at: .seconds(1)), now: .seconds(1))
        _ = g.handle(.start, now: .seconds(1))
        let out = g.apply(GuidanceUpdate(route: other), now: .seconds(2))
        XCTAssertEqual(g.route, other)
        // The walk is still under way on the new route: a crash now carries it on after the restart.
        XCTAssertEqual(g.progress, RouteProgress(routeIdentity: other.identity, isNavigating: true))
        XCTAssertTrue(out.contains(.saveProgress(RouteProgress(routeIdentity: other.identity, isNavigating: true))))
        XCTAssertEqual(reports(out), [.routeChanged(waypoint: 0, of: 2, keptProgress: false)])
        XCTAssertEqual(beltRequests(out), [.notifyDirection(direction: 90, isMagneticBearing: true),
                                           .updateNavigation(direction: 90, isMagneticBearing: true, signal: .nextWaypointLongDistance)])
        XCTAssertEqual(g.state, .navigating)
    }

    /// The same points (a renamed waypoint): the walk goes on where it was, and the belt is left alone.
    func testTheSameRouteEditedKeepsTheProgress() {
        var renamed = route
        renamed.waypoints[1].name = "B, renamed"
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(), restoring: RouteProgress(routeIdentity: route.identity, currentIndex: 1))
        _ = g.handle(fix(52.0000, 8.0000, at: .seconds(1)), now: .seconds(1))
        _ = g.handle(.start, now: .seconds(1))
        let out = g.apply(GuidanceUpdate(route: renamed), now: .seconds(2))
        XCTAssertEqual(g.progress.currentIndex, 1)
        XCTAssertEqual(g.currentWaypoint?.name, "B, renamed")
        XCTAssertEqual(out, [.report(.routeChanged(waypoint: 1, of: 3, keptProgress: true))])
    }

    /// Without a recent fix there is no direction to the new target: the belt falls silent rather than
    /// keep pointing along the old route.
    func testANewRouteWithoutARecentFixSilencesTheBelt() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(fixTimeout: .seconds(10)))
        _ = g.handle(fix(51.9997, 8.0000, at: .seconds(1)), now: .seconds(1))
        _ = g.handle(.start, now: .seconds(1))
        let out = g.apply(GuidanceUpdate(route: other), now: .seconds(30))
        XCTAssertEqual(beltRequests(out), [.updateNavigation(direction: 0, isMagneticBearing: true, signal: nil)])
    }

    /// While stopped or paused the belt is not touched; the new route waits for the next start.
    func testANewRouteWhileStoppedOnlyResetsTheProgress() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(), restoring: RouteProgress(routeIdentity: route.identity, currentIndex: 2))
        let out = g.apply(GuidanceUpdate(route: other), now: .seconds(1))
        XCTAssertEqual(beltRequests(out), [])
        XCTAssertEqual(g.state, .stopped)
        XCTAssertEqual(g.progress.currentIndex, 0)
        XCTAssertEqual(beltRequests(g.handle(.start, now: .seconds(2))), [.startNavigation(direction: 0, isMagneticBearing: true, signal: nil)])
    }

    /// A new declination moves the magnetic bearing: the belt is re-pointed when that is more than the
    /// minimum direction change, as any other change of direction.
    func testNewParametersTakeEffectAndRepointWhenTheDirectionMoves() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(minimumDirectionChange: 8, declination: 0))
        _ = g.handle(fix(51.9990, 8.0000, at: .seconds(1)), now: .seconds(1))   // south of A: true bearing 0°
        _ = g.handle(.start, now: .seconds(1))
        XCTAssertEqual(beltRequests(g.apply(GuidanceUpdate(parameters: GuidanceParameters(minimumDirectionChange: 8, declination: 3)), now: .seconds(2))), [],
                       "3° is within the minimum change")
        let out = g.apply(GuidanceUpdate(parameters: GuidanceParameters(arrivalRadius: 20, minimumDirectionChange: 8, declination: 20)), now: .seconds(3))
        XCTAssertEqual(beltRequests(out), [.updateNavigation(direction: 340, isMagneticBearing: true, signal: .nextWaypointLongDistance)])
        XCTAssertEqual(g.parameters.arrivalRadius, 20)
        XCTAssertEqual(g.declination, 20)
    }

    func testANewIntensityIsWhereIntensityStepsStartFrom() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters())
        g.intensity = 60
        XCTAssertEqual(g.apply(GuidanceUpdate(intensity: 80), now: .zero), [], "the belt actor is told by the reload itself")
        XCTAssertEqual(beltRequests(g.handle(.intensityUp, now: .seconds(1))), [.changeDefaultIntensity(90)])
    }
}
