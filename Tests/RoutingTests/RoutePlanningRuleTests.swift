import Navigation
@testable import Routing
import Vocabulary
import XCTest

/// When the appliance plans: at the walk's first fix, again off the route but no more often than the
/// interval, at once for a new destination; and what it follows: the planned route, or for a GPX
/// route the way back joined to the rest of it. A late answer to an overtaken request is dropped.
final class RoutePlanningRuleTests: XCTestCase {
    let here = Coordinate(latitude: 55.68, longitude: 12.568)
    let there = Coordinate(latitude: 55.679, longitude: 12.5755)
    let elsewhere = Coordinate(latitude: 55.6815, longitude: 12.572)

    func plan(_ actions: [RoutePlanningRule.Action]) -> RoutePlanRequest? {
        for action in actions { if case .plan(let request) = action { return request } }
        return nil
    }

    func planned(from: Coordinate, to: Coordinate, name: String = "Gangen") -> PlannedRoute {
        RouteDescriber.describe([RoutinoPoint(coordinate: from, kind: .waypoint(1)),
                                 RoutinoPoint(coordinate: to, kind: .waypoint(2), bearing: 90, way: name)],
                                index: MapIndex(), from: from, to: to, destinationName: nil)
    }

    func testAWalkPlansAtItsFirstFixNotBefore() throws {
        var rule = RoutePlanningRule(destination: ("harbour", there), replanInterval: .seconds(60))
        XCTAssertEqual(rule.walkStarted(at: nil, now: .seconds(0)), [], "no fix yet: nothing to plan from")
        let request = try XCTUnwrap(plan(rule.fix(here, now: .seconds(3))))
        XCTAssertEqual(request.purpose, .walkStart)
        XCTAssertEqual(request.from, here)
        XCTAssertEqual(request.to, there)
        XCTAssertEqual(request.destinationName, "harbour")
        XCTAssertEqual(rule.fix(here, now: .seconds(4)), [], "one plan, not one per fix")
    }

    func testTheAnswerIsFollowedUnderTheDestinationsName() throws {
        var rule = RoutePlanningRule(destination: ("harbour", there), replanInterval: .seconds(60))
        let request = try XCTUnwrap(plan(rule.walkStarted(at: here, now: .zero)))
        let route = planned(from: here, to: there)
        guard case .follow(let follow, let plan, let answered)? = rule.planned(.success(route), for: request.id, now: .seconds(1)).first else {
            return XCTFail("not followed")
        }
        XCTAssertEqual(follow.name, "to harbour")
        XCTAssertEqual(follow.waypoints, route.waypoints)
        XCTAssertEqual(plan, route)
        XCTAssertEqual(answered, request)
    }

    func testOffTheRouteReplansAtMostOncePerInterval() throws {
        var rule = RoutePlanningRule(destination: ("harbour", there), replanInterval: .seconds(60))
        let first = try XCTUnwrap(plan(rule.walkStarted(at: here, now: .zero)))
        _ = rule.planned(.success(planned(from: here, to: there)), for: first.id, now: .seconds(1))
        let replan = try XCTUnwrap(plan(rule.offRoute(at: elsewhere, target: nil, rest: [], now: .seconds(30))))
        XCTAssertEqual(replan.purpose, .offRoute)
        XCTAssertEqual(replan.from, elsewhere)
        XCTAssertEqual(rule.offRoute(at: elsewhere, target: nil, rest: [], now: .seconds(31)), [], "one in flight: nothing more")
        _ = rule.planned(.success(planned(from: elsewhere, to: there)), for: replan.id, now: .seconds(32))
        XCTAssertEqual(rule.offRoute(at: here, target: nil, rest: [], now: .seconds(50)), [.replanDeferred(until: .seconds(90))])
        XCTAssertNotNil(plan(rule.offRoute(at: here, target: nil, rest: [], now: .seconds(90))), "the interval has passed")
    }

    func testAReplanHeldBackIsMadeOnceTheIntervalAllowsIfTheWalkerIsStillOff() throws {
        var rule = RoutePlanningRule(destination: ("harbour", there), replanInterval: .seconds(60))
        let first = try XCTUnwrap(plan(rule.offRoute(at: elsewhere, target: nil, rest: [], now: .seconds(10))))
        _ = rule.planned(.success(planned(from: elsewhere, to: there)), for: first.id, now: .seconds(11))
        XCTAssertEqual(rule.offRoute(at: here, target: nil, rest: [], now: .seconds(40)), [.replanDeferred(until: .seconds(70))])
        XCTAssertTrue(rule.replanHeldBack)
        XCTAssertEqual(rule.stillOffRoute(at: here, target: nil, rest: [], now: .seconds(69)), [])
        let again = try XCTUnwrap(plan(rule.stillOffRoute(at: here, target: nil, rest: [], now: .seconds(70))))
        XCTAssertEqual(again.purpose, .offRoute)
        XCTAssertFalse(rule.replanHeldBack)
        // Back on the route before the interval: nothing is made.
        _ = rule.planned(.success(planned(from: here, to: there)), for: again.id, now: .seconds(71))
        _ = rule.offRoute(at: elsewhere, target: nil, rest: [], now: .seconds(80))
        rule.backOnRoute()
        XCTAssertEqual(rule.stillOffRoute(at: elsewhere, target: nil, rest: [], now: .seconds(200)), [])
    }

