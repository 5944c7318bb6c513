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

    /// The outbox: what waits and since when something was stored, why it holds or stopped, the
    /// conflicts and the last error; absent without `[upload]`. The JSON keys are the documented ones.
    func testTheUploadShowsWhatWaitsWhatWasStoredAndWhyItStopped() {
        func line(_ upload: UploadStatus) -> String {
            let page = StatusPage.render(StatusReport(wayfinderVersion: "1.4.0", uptimeSeconds: 3, upload: upload))
            return page.split(separator: "\n").first { $0.hasPrefix("upload") }.map(String.init) ?? page
        }
        XCTAssertFalse(StatusPage.render(StatusReport(wayfinderVersion: "1.4.0", uptimeSeconds: 3)).contains("upload"))
        XCTAssertEqual(line(UploadStatus(pendingFiles: 0, pendingBytes: 0, lastSuccessKey: "u/walks/w/manifest.json",
                                         lastSuccessSecondsAgo: 240)),
                       "upload     nothing waiting; last stored 4 min 00 s ago")
        XCTAssertEqual(line(UploadStatus(pendingFiles: 3, pendingBytes: 1_234_567, holding: true)),
                       "upload     3 files (1.2 MB) waiting for the walk to end")
        XCTAssertEqual(line(UploadStatus(pendingFiles: 1, pendingBytes: 999, lastError: "PUT k: 503 SlowDown",
                                         conflicts: ["u/samples/s"])),
                       "upload     1 file (999 B) waiting; 1 in conflict; last error: PUT k: 503 SlowDown")
        XCTAssertEqual(line(UploadStatus(pendingFiles: 4, pendingBytes: 10, lastError: "PUT k: 403 SignatureDoesNotMatch",
                                         stopped: "refused by the server (403 SignatureDoesNotMatch)")),
                       "upload     STOPPED: refused by the server (403 SignatureDoesNotMatch)")
        XCTAssertEqual(StatusJSON.encode(UploadStatus(pendingFiles: 2, pendingBytes: 5, lastSuccessKey: "k", lastSuccessSecondsAgo: 1.5)),
                       #"{"conflicts":[],"holding":false,"last_success_key":"k","last_success_seconds_ago":1.5,"pending_bytes":5,"pending_files":2}"#)
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
