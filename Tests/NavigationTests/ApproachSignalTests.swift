@testable import Navigation
import Sensors
import XCTest

/// The approach to a waypoint, felt: FSLib's distance-coded signals at the configured distances,
/// with hysteresis; the turn signal where the route turns sharply; the destination signal repeated
/// after arrival until `stop`, within its bound (docs/signals.md).
final class ApproachSignalTests: XCTestCase {
    let a = Coordinate(latitude: 52.0, longitude: 8.0)

    func point(_ from: Coordinate, _ azimuth: Double, _ metres: Double) -> Coordinate {
        Geodesic.wgs84.direct(from: from, azimuth: azimuth, distance: metres).destination
    }

    /// A → B 400 m north → C, 400 m on: north again (`turn` 0°) or east (90°).
    func route(turn: Double) -> Route {
        let b = point(a, 0, 400)
        return Route(name: "approach", kind: .route, waypoints: [
            Waypoint(name: "A", coordinate: a), Waypoint(name: "B", coordinate: b),
            Waypoint(name: "C", coordinate: point(b, turn, 400)),
        ])
    }

    /// Walking to B, the wearer `metres` short of it (on the leg from A).
    func fixBefore(_ route: Route, metres: Double, at t: Int) -> Fix {
        Fix(coordinate: point(route.waypoints[1].coordinate, 180, metres), receivedAt: .seconds(t))
    }

    func signals(_ actions: [GuidanceAction]) -> [BeltVibrationSignal?] {
        actions.compactMap {
            switch $0 {
            case .belt(.updateNavigation(_, _, let s)), .belt(.startNavigation(_, _, let s)): s
            default: nil
            }
        }
    }

    func walkingToB(_ route: Route, _ parameters: GuidanceParameters = GuidanceParameters()) -> RouteGuidance {
        var g = RouteGuidance(route: route, parameters: parameters,
                              restoring: RouteProgress(routeIdentity: route.identity, currentIndex: 1))
        _ = g.handle(fixBefore(route, metres: 390, at: 0), now: .zero)
        _ = g.handle(.start, now: .zero)
        return g
    }

    /// Defaults: long 150 m, medium 60 m, short 30 m, area 20 m (arrival 12 m).
    func testEachBandHasItsSignalAtItsDistance() {
        let r = route(turn: 0)
        var g = walkingToB(r)
        var t = 1
        // 10 cm either side of each threshold.
        for (metres, expected) in [(150.1, BeltVibrationSignal.navigation), (149.9, .nextWaypointLongDistance),
                                   (60.1, .nextWaypointLongDistance), (59.9, .nextWaypointMediumDistance),
                                   (30.1, .nextWaypointMediumDistance), (29.9, .nextWaypointShortDistance),
                                   (20.1, .nextWaypointShortDistance), (19.9, .nextWaypointAreaReached)] {
            t += 1
            let out = g.handle(fixBefore(r, metres: metres, at: t), now: .seconds(t))
            if [149.9, 59.9, 29.9, 19.9].contains(metres) {
                XCTAssertEqual(signals(out), [expected], "at \(metres) m the signal changes, and is sent at once")
            }
            XCTAssertEqual(g.lastCommand?.signal, expected, "at \(metres) m")
        }
    }

    func testAWearerStandingOnAThresholdFeelsOneSignal() {
        let r = route(turn: 0)
        var g = walkingToB(r)
        _ = g.handle(fixBefore(r, metres: 59, at: 1), now: .seconds(1))
        XCTAssertEqual(g.lastCommand?.signal, .nextWaypointMediumDistance)
        // GPS wandering ±4 m about the 60 m threshold: within the 5 m hysteresis, no flip.
        for (i, metres) in [63.0, 57, 64, 56, 62].enumerated() {
            let out = g.handle(fixBefore(r, metres: metres, at: 2 + i), now: .seconds(2 + i))
            XCTAssertEqual(signals(out), [], "at \(metres) m")
            XCTAssertEqual(g.lastCommand?.signal, .nextWaypointMediumDistance, "at \(metres) m")
        }
        // Walking away beyond the threshold and its hysteresis: back to the long-distance signal.
        XCTAssertEqual(signals(g.handle(fixBefore(r, metres: 66, at: 10), now: .seconds(10))), [.nextWaypointLongDistance])
    }

