@testable import Navigation
import Sensors
import XCTest

/// The saved progress says whether the walk is under way (`RouteProgress.isNavigating`), so that a
/// restart after a crash, a kill or a power loss carries on walking, and one after a pause, a stop or
/// the destination does not. Every change of the navigation state is saved with it, whoever made it:
/// the wearer's commands or the belt's own state machine.
final class WalkUnderWaySavedTests: XCTestCase, GuidanceTesting {
    /// The progress values the actions ask to save, in order.
    func saved(_ actions: [GuidanceAction]) -> [RouteProgress] {
        actions.compactMap { if case .saveProgress(let p) = $0 { p } else { nil } }
    }

    /// What progress.json holds after the actions are carried out.
    func lastSaved(_ actions: [GuidanceAction], file: StaticString = #filePath, line: UInt = #line) throws -> RouteProgress {
        try XCTUnwrap(saved(actions).last, "no saveProgress in \(actions)", file: file, line: line)
    }

    /// Walking to A with a fix 33 m south of it.
    func walking() -> RouteGuidance {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters())
        _ = g.handle(fix(51.9997, 8.0000, at: .seconds(1)), now: .seconds(1))
        _ = g.handle(.start, now: .seconds(1))
        XCTAssertEqual(g.state, .navigating)
        return g
    }

    func paused() -> RouteGuidance {
        var g = walking()
        _ = g.handle(.pause, now: .seconds(2))
        XCTAssertEqual(g.state, .paused)
        return g
    }

    // MARK: The wearer's commands

    func testStartingSavesTheWalkAsUnderWay() throws {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters())
        _ = g.handle(fix(51.9997, 8.0000, at: .seconds(1)), now: .seconds(1))
        let saved = try lastSaved(g.handle(.start, now: .seconds(1)))
        XCTAssertEqual(saved, RouteProgress(routeIdentity: route.identity, currentIndex: 0, isNavigating: true))
        XCTAssertTrue(g.progress.isNavigating)
    }

    func testStartingWithoutAFixSavesTheWalkAsUnderWay() throws {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters())
        XCTAssertTrue(try lastSaved(g.handle(.start, now: .zero)).isNavigating)
    }

    func testStartingByTogglePauseSavesTheWalkAsUnderWay() throws {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters())
        XCTAssertTrue(try lastSaved(g.handle(.togglePause, now: .zero)).isNavigating)
        XCTAssertEqual(g.state, .navigating)
    }

    func testPausingSavesTheWalkAsNotUnderWay() {
        var g = walking()
        let out = g.handle(.pause, now: .seconds(2))
        XCTAssertEqual(saved(out), [RouteProgress(routeIdentity: route.identity, currentIndex: 0, isNavigating: false)])
        XCTAssertEqual(beltRequests(out), [.pauseNavigation])
        XCTAssertEqual(reports(out), [.paused])
        XCTAssertFalse(g.progress.isNavigating)
    }

    func testPausingByTogglePauseSavesTheWalkAsNotUnderWay() throws {
        var g = walking()
        XCTAssertFalse(try lastSaved(g.handle(.togglePause, now: .seconds(2))).isNavigating)
        XCTAssertEqual(g.state, .paused)
    }

    func testPausingWithTheBeltsPauseButtonSavesTheWalkAsNotUnderWay() throws {
        var g = walking()
        XCTAssertFalse(try lastSaved(g.handle(.beltButton(.pause, .short), now: .seconds(2))).isNavigating)
        XCTAssertEqual(g.state, .paused)
    }

    func testResumingSavesTheWalkAsUnderWayAgain() throws {
        var g = paused()
        let out = g.handle(.resume, now: .seconds(3))
        XCTAssertEqual(saved(out), [RouteProgress(routeIdentity: route.identity, currentIndex: 0, isNavigating: true)])
        XCTAssertEqual(reports(out), [.resumed])
        XCTAssertTrue(g.progress.isNavigating)
    }

    func testResumingByTogglePauseSavesTheWalkAsUnderWayAgain() throws {
        var g = paused()
        XCTAssertTrue(try lastSaved(g.handle(.togglePause, now: .seconds(3))).isNavigating)
        XCTAssertEqual(g.state, .navigating)
    }

    func testResumingByStartSavesTheWalkAsUnderWayAgain() throws {
        var g = paused()
        XCTAssertTrue(try lastSaved(g.handle(.start, now: .seconds(3))).isNavigating)
        XCTAssertEqual(g.state, .navigating)
    }

    func testResumingWithTheBeltsHomeButtonSavesTheWalkAsUnderWayAgain() throws {
        var g = paused()
        XCTAssertTrue(try lastSaved(g.handle(.beltButton(.home, .short), now: .seconds(3))).isNavigating)
        XCTAssertEqual(g.state, .navigating)
    }

    func testStoppingSavesTheWalkAsNotUnderWay() {
        var g = walking()
        let out = g.handle(.stop, now: .seconds(2))
        XCTAssertEqual(saved(out), [RouteProgress(routeIdentity: route.identity, currentIndex: 0, isNavigating: false)])
        XCTAssertFalse(g.progress.isNavigating)
    }

    func testStoppingAPausedWalkSavesItAsNotUnderWay() throws {
        var g = paused()
        XCTAssertFalse(try lastSaved(g.handle(.stop, now: .seconds(3))).isNavigating)
    }

    /// Commands that change nothing save nothing (and so cannot flip the flag).
    func testIgnoredPauseAndResumeSaveNothing() {
        var stopped = RouteGuidance(route: route, parameters: GuidanceParameters())
        XCTAssertEqual(saved(stopped.handle(.pause, now: .zero)), [])
        XCTAssertEqual(saved(stopped.handle(.resume, now: .zero)), [])
        XCTAssertEqual(saved(stopped.handle(.stop, now: .zero)), [])
        var g = walking()
        XCTAssertEqual(saved(g.handle(.resume, now: .seconds(2))), [])
        XCTAssertEqual(saved(g.handle(.start, now: .seconds(2))), [])
        XCTAssertTrue(g.progress.isNavigating)
    }

    // MARK: Progress along the route

    func testReachingTheDestinationSavesTheWalkAsNotUnderWay() throws {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(arrivalRadius: 10),
                              restoring: RouteProgress(routeIdentity: route.identity, currentIndex: 2))
        _ = g.handle(fix(52.0010, 8.0012, at: .seconds(1)), now: .seconds(1))   // 20 m west of C
        _ = g.handle(.start, now: .seconds(1))
        let out = g.handle(fix(52.0010, 8.00145, at: .seconds(20)), now: .seconds(20))
        XCTAssertEqual(reports(out).last, .destinationReached)
        let saved = try lastSaved(out)
        XCTAssertTrue(saved.destinationReached)
        XCTAssertFalse(saved.isNavigating, "a walk that reached its destination does not start again by itself")
        XCTAssertFalse(g.progress.isNavigating)
    }

    func testSkippingAWaypointMidWalkSavesTheWalkAsStillUnderWay() throws {
        var g = walking()
        let saved = try lastSaved(g.handle(.nextWaypoint, now: .seconds(2)))
        XCTAssertEqual(saved, RouteProgress(routeIdentity: route.identity, currentIndex: 1, skipped: [0], isNavigating: true))
        XCTAssertTrue(try lastSaved(g.handle(.previousWaypoint, now: .seconds(3))).isNavigating)
    }

    func testSkippingAWaypointWhileStoppedSavesTheWalkAsNotUnderWay() throws {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters())
        XCTAssertFalse(try lastSaved(g.handle(.nextWaypoint, now: .zero)).isNavigating)
        XCTAssertEqual(g.state, .stopped)
    }

    // MARK: The belt's own state machine

    func testABeltSidePauseSavesTheWalkAsNotUnderWay() {
        var g = walking()
        let out = g.beltStateChanged(to: .paused, now: .seconds(2))
        XCTAssertEqual(saved(out), [RouteProgress(routeIdentity: route.identity, currentIndex: 0, isNavigating: false)])
        XCTAssertEqual(reports(out), [.paused])
        XCTAssertEqual(beltRequests(out), [], "the belt paused itself: nothing to ask of it")
    }

    func testABeltSideResumeSavesTheWalkAsUnderWay() {
        var g = walking()
        _ = g.beltStateChanged(to: .paused, now: .seconds(2))
        let out = g.beltStateChanged(to: .navigating, now: .seconds(3))
        XCTAssertEqual(saved(out), [RouteProgress(routeIdentity: route.identity, currentIndex: 0, isNavigating: true)])
        XCTAssertEqual(reports(out), [.resumed])
        XCTAssertEqual(beltRequests(out), [.updateNavigation(direction: 0, isMagneticBearing: true, signal: .nextWaypointMediumDistance)])
    }

    /// The silent resume (no fresh fix) is saved as under way too.
    func testABeltSideResumeWithoutAFreshFixSavesTheWalkAsUnderWay() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(fixTimeout: .seconds(10)))
        _ = g.handle(fix(51.9997, 8.0000, at: .seconds(1)), now: .seconds(1))
        _ = g.handle(.start, now: .seconds(1))
        _ = g.beltStateChanged(to: .paused, now: .seconds(2))
        let out = g.beltStateChanged(to: .navigating, now: .seconds(60))
        XCTAssertEqual(saved(out), [RouteProgress(routeIdentity: route.identity, currentIndex: 0, isNavigating: true)])
        XCTAssertEqual(beltRequests(out), [.updateNavigation(direction: 0, isMagneticBearing: true, signal: nil)])
    }

    func testABeltSideResumeOfAWalkPausedByCommandSavesTheWalkAsUnderWay() {
        var g = paused()
        XCTAssertEqual(saved(g.beltStateChanged(to: .navigating, now: .seconds(3))),
                       [RouteProgress(routeIdentity: route.identity, currentIndex: 0, isNavigating: true)])
    }

    func testABeltSideStopSavesTheWalkAsNotUnderWay() {
        var g = walking()
        let out = g.beltStateChanged(to: .stopped, now: .seconds(2))
        XCTAssertEqual(saved(out), [RouteProgress(routeIdentity: route.identity, currentIndex: 0, isNavigating: false)])
        XCTAssertEqual(g.state, .stopped)
    }

    func testTheBeltRepeatingTheCurrentStateSavesNothing() {
        var g = walking()
        XCTAssertEqual(g.beltStateChanged(to: .navigating, now: .seconds(2)), [])
        _ = g.handle(.pause, now: .seconds(3))
        XCTAssertEqual(g.beltStateChanged(to: .paused, now: .seconds(4)), [])
    }

    // MARK: The invariant, and a restored walk

    /// Through every change of state, from either side, the progress (and so the next save) says
    /// whether the walk is under way.
    func testTheProgressAlwaysSaysWhetherTheWalkIsUnderWay() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(arrivalRadius: 10))
        func check(_ step: String, line: UInt = #line) {
            XCTAssertEqual(g.progress.isNavigating, g.state == .navigating, "after \(step): state \(g.state)", line: line)
        }
        check("init")
        _ = g.handle(fix(51.9997, 8.0000, at: .seconds(1)), now: .seconds(1)); check("a fix while stopped")
        _ = g.handle(.start, now: .seconds(1)); check("start")
        _ = g.handle(.togglePause, now: .seconds(2)); check("toggle-pause (pause)")
        _ = g.handle(.nextWaypoint, now: .seconds(3)); check("next waypoint while paused")
        _ = g.beltStateChanged(to: .navigating, now: .seconds(4)); check("belt resume")
        _ = g.beltStateChanged(to: .paused, now: .seconds(5)); check("belt pause")
        _ = g.handle(.beltButton(.home, .short), now: .seconds(6)); check("home button (resume)")
        _ = g.handle(.previousWaypoint, now: .seconds(7)); check("previous waypoint")
        _ = g.tick(now: .seconds(60)); check("fix lost")
        _ = g.beltStateChanged(to: .stopped, now: .seconds(61)); check("belt stop")
        _ = g.handle(.togglePause, now: .seconds(62)); check("toggle-pause (start)")
        _ = g.handle(.stop, now: .seconds(63)); check("stop")
        _ = g.handle(.start, now: .seconds(64)); check("start again")
        _ = g.handle(fix(52.0000, 8.0000, at: .seconds(65)), now: .seconds(65)); check("waypoint A reached")
        _ = g.handle(fix(52.0010, 8.0000, at: .seconds(120)), now: .seconds(120)); check("waypoint B reached")
        _ = g.handle(fix(52.0010, 8.0015, at: .seconds(200)), now: .seconds(200)); check("destination reached")
        XCTAssertTrue(g.progress.destinationReached)
        _ = g.handle(.start, now: .seconds(201)); check("start after the destination")
        XCTAssertEqual(g.progress.currentIndex, 0)
    }

    /// A guidance restored from a walk that was under way does not start by itself: the navigation
    /// actor decides that (and only when autostart is off, the destination is not reached, ...). It keeps
    /// the saved flag and waypoint for that decision, and starts at the saved waypoint.
    func testAGuidanceRestoredFromAWalkUnderWayStartsStopped() throws {
        let restored = RouteProgress(routeIdentity: route.identity, currentIndex: 1, skipped: [0], isNavigating: true)
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(), restoring: restored)
        XCTAssertEqual(g.state, .stopped)
        XCTAssertEqual(g.progress, restored, "the saved flag is kept for the actor to read")
        XCTAssertEqual(g.tick(now: .seconds(1)), [], "nothing happens by itself")
        XCTAssertEqual(beltRequests(g.handle(fix(51.9997, 8.0000, at: .seconds(2)), now: .seconds(2))), [])
        XCTAssertEqual(g.state, .stopped)

        let out = g.handle(.start, now: .seconds(3))
        XCTAssertEqual(reports(out).first, .started(waypoint: 1, of: 3))
        XCTAssertEqual(try lastSaved(out), restored, "under way again, at the saved waypoint")
    }

    func testAGuidanceRestoredFromAStoppedWalkStartsStopped() {
        let restored = RouteProgress(routeIdentity: route.identity, currentIndex: 2, isNavigating: false)
        let g = RouteGuidance(route: route, parameters: GuidanceParameters(), restoring: restored)
        XCTAssertEqual(g.state, .stopped)
        XCTAssertFalse(g.progress.isNavigating)
    }

    /// Progress of another route is replaced by a fresh one, which is not under way.
    func testAWalkUnderWayOnAnotherRouteIsNotCarriedOver() {
        let g = RouteGuidance(route: route, parameters: GuidanceParameters(),
                              restoring: RouteProgress(routeIdentity: "v1-other", currentIndex: 1, isNavigating: true))
        XCTAssertEqual(g.progress, RouteProgress(routeIdentity: route.identity))
        XCTAssertFalse(g.progress.isNavigating)
    }

    func testANewRouteWhileWalkingIsSavedAsUnderWay() {
        let other = Route(name: "other", kind: .route, waypoints: [
            Waypoint(name: "X", coordinate: Coordinate(latitude: 52.0000, longitude: 8.0020)),
            Waypoint(name: "Y", coordinate: Coordinate(latitude: 52.0000, longitude: 8.0040))])
        var g = RouteGuidance(route: route, parameters: GuidanceParameters())
        _ = g.handle(fix(52.0000, 8.0000, at: .seconds(1)), now: .seconds(1))
        _ = g.handle(.start, now: .seconds(1))
        let out = g.apply(GuidanceUpdate(route: other), now: .seconds(2))
        let saved = out.compactMap { if case .saveProgress(let p) = $0 { p } else { nil } }
        XCTAssertEqual(saved, [RouteProgress(routeIdentity: other.identity, isNavigating: true)])
        XCTAssertEqual(g.progress.isNavigating, g.state == .navigating)
    }
}
