@testable import Status
import Vocabulary
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

    /// The Pi's supply: what holds now in capitals, what has happened and no longer holds after it,
    /// and the source; `rpi_volt` knows only under-voltage. The JSON keys are the documented ones.
    func testThePisSupplyShowsWhatHoldsAndWhatHasHappened() {
        func page(_ supply: SupplyStatus) -> String {
            StatusPage.render(StatusReport(wayfinderVersion: "1.4.0", uptimeSeconds: 3, supply: supply))
        }
        let sag = SupplyStatus(PiSupply(source: .firmware, flags: ThrottledFlags(rawValue: 0x50005)))
        XCTAssertTrue(page(sag).contains("pi supply  UNDER-VOLTAGE, THROTTLED (get_throttled)\n"), page(sag))
        let after = SupplyStatus(PiSupply(source: .firmware, flags: ThrottledFlags(rawValue: 0x50000)))
        XCTAssertTrue(page(after).contains("pi supply  normal; has occurred: under-voltage, throttling (get_throttled)\n"), page(after))
        let hwmon = SupplyStatus(PiSupply(source: .hwmon, flags: []))
        XCTAssertTrue(page(hwmon).contains("pi supply  normal (rpi_volt)\n"), page(hwmon))
        XCTAssertEqual(StatusJSON.encode(hwmon), #"{"source":"rpi_volt","under_voltage":false}"#)
        XCTAssertEqual(StatusJSON.encode(sag), #"{"frequency_capped":false,"frequency_capping_occurred":false,"soft_temperature_limit":false,"#
                       + #""soft_temperature_limit_occurred":false,"source":"get_throttled","throttled":true,"throttling_occurred":true,"#
                       + #""under_voltage":true,"under_voltage_occurred":true}"#)
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