    func testTheWalksFirstPlanDoesNotCountAgainstTheInterval() {
        var rule = RoutePlanningRule(destination: ("harbour", there), replanInterval: .seconds(60))
        let first = plan(rule.walkStarted(at: here, now: .zero))
        _ = rule.planned(.failure(.noRoute(profile: .foot, avoidSteps: false)), for: first?.id ?? 0, now: .seconds(1))
        XCTAssertNotNil(plan(rule.offRoute(at: elsewhere, target: nil, rest: [], now: .seconds(5))))
    }

    func testAWayBackToAGPXRouteJoinsItsRest() throws {
        var rule = RoutePlanningRule(destination: nil, replanInterval: .seconds(60))
        XCTAssertEqual(rule.walkStarted(at: here, now: .zero), [], "a GPX route is not planned at the start")
        let next = Waypoint(name: "B", coordinate: there), last = Waypoint(name: "C", coordinate: elsewhere)
        let request = try XCTUnwrap(plan(rule.offRoute(at: here, target: next, rest: [last], now: .seconds(40))))
        XCTAssertEqual(request.to, there)
        XCTAssertNil(request.destinationName)
        let way = planned(from: here, to: there)
        guard case .follow(let route, _, _)? = rule.planned(.success(way), for: request.id, now: .seconds(41)).first else {
            return XCTFail("not followed")
        }
        XCTAssertEqual(route.name, "back to the route")
        XCTAssertEqual(route.waypoints.map(\.name), [way.waypoints[0].name, "B", "C"], "the way back, then the route from its next waypoint on")
    }

    func testAWalkerAwayFromTheWaysIsLedToTheRoutesStartFirst() throws {
        var rule = RoutePlanningRule(destination: ("harbour", there), replanInterval: .seconds(60))
        let request = try XCTUnwrap(plan(rule.walkStarted(at: elsewhere, now: .zero)))
        // Routino began the route at `here`, the nearest way, some 290 m from the walker.
        let way = RouteDescriber.describe([RoutinoPoint(coordinate: here, kind: .waypoint(1)),
                                           RoutinoPoint(coordinate: there, kind: .waypoint(2), bearing: 90, way: "Nørregade")],
                                          index: MapIndex(), from: elsewhere, to: there)
        guard case .follow(let route, _, _)? = rule.planned(.success(way), for: request.id, now: .seconds(1)).first else {
            return XCTFail("not followed")
        }
        XCTAssertEqual(route.waypoints.first, Waypoint(name: "from here to Nørregade", coordinate: elsewhere))
        XCTAssertEqual(Array(route.waypoints.dropFirst()), way.waypoints)
    }

    func testAnAnswerForAnOvertakenDestinationIsDropped() throws {
        var rule = RoutePlanningRule(destination: ("harbour", there), replanInterval: .seconds(60))
        let old = try XCTUnwrap(plan(rule.walkStarted(at: here, now: .zero)))
        let new = try XCTUnwrap(plan(rule.destinationChanged(to: "library", at: elsewhere, walking: true, now: .seconds(1))))
        XCTAssertEqual(new.purpose, .newDestination)
        XCTAssertEqual(rule.planned(.success(planned(from: here, to: there)), for: old.id, now: .seconds(2)), [])
        XCTAssertFalse(rule.planned(.success(planned(from: here, to: elsewhere)), for: new.id, now: .seconds(2)).isEmpty)
    }

    func testANewDestinationWhileStoppedIsPlannedWhenTheWalkStarts() throws {
        var rule = RoutePlanningRule(destination: ("harbour", there), replanInterval: .seconds(60))
        _ = rule.fix(here, now: .zero)
        XCTAssertEqual(rule.destinationChanged(to: "library", at: elsewhere, walking: false, now: .seconds(1)), [])
        let request = try XCTUnwrap(plan(rule.walkStarted(at: here, now: .seconds(5))))
        XCTAssertEqual(request.to, elsewhere)
        XCTAssertEqual(request.destinationName, "library")
    }

    func testAFailureIsSaidAndTheWalkGoesOn() throws {
        var rule = RoutePlanningRule(destination: ("island", there), replanInterval: .seconds(60))
        let request = try XCTUnwrap(plan(rule.walkStarted(at: here, now: .zero)))
        XCTAssertEqual(rule.planned(.failure(.noRoute(profile: .foot, avoidSteps: false)), for: request.id, now: .seconds(1)),
                       [.failed(request, .noRoute(profile: .foot, avoidSteps: false))])
    }
}
