@testable import Navigation
import Sensors
import XCTest

final class RouteGuidanceTests: XCTestCase, GuidanceTesting {

    func testStartPointsTheBeltAtTheFirstWaypointAsAMagneticBearing() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(declination: 3))
        _ = g.handle(fix(51.9997, 8.0000, at: .seconds(1)), now: .seconds(1))   // 33 m south of A
        let out = g.handle(.start, now: .seconds(1))
        // True bearing 0° (due north) minus 3° declination.
        XCTAssertEqual(beltRequests(out), [.startNavigation(direction: 357, isMagneticBearing: true, signal: .nextWaypointMediumDistance)])
        XCTAssertEqual(g.state, .navigating)
    }

    func testStartWithoutAFixEntersNavigationSilently() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters())
        XCTAssertEqual(beltRequests(g.handle(.start, now: .zero)),
                       [.startNavigation(direction: 0, isMagneticBearing: true, signal: nil)])
        let out = g.handle(fix(51.9997, 8.0000, at: .seconds(1)), now: .seconds(1))
        XCTAssertEqual(beltRequests(out), [.updateNavigation(direction: 0, isMagneticBearing: true, signal: .nextWaypointMediumDistance)])
    }

    func testArrivalAdvancesAnnouncesTheNextWaypointAndSavesProgress() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(arrivalRadius: 10))
        _ = g.handle(fix(51.9997, 8.0000, at: .seconds(1)), now: .seconds(1))
        _ = g.handle(.start, now: .seconds(1))
        let out = g.handle(fix(52.00005, 8.0000, at: .seconds(30)), now: .seconds(30))   // 5.6 m north of A
        XCTAssertEqual(reports(out).first, .waypointReached(index: 0, name: "A"))
        XCTAssertTrue(out.contains(.saveProgress(RouteProgress(routeIdentity: route.identity, currentIndex: 1, isNavigating: true))),
                      "saved as a walk still under way")
        XCTAssertEqual(beltRequests(out), [.notifyDirection(direction: 0, isMagneticBearing: true),
                                           .updateNavigation(direction: 0, isMagneticBearing: true, signal: .nextWaypointLongDistance)])
        XCTAssertEqual(g.progress.currentIndex, 1)
    }

    func testDestinationReachedStopsNavigation() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(arrivalRadius: 10),
                              restoring: RouteProgress(routeIdentity: route.identity, currentIndex: 2))
        _ = g.handle(fix(52.0010, 8.0012, at: .seconds(1)), now: .seconds(1))   // 20 m west of C
        _ = g.handle(.start, now: .seconds(1))
        let out = g.handle(fix(52.0010, 8.00145, at: .seconds(20)), now: .seconds(20))
        XCTAssertTrue(beltRequests(out).contains(.notifyDestinationReached(shouldStopNavigation: true)))
        XCTAssertEqual(reports(out).last, .destinationReached)
        XCTAssertEqual(g.state, .stopped)
        XCTAssertTrue(g.progress.destinationReached)
    }

    func testSmallDirectionChangesAreNotSentUntilTheRefreshInterval() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(minimumDirectionChange: 10, refreshInterval: .seconds(15)))
        _ = g.handle(fix(51.9990, 8.0000, at: .seconds(1)), now: .seconds(1))   // 111 m south of A: bearing 0°
        _ = g.handle(.start, now: .seconds(1))
        // 5 m east: bearing to A moves by about 2.6°.
        XCTAssertEqual(beltRequests(g.handle(fix(51.9990, 8.00007, at: .seconds(2)), now: .seconds(2))), [])
        let later = beltRequests(g.handle(fix(51.9990, 8.00007, at: .seconds(17)), now: .seconds(17)))
        let bearing = Geodesic.wgs84.inverse(from: Coordinate(latitude: 51.9990, longitude: 8.00007),
                                             to: route.waypoints[0].coordinate).initialAzimuth
        XCTAssertEqual(Bearing.normalized(bearing), 357.5, accuracy: 0.5)
        XCTAssertEqual(later, [.updateNavigation(direction: Int(Bearing.normalized(bearing).rounded()) % 360,
                                                 isMagneticBearing: true, signal: .nextWaypointLongDistance)])
        // 40 m east: the bearing moves by about 20°, sent at once.
        let big = beltRequests(g.handle(fix(51.9990, 8.0006, at: .seconds(18)), now: .seconds(18)))
        XCTAssertEqual(big.count, 1)
    }

    func testExternalHeadingCommandsAnAngleFromTheBody() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(headingSource: .external, declination: 2))
        _ = g.handle(fix(51.9997, 8.0000, at: .seconds(1)), now: .seconds(1))
        _ = g.handle(Heading(magneticDegrees: 268, receivedAt: .seconds(1)), now: .seconds(1))   // facing true west
        let out = g.handle(.start, now: .seconds(1))
        // Waypoint due north, body faces west: 90° to the right of the body.
        XCTAssertEqual(beltRequests(out), [.startNavigation(direction: 90, isMagneticBearing: false, signal: .nextWaypointMediumDistance)])
    }

    func testExternalHeadingFallsBackToTheBeltCompassWhenStale() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(headingSource: .external))
        _ = g.handle(Heading(magneticDegrees: 268, receivedAt: .zero), now: .zero)
        _ = g.handle(fix(51.9997, 8.0000, at: .seconds(10)), now: .seconds(10))
        XCTAssertEqual(beltRequests(g.handle(.start, now: .seconds(10))),
                       [.startNavigation(direction: 0, isMagneticBearing: true, signal: .nextWaypointMediumDistance)])
    }

    func testLostFixWarnsAndSilencesTheBeltThenRecovers() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(fixTimeout: .seconds(10)))
        _ = g.handle(fix(51.9997, 8.0000, at: .seconds(1)), now: .seconds(1))
        _ = g.handle(.start, now: .seconds(1))
        XCTAssertEqual(g.tick(now: .seconds(10)), [])
        let lost = g.tick(now: .seconds(11))
        XCTAssertEqual(reports(lost), [.fixLost(after: .seconds(10))])
        // The warning is the state signals' (GPS lost); the guidance silences the direction.
        XCTAssertEqual(beltRequests(lost), [.updateNavigation(direction: 0, isMagneticBearing: true, signal: nil)])
        XCTAssertEqual(g.tick(now: .seconds(30)), [], "warned once")
        let back = g.handle(fix(51.9997, 8.0000, at: .seconds(31)), now: .seconds(31))
        XCTAssertEqual(reports(back).first, .fixRegained)
        XCTAssertEqual(beltRequests(back), [.updateNavigation(direction: 0, isMagneticBearing: true, signal: .nextWaypointMediumDistance)])
    }

    func testTheNextCheckIsWhenTheGPSOrTheCompassWillHaveBeenQuietForItsTimeout() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(fixTimeout: .seconds(10), headingSource: .external))
        XCTAssertNil(g.nextCheck, "not navigating: nothing to watch, so the host sleeps")
        _ = g.handle(fix(51.9997, 8.0000, at: .seconds(1)), now: .seconds(1))
        _ = g.handle(Heading(magneticDegrees: 90, receivedAt: .seconds(2)), now: .seconds(2))
        _ = g.handle(.start, now: .seconds(2))
        XCTAssertEqual(g.nextCheck, .seconds(2) + RouteGuidance.headingTimeout, "the compass first")
        _ = g.tick(now: .seconds(2) + RouteGuidance.headingTimeout)   // the compass fell back to the belt's
        XCTAssertEqual(g.nextCheck, .seconds(12), "then the GPS, timed from the start (after its last fix)")
        _ = g.handle(fix(51.9997, 8.0000, at: .seconds(8)), now: .seconds(8))
        XCTAssertEqual(g.nextCheck, .seconds(18), "a fix moves the check on")
        XCTAssertEqual(reports(g.tick(now: .seconds(18))), [.fixLost(after: .seconds(10))])
        XCTAssertNil(g.nextCheck, "lost and warned: nothing more until a fix comes back")
        _ = g.handle(.stop, now: .seconds(19))
        XCTAssertNil(g.nextCheck)
    }

    func testResumingWithAStaleFixStaysSilentUntilAFreshOne() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(fixTimeout: .seconds(10)))
        _ = g.handle(fix(51.9997, 8.0000, at: .seconds(1)), now: .seconds(1))
        _ = g.handle(.start, now: .seconds(1))
        _ = g.tick(now: .seconds(12))                       // fix lost
        _ = g.handle(.pause, now: .seconds(20))
        XCTAssertEqual(beltRequests(g.handle(.resume, now: .seconds(600))),
                       [.startNavigation(direction: 0, isMagneticBearing: true, signal: nil)], "no pointing from a stale fix")
        XCTAssertEqual(beltRequests(g.handle(.nextWaypoint, now: .seconds(601))), [], "nor after skipping")
        let back = g.handle(fix(51.9997, 8.0000, at: .seconds(602)), now: .seconds(602))
        XCTAssertEqual(reports(back).first, .fixRegained)
        XCTAssertEqual(beltRequests(back).count, 1)
    }

    func testAGPSThatNeverDeliversIsWarnedAbout() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(fixTimeout: .seconds(10)))
        _ = g.handle(.start, now: .seconds(100))
        XCTAssertEqual(g.tick(now: .seconds(109)), [])
        XCTAssertEqual(reports(g.tick(now: .seconds(110))), [.fixLost(after: .seconds(10))])
    }

    func testABeltResumeWithoutAFreshFixIsSilenced() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(fixTimeout: .seconds(10)))
        _ = g.handle(fix(51.9997, 8.0000, at: .seconds(1)), now: .seconds(1))
        _ = g.handle(.start, now: .seconds(1))
        _ = g.beltStateChanged(to: .paused, now: .seconds(2))
        let resumed = g.beltStateChanged(to: .navigating, now: .seconds(60))
        XCTAssertEqual(beltRequests(resumed), [.updateNavigation(direction: 0, isMagneticBearing: true, signal: nil)])
    }

    func testAnnouncingIsOnlyForAWalkInProgress() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters())
        _ = g.handle(fix(51.9997, 8.0000, at: .seconds(1)), now: .seconds(1))
        XCTAssertEqual(reports(g.handle(.announceDirection, now: .seconds(1))),
                       [.commandIgnored(.announceDirection, reason: "the walk is stopped, and the belt points only during a walk; start begins it")])
        _ = g.handle(.start, now: .seconds(1))
        XCTAssertEqual(beltRequests(g.handle(.announceDirection, now: .seconds(2))),
                       [.notifyDirection(direction: 0, isMagneticBearing: true)])
    }

    func testASingleWaypointRouteEndsOnArrival() {
        let one = Route(name: "one", kind: .waypoints, waypoints: [route.waypoints[1]])
        var g = RouteGuidance(route: one, parameters: GuidanceParameters(arrivalRadius: 10))
        _ = g.handle(fix(52.0000, 8.0000, at: .seconds(1)), now: .seconds(1))
        XCTAssertEqual(beltRequests(g.handle(.start, now: .seconds(1))),
                       [.startNavigation(direction: 0, isMagneticBearing: true, signal: .navigation)])
        let out = g.handle(fix(52.00098, 8.0000, at: .seconds(80)), now: .seconds(80))
        XCTAssertEqual(reports(out).last, .destinationReached)
    }

    func testNextAndPreviousWaypointCommands() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters())
        _ = g.handle(fix(51.9997, 8.0000, at: .seconds(1)), now: .seconds(1))
        _ = g.handle(.start, now: .seconds(1))
        let next = g.handle(.nextWaypoint, now: .seconds(2))
        XCTAssertEqual(g.progress.currentIndex, 1)
        XCTAssertEqual(g.progress.skipped, [0])
        XCTAssertEqual(reports(next), [.skipped(to: 1, name: "B")])
        XCTAssertEqual(beltRequests(next).first, .notifyDirection(direction: 0, isMagneticBearing: true))
        _ = g.handle(.nextWaypoint, now: .seconds(3))
        XCTAssertEqual(reports(g.handle(.nextWaypoint, now: .seconds(4))),
                       [.commandIgnored(.nextWaypoint, reason: "waypoint 3 of 3 is the last; there is none to skip to")])
        _ = g.handle(.previousWaypoint, now: .seconds(5))
        XCTAssertEqual(g.progress.currentIndex, 1)
        XCTAssertEqual(g.progress.skipped, [0])
    }

    func testPauseResumeAndToggle() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters())
        _ = g.handle(fix(51.9997, 8.0000, at: .seconds(1)), now: .seconds(1))
        _ = g.handle(.togglePause, now: .seconds(1))          // stopped → start
        XCTAssertEqual(g.state, .navigating)
        XCTAssertEqual(beltRequests(g.handle(.togglePause, now: .seconds(2))), [.pauseNavigation])
        XCTAssertEqual(beltRequests(g.handle(.togglePause, now: .seconds(3))),
                       [.startNavigation(direction: 0, isMagneticBearing: true, signal: .nextWaypointMediumDistance)])
        XCTAssertEqual(beltRequests(g.handle(.stop, now: .seconds(4))), [.stopNavigation])
        XCTAssertEqual(reports(g.handle(.pause, now: .seconds(5))), [.commandIgnored(.pause, reason: "the walk is stopped, there is nothing to pause; start begins it")])
    }

    func testProgressOfAnotherRouteIsIgnored() {
        let g = RouteGuidance(route: route, parameters: GuidanceParameters(),
                              restoring: RouteProgress(routeIdentity: "v1-other", currentIndex: 2))
        XCTAssertEqual(g.progress.currentIndex, 0)
        let h = RouteGuidance(route: route, parameters: GuidanceParameters(),
                              restoring: RouteProgress(routeIdentity: route.identity, currentIndex: 9))
        XCTAssertEqual(h.progress.currentIndex, 0, "an index beyond the route is not trusted")
    }

    func testBeltStateChangesAreFollowed() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters())
        _ = g.handle(fix(51.9997, 8.0000, at: .seconds(1)), now: .seconds(1))
        _ = g.handle(.start, now: .seconds(1))
        XCTAssertEqual(reports(g.beltStateChanged(to: .paused, now: .seconds(2))), [.paused])
        XCTAssertEqual(g.state, .paused)
        let resumed = g.beltStateChanged(to: .navigating, now: .seconds(3))
        XCTAssertEqual(reports(resumed), [.resumed])
        XCTAssertEqual(beltRequests(resumed), [.updateNavigation(direction: 0, isMagneticBearing: true, signal: .nextWaypointMediumDistance)])
    }
}
