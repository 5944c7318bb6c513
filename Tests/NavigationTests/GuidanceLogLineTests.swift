import Navigation
import XCTest

/// What the log says of each guidance event: its level and its words, with distances and durations
/// in the one form (`DistanceFormat`, `DurationFormat`).
final class GuidanceLogLineTests: XCTestCase {
    static let route = Route(name: "Old town", kind: .route, waypoints: [
        Waypoint(name: "Gate", coordinate: Coordinate(latitude: 52.0, longitude: 8.0)),
        Waypoint(coordinate: Coordinate(latitude: 52.001, longitude: 8.0)),
        Waypoint(name: "Market", coordinate: Coordinate(latitude: 52.002, longitude: 8.0)),
    ])

    func line(_ event: GuidanceEvent, at elapsed: Duration = .seconds(75)) -> GuidanceLogLine {
        GuidanceLogLine(event, at: elapsed, route: Self.route)
    }

    func testWaypointsAreNumberedAsPeopleCountAndNamedWhenTheRouteNamesThem() {
        XCTAssertEqual(line(.started(waypoint: 0, of: 3)),
                       GuidanceLogLine(level: .notice, text: "t+01:15 navigation started: walking to waypoint 1/3 \"Gate\""))
        XCTAssertEqual(line(.started(waypoint: 1, of: 3)).text, "t+01:15 navigation started: walking to waypoint 2/3")
        XCTAssertEqual(line(.waypointReached(index: 2, name: "Market")).text, "t+01:15 reached waypoint 3/3 \"Market\"")
        XCTAssertEqual(line(.skipped(to: 1, name: nil)).text, "t+01:15 skipped ahead: now walking to waypoint 2/3")
        XCTAssertEqual(line(.wentBack(to: 0, name: "Gate")).text, "t+01:15 went back: now walking to waypoint 1/3 \"Gate\"")
        XCTAssertEqual(line(.routeChanged(waypoint: 0, of: 3, keptProgress: true)).text,
                       "t+01:15 route changed: next waypoint 1/3 \"Gate\" (the same points, progress kept)")
        XCTAssertEqual(line(.destinationReached, at: .seconds(3725)),
                       GuidanceLogLine(level: .notice, text: "t+1:02:05 destination reached"))
    }

    func testWhatTheWearerIsWarnedOfIsAWarningWithItsDurationInTheOneForm() {
        XCTAssertEqual(line(.fixLost(after: .seconds(10))),
                       GuidanceLogLine(level: .warning,
                                       text: "t+01:15 no GPS fix for 10 s: warning the wearer and holding the belt silent"))
        XCTAssertEqual(line(.fixLost(after: .milliseconds(7_500))).text,
                       "t+01:15 no GPS fix for 7.5 s: warning the wearer and holding the belt silent",
                       "a timeout that is not whole seconds is written as it is, not cut")
        XCTAssertEqual(line(.headingFallback(after: .seconds(90))).level, .warning)
        XCTAssertTrue(line(.headingFallback(after: .seconds(90))).text.hasPrefix("t+01:15 no compass heading for 1 min 30 s:"))
        XCTAssertEqual(line(.fixRegained), GuidanceLogLine(level: .notice, text: "t+01:15 GPS fix back"))
    }

    func testDistancesAreInTheOneForm() {
        XCTAssertEqual(line(.offRoute(distance: 42.4, leg: 2)),
                       GuidanceLogLine(level: .warning, text: "t+01:15 off route: 42 m from the leg to waypoint 3/3 \"Market\"; "
                                           + "warning the wearer, the belt points the way back"))
        XCTAssertEqual(line(.backOnRoute(distance: 7.25)).text, "t+01:15 back on route (7.3 m from the leg)")
        let progress = GuidanceProgress(waypointIndex: 2, waypointCount: 3, waypointName: "Market", distanceToWaypoint: 140.4,
                                        distanceRemaining: 2_404, beltDirection: 47, isMagneticBearing: false, trueBearing: 12.6)
        XCTAssertEqual(line(.progress(progress)),
                       GuidanceLogLine(level: .info, text: "t+01:15 waypoint 3/3 \"Market\" · 140 m to go · 2.40 km left · "
                                           + "belt → 47° from front (true bearing 13°)"))
    }

    func testAValueThatIsNotANumberPrintsAsAQuestionMark() {
        let progress = GuidanceProgress(waypointIndex: 0, waypointCount: 3, waypointName: nil, distanceToWaypoint: .nan,
                                        distanceRemaining: .infinity, beltDirection: nil, isMagneticBearing: true, trueBearing: .nan)
        XCTAssertEqual(line(.progress(progress)).text, "t+01:15 waypoint 1/3 · ? m to go · ? m left · belt silent (true bearing ?°)")
        XCTAssertEqual(line(.offRoute(distance: .nan, leg: 7)).text,
                       "t+01:15 off route: ? m from the leg to waypoint 8/3; warning the wearer, the belt points the way back",
                       "a leg the route does not have is still numbered, not looked up")
    }

    func testAnIgnoredCommandAndTheDeclinationAreInformation() {
        XCTAssertEqual(line(.commandIgnored(.pause, reason: "navigation is stopped")),
                       GuidanceLogLine(level: .info, text: "t+01:15 pause ignored: navigation is stopped"))
        XCTAssertEqual(line(.declination(degrees: 2.34, fromModel: true, fallbackReason: nil)),
                       GuidanceLogLine(level: .info, text: "t+01:15 declination 2.3° east (WMM2025 at this fix)"))
        XCTAssertEqual(line(.declination(degrees: -1, fromModel: false, fallbackReason: "no fix yet")),
                       GuidanceLogLine(level: .warning,
                                       text: "t+01:15 declination: using the configured -1.0° west, the model cannot be used: no fix yet"))
    }
}
