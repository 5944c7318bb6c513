@testable import Navigation
import Sensors
import XCTest

/// Off-route detection: by the distance from the current leg, confirmed over time, with hysteresis so
/// a walker along the threshold is not warned at every fix.
final class OffRouteTests: XCTestCase {
    // A → B runs 111 m due north; at 52° N, 0.0001° of longitude is about 6.86 m east.
    let route = Route(name: "test", kind: .route, waypoints: [
        Waypoint(name: "A", coordinate: Coordinate(latitude: 52.0000, longitude: 8.0000)),
        Waypoint(name: "B", coordinate: Coordinate(latitude: 52.0010, longitude: 8.0000)),
    ])
    let parameters = GuidanceParameters(offRouteDistance: 30, offRouteDelay: .seconds(10), backOnRouteDistance: 20)

    /// A fix halfway along A→B, `east` metres to the side of the leg.
    func fix(east: Double, at t: Duration) -> Fix {
        Fix(coordinate: Coordinate(latitude: 52.0005, longitude: 8.0 + east / 68_640), receivedAt: t)
    }

    func reports(_ actions: [GuidanceAction]) -> [GuidanceEvent] {
        actions.compactMap { if case .report(let e) = $0 { e } else { nil } }
    }

    func offRouteEvents(_ actions: [GuidanceAction]) -> [String] {
        var out: [String] = []
        for action in actions {
            switch action {
            case .report(.offRoute(let d, let leg)): out.append("off \(Int(d.rounded())) leg \(leg)")
            case .report(.backOnRoute(let d)): out.append("back \(Int(d.rounded()))")
            // The wearer feels it through the state signals (StateSignals), not from the guidance.
            case .belt(.notifyWarning), .belt(.notifyState): out.append("belt warning")
            default: break
            }
        }
        return out
    }

    /// Walking to B (the leg A→B), navigating.
    func walkingToB() -> RouteGuidance {
        var g = RouteGuidance(route: route, parameters: parameters,
                              restoring: RouteProgress(routeIdentity: route.identity, currentIndex: 1))
        _ = g.handle(fix(east: 0, at: .zero), now: .zero)
        _ = g.handle(.start, now: .zero)
        return g
    }

    func testBeyondTheDistanceForTheDelayWarnsOnceAndTheBeltStillPointsTheWayBack() {
        var g = walkingToB()
        XCTAssertEqual(offRouteEvents(g.handle(fix(east: 40, at: .seconds(1)), now: .seconds(1))), [], "not yet: one fix")
        XCTAssertEqual(offRouteEvents(g.handle(fix(east: 42, at: .seconds(6)), now: .seconds(6))), [])
        let out = g.handle(fix(east: 45, at: .seconds(11)), now: .seconds(11))
        XCTAssertEqual(offRouteEvents(out), ["off 45 leg 1"])
        XCTAssertTrue(g.isOffRoute)
        // The belt keeps steering toward B, which lies back west and north.
        let steering = out.compactMap { action -> Int? in
            if case .belt(.updateNavigation(let d, _, _)) = action { d } else { nil }
        }
        XCTAssertTrue(steering.allSatisfy { (270...359).contains($0) }, "\(steering)")
        XCTAssertEqual(offRouteEvents(g.handle(fix(east: 60, at: .seconds(30)), now: .seconds(30))), [], "warned once")
    }

    func testASingleWildFixIsNotAWrongTurn() {
        var g = walkingToB()
        _ = g.handle(fix(east: 80, at: .seconds(1)), now: .seconds(1))
        _ = g.handle(fix(east: 3, at: .seconds(2)), now: .seconds(2))
        // A second excursion starts its own clock.
        _ = g.handle(fix(east: 35, at: .seconds(8)), now: .seconds(8))
        XCTAssertEqual(offRouteEvents(g.handle(fix(east: 35, at: .seconds(12)), now: .seconds(12))), [])
        XCTAssertFalse(g.isOffRoute)
        XCTAssertEqual(offRouteEvents(g.handle(fix(east: 35, at: .seconds(18)), now: .seconds(18))), ["off 35 leg 1"])
    }