    func testASharpTurnIsFeltInTheWaypointsAreaAndAStraightOneIsNot() {
        for (turn, expected) in [(90.0, BeltVibrationSignal.turnOngoing), (0, .nextWaypointAreaReached),
                                 (45, .nextWaypointAreaReached), (60.5, .turnOngoing)] {
            let r = route(turn: turn)
            var g = walkingToB(r)
            XCTAssertEqual(signals(g.handle(fixBefore(r, metres: 18, at: 1), now: .seconds(1))), [expected], "turning \(turn)°")
        }
    }

    func testTheApproachSignalsCanBeTurnedOff() {
        let r = route(turn: 90)
        var p = GuidanceParameters()
        p.waypointSignals = false
        var g = walkingToB(r, p)
        _ = g.handle(fixBefore(r, metres: 18, at: 1), now: .seconds(1))
        XCTAssertEqual(g.lastCommand?.signal, .navigation)
        p = GuidanceParameters()
        p.turnSignal = false
        g = walkingToB(r, p)
        _ = g.handle(fixBefore(r, metres: 18, at: 1), now: .seconds(1))
        XCTAssertEqual(g.lastCommand?.signal, .nextWaypointAreaReached)
    }

    func testTheNextLegStartsFarAgain() {
        let r = route(turn: 0)
        var g = walkingToB(r)
        _ = g.handle(fixBefore(r, metres: 15, at: 1), now: .seconds(1))
        XCTAssertEqual(g.lastCommand?.signal, .nextWaypointAreaReached)
        _ = g.handle(fixBefore(r, metres: 5, at: 2), now: .seconds(2))
        XCTAssertEqual(g.progress.currentIndex, 2)
        XCTAssertEqual(g.lastCommand?.signal, .navigation, "C is 405 m on: the plain navigation signal")
    }

    // MARK: The destination signal

    func arrived(_ parameters: GuidanceParameters = GuidanceParameters()) -> RouteGuidance {
        let r = route(turn: 0)
        var g = RouteGuidance(route: r, parameters: parameters,
                              restoring: RouteProgress(routeIdentity: r.identity, currentIndex: 2))
        let c = r.waypoints[2].coordinate
        _ = g.handle(Fix(coordinate: point(c, 180, 30), receivedAt: .zero), now: .zero)
        _ = g.handle(.start, now: .zero)
        let out = g.handle(Fix(coordinate: point(c, 180, 5), receivedAt: .seconds(10)), now: .seconds(10))
        XCTAssertTrue(out.contains(.belt(.notifyDestinationReached(shouldStopNavigation: true))))
        return g
    }

    func destinationSignals(_ g: inout RouteGuidance, until end: Int) -> [Int] {
        var played: [Int] = []
        while let due = g.nextCheck, due <= .seconds(end) {
            let out = g.tick(now: due)
            if out.contains(.belt(.notifyDestinationReached(shouldStopNavigation: false))) { played.append(Int(due.inSeconds)) }
        }
        return played
    }

    func testTheDestinationSignalRepeatsEveryFiveSecondsForAMinuteAtMost() {
        var g = arrived()
        XCTAssertEqual(destinationSignals(&g, until: 600), [15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65],
                       "arrival at 10 s, then every 5 s until 70 s: twelve in all")
        XCTAssertNil(g.nextCheck, "then the belt is quiet")
    }

    func testStopEndsTheDestinationSignal() {
        var g = arrived()
        XCTAssertEqual(destinationSignals(&g, until: 20), [15, 20])
        XCTAssertEqual(g.handle(.stop, now: .seconds(22)), [.report(.destinationSignalStopped)])
        XCTAssertNil(g.nextCheck)
        XCTAssertEqual(g.handle(.stop, now: .seconds(23)),
                       [.report(.commandIgnored(.stop, reason: "the walk has arrived, so it is stopped already"))])
    }

    func testGoingBackFromTheDestinationEndsItsSignal() {
        var g = arrived()
        _ = g.handle(.previousWaypoint, now: .seconds(12))
        XCTAssertNil(g.nextCheck)
    }

    func testWithoutRepetitionTheDestinationSignalPlaysOnce() {
        var p = GuidanceParameters()
        p.destinationRepeated = false
        var g = arrived(p)
        XCTAssertNil(g.nextCheck)
    }
}
