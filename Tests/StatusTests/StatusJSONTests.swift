@testable import Status
import XCTest

/// The status's JSON form is what scripts and other tools read: its keys, its version and its round trip.
final class StatusJSONTests: XCTestCase {
    static let walking = StatusReport(
        wayfinderVersion: "1.4.0", uptimeSeconds: 3725.4,
        actors: [ActorHealth(name: "belt", state: .running),
                 ActorHealth(name: "gestures", state: .restarting, nextAttemptInSeconds: 1.5, reason: "injected failure", restarts: 2)],
        gps: FixStatus(source: "u-blox DDC 0x42 on /dev/i2c-1", fixAgeSeconds: 0.4, mode: .threeD, satellites: 9, hdop: 0.92,
                       latitude: 52.279123, longitude: -8.047215),
        heading: HeadingStatus(source: .belt),
        belt: BeltStatus(link: .connected, batteryPercent: 80, mode: "navigation", intensityPercent: 60,
                         lastDirectionDegrees: 132.4, lastSentSecondsAgo: 1.2),
        touchCase: TouchCaseStatus(link: .connected, sides: ["left", "right"], powerSaving: true, touches: 14),
        pencil: PencilStatus(state: "connected", battery: "medium-high", firmwareRevision: "55", firmwareUpdate: "73"),
        route: RouteStatus(name: "Osnabrück old town", state: .navigating, waypoint: 3, waypointCount: 12,
                           waypointName: "Market", distanceToWaypointMetres: 140.2, distanceToEndMetres: 1830,
                           elapsedSeconds: 1265, offRoute: false),
        warnings: [StatusWarning(atSeconds: 600, source: "gps", level: "warning", message: "no GPS fix for 10 s")])

    func testTheKeysAreSnakeCaseAndTheVersionIsStated() {
        let json = StatusJSON.encode(Self.walking)
        XCTAssertTrue(json.hasPrefix("{"), json)
        XCTAssertFalse(json.contains("\n"), "one object on one line")
        for key in ["\"version\":1", "\"wayfinder_version\":\"1.4.0\"", "\"uptime_seconds\":3725.4", "\"touch_case\":",
                    "\"distance_to_waypoint_metres\":140.2", "\"next_attempt_in_seconds\":1.5", "\"mode\":\"3d\"",
                    "\"fix_age_seconds\":0.4", "\"waypoint_count\":12"] {
            XCTAssertTrue(json.contains(key), "\(key) in \(json)")
        }
    }

    /// What the belt reports of itself, under the names docs/control.md gives them.
    func testTheBeltsOwnStateHasItsDocumentedKeys() throws {
        var belt = BeltStatus(link: .connected, batteryPercent: 64, mode: "app", intensityPercent: 70)
        belt.power = "charging"
        belt.timeToFullSeconds = 2250
        belt.firmwareRevision = "52 variant 1"
        belt.compassAccuracySignal = false
        let json = StatusJSON.encode(StatusReport(wayfinderVersion: "1.4.0", uptimeSeconds: 2, belt: belt))
        for key in ["\"power\":\"charging\"", "\"time_to_full_seconds\":2250", "\"firmware_revision\":\"52 variant 1\"",
                    "\"compass_accuracy_signal\":false", "\"battery_percent\":64", "\"intensity_percent\":70"] {
            XCTAssertTrue(json.contains(key), "\(key) in \(json)")
        }
        XCTAssertFalse(json.contains("time_to_empty_seconds"), "charging: only the time to full")
        XCTAssertEqual(try StatusJSON.decode(StatusReport.self, from: json).belt, belt)
        XCTAssertEqual(StatusPage.beltLine(belt), "connected, battery 64 % (charging), app mode, intensity 70 %")
    }

    func testAReportSurvivesTheRoundTrip() throws {
        let decoded = try StatusJSON.decode(StatusReport.self, from: StatusJSON.encode(Self.walking))
        XCTAssertEqual(decoded, Self.walking)
    }

    func testAbsentPartsAreLeftOutNotNull() {
        let json = StatusJSON.encode(StatusReport(wayfinderVersion: "1.4.0", uptimeSeconds: 2))
        XCTAssertFalse(json.contains("null"), json)
        XCTAssertFalse(json.contains("\"belt\""), json)
    }

    func testAMalformedMessageNamesTheFieldThatIsWrong() {
        XCTAssertThrowsError(try StatusJSON.decode(StatusReport.self, from: #"{"version":1,"wayfinder_version":"1","uptime_seconds":"soon","actors":[],"warnings":[]}"#)) { error in
            XCTAssertEqual((error as? StatusJSONError)?.description, "uptime_seconds has the wrong type")
        }
        XCTAssertThrowsError(try StatusJSON.decode(StatusReport.self, from: "not json")) { error in
            XCTAssertEqual((error as? StatusJSONError)?.description, "the message is not JSON")
        }
        XCTAssertThrowsError(try StatusJSON.decode(StatusReport.self, from: #"{"version":1}"#)) { error in
            XCTAssertEqual((error as? StatusJSONError)?.problem, "missing")
        }
    }
}