    func testHysteresisKeepsTheStateBetweenTheTwoDistances() {
        var g = walkingToB()
        _ = g.handle(fix(east: 35, at: .seconds(1)), now: .seconds(1))
        _ = g.handle(fix(east: 35, at: .seconds(11)), now: .seconds(11))
        XCTAssertTrue(g.isOffRoute)
        // Between 20 and 30 m: still off route, no flapping either way.
        for (i, east) in [25.0, 29, 21, 28].enumerated() {
            let t = Duration.seconds(12 + i)
            XCTAssertEqual(offRouteEvents(g.handle(fix(east: east, at: t), now: t)), [], "at \(east) m")
            XCTAssertTrue(g.isOffRoute, "at \(east) m")
        }
        XCTAssertEqual(offRouteEvents(g.handle(fix(east: 15, at: .seconds(20)), now: .seconds(20))), ["back 15"])
        XCTAssertFalse(g.isOffRoute)
        // Between the distances again, from on route: no warning.
        XCTAssertEqual(offRouteEvents(g.handle(fix(east: 25, at: .seconds(40)), now: .seconds(40))), [])
    }

    func testTheWalkToTheFirstWaypointIsNeverOffRoute() {
        var g = RouteGuidance(route: route, parameters: parameters)
        _ = g.handle(fix(east: 500, at: .zero), now: .zero)
        _ = g.handle(.start, now: .zero)
        XCTAssertEqual(offRouteEvents(g.handle(fix(east: 500, at: .seconds(60)), now: .seconds(60))), [],
                       "there is no leg before the first waypoint")
    }

    func testAfterASkipTheLegStartsWhereTheWearerWas() {
        // A, B 111 m north, C 103 m east of B. Walking A→B, the wearer skips B: the way to C starts
        // where they are, halfway up A→B, not at B, which they never reached.
        let bent = Route(name: "bent", kind: .route, waypoints: route.waypoints + [
            Waypoint(name: "C", coordinate: Coordinate(latitude: 52.0010, longitude: 8.0015)),
        ])
        var g = RouteGuidance(route: bent, parameters: parameters,
                              restoring: RouteProgress(routeIdentity: bent.identity, currentIndex: 1))
        let halfway = Coordinate(latitude: 52.0005, longitude: 8.0)
        _ = g.handle(Fix(coordinate: halfway, receivedAt: .zero), now: .zero)
        _ = g.handle(.start, now: .zero)
        _ = g.handle(.nextWaypoint, now: .seconds(1))
        // On the straight line from `halfway` to C for a while: 56 m from the leg B→C, 0 m from the new one.
        for second in 2...30 {
            let f = Double(second) / 60
            let p = Coordinate(latitude: 52.0005 + 0.0005 * f, longitude: 8.0 + 0.0015 * f)
            let out = g.handle(Fix(coordinate: p, receivedAt: .seconds(second)), now: .seconds(second))
            XCTAssertEqual(offRouteEvents(out), [], "second \(second)")
        }
        XCTAssertFalse(g.isOffRoute)
        // Wandering 40 m off that line is off route.
        var wandered = Coordinate(latitude: 52.0005 + 0.0005 * 0.5 - 0.00036, longitude: 8.0 + 0.0015 * 0.5)
        _ = g.handle(Fix(coordinate: wandered, receivedAt: .seconds(31)), now: .seconds(31))
        wandered.latitude -= 0.00001
        XCTAssertEqual(offRouteEvents(g.handle(Fix(coordinate: wandered, receivedAt: .seconds(42)), now: .seconds(42))).last,
                       "off 36 leg 2")
    }

    func testGoingBackAWaypointJudgesTheNewLegFromTheNextFix() {
        let bent = Route(name: "bent", kind: .route, waypoints: route.waypoints + [
            Waypoint(name: "C", coordinate: Coordinate(latitude: 52.0010, longitude: 8.0015)),
        ])
        var g = RouteGuidance(route: bent, parameters: parameters,
                              restoring: RouteProgress(routeIdentity: bent.identity, currentIndex: 2))
        // 56 m south of the leg B→C.
        let there = Coordinate(latitude: 52.0005, longitude: 8.0005)
        for second in [0, 1, 11] {
            if second == 0 {
                _ = g.handle(Fix(coordinate: there, receivedAt: .zero), now: .zero)
                _ = g.handle(.start, now: .zero)
            } else {
                _ = g.handle(Fix(coordinate: there, receivedAt: .seconds(second)), now: .seconds(second))
            }
        }
        XCTAssertTrue(g.isOffRoute)
        _ = g.handle(.previousWaypoint, now: .seconds(12))
        XCTAssertEqual(offRouteEvents(g.handle(Fix(coordinate: there, receivedAt: .seconds(13)), now: .seconds(13))), [],
                       "the first fix after the step back starts the new leg")
        XCTAssertEqual(offRouteEvents(g.handle(Fix(coordinate: there, receivedAt: .seconds(14)), now: .seconds(14))), ["back 0"])
    }
}
