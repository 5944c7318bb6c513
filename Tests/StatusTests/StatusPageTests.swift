@testable import Status
import XCTest

/// `wayfinder status` as a person reads it over SSH.
final class StatusPageTests: XCTestCase {
    func testTheWalkingPageShowsEveryPartInPlainUnits() {
        let page = StatusPage.render(StatusJSONTests.walking)
        XCTAssertEqual(page, """
        wayfinder   1.4.0, up 1 h 02 min
        route       Osnabrück old town: to waypoint 3 of 12 "Market", 140 m, 1.83 km to the end, 21 min 05 s walked
        gps         3D fix 0.4 s ago, 9 satellites, HDOP 0.9, 52.27912° N, 8.04722° W (u-blox DDC 0x42 on /dev/i2c-1)
        heading     the belt's own compass
        belt        connected, battery 80 %, navigation mode, intensity 60 %, pointed 132° 1.2 s ago
        touch case  connected, sides left+right, power saving, 14 touches
        pencil      connected, battery medium-high, firmware 55 (73 available)
        actors      1 of 2 running
                    gestures restarting, next attempt in 1.5 s: injected failure
        warnings    00:10:00 gps: no GPS fix for 10 s

        """)
    }

    func testAFreshApplianceSaysWhatItDoesNotHaveYet() {
        let report = StatusReport(wayfinderVersion: "1.4.0", uptimeSeconds: 3,
                                  actors: [ActorHealth(name: "belt", state: .running), ActorHealth(name: "navigation", state: .running)],
                                  gps: FixStatus(source: "gpsd localhost:2947"), belt: BeltStatus(link: .searching))
        XCTAssertEqual(StatusPage.render(report), """
        wayfinder  1.4.0, up 3 s
        gps        no fix yet (gpsd localhost:2947)
        belt       searching
        actors     all 2 running
        warnings   none

        """)
    }

    func testTheExternalCompassShowsItsAccuracyButNeverBelowADegree() {
        XCTAssertEqual(StatusPage.headingLine(HeadingStatus(source: .external, accuracyDegrees: 9.6, ageSeconds: 0.2)),
                       "the Pi's compass, ±10°, last 0.2 s ago")
        XCTAssertEqual(StatusPage.headingLine(HeadingStatus(source: .external, accuracyDegrees: 0, ageSeconds: 0.2)),
                       "the Pi's compass, ±<1°, last 0.2 s ago", "no compass is better than its noise")
        XCTAssertEqual(StatusPage.headingLine(HeadingStatus(source: .external, ageSeconds: 1)),
                       "the Pi's compass, last 1 s ago", "no fix yet: no estimate, and none pretended")
    }

    func testTheFollowLineIsOneLineOfWhatChanges() {
        XCTAssertEqual(StatusPage.line(StatusJSONTests.walking),
                       "t+01:02:05; Osnabrück old town: to waypoint 3 of 12 \"Market\", 140 m, 1.83 km to the end, 21 min 05 s walked; fix 0.4 s old; belt connected, pointing 132°; gestures restarting")
    }

    func testUnitsStayReadableAndNoValueTraps() {
        XCTAssertEqual(StatusPage.clock(-5), "00:00:00")
        XCTAssertEqual(Int(degrees: -0.4), 0)
        XCTAssertEqual(Int(degrees: 359.6), 0)
        XCTAssertEqual(Int(degrees: -90), 270)
        XCTAssertEqual(Int(rounding: .greatestFiniteMagnitude), .max)
        XCTAssertEqual(Int(rounding: .nan), 0)
    }
}
