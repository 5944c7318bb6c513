import Config
import Navigation
import Platform
import WayfinderTestKit
import XCTest

/// `[signals]` and the approach thresholds of `[navigation]` (docs/signals.md): read, defaulted,
/// and refused with the key and its line.
final class SignalsConfigTests: XCTestCase {
    let fixture = ConfigurationFixture(loader: ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]), files: DiskFiles()))

    func testEverySignalIsOnByDefault() throws {
        let c = try fixture.load("")
        XCTAssertEqual(c.signals, SignalSettings())
        XCTAssertEqual(c.signals.lostAfter, .seconds(5))
        XCTAssertEqual(c.signals.minimumInterval, .seconds(30))
        XCTAssertEqual(c.signals.repeatInterval, .seconds(300))
        XCTAssertTrue(c.guidance.waypointSignals && c.guidance.turnSignal && c.guidance.destinationRepeated)
        XCTAssertEqual([c.guidance.waypointLong, c.guidance.waypointMedium, c.guidance.waypointShort, c.guidance.waypointArea],
                       [150, 60, 30, 20])
    }

    func testEachSignalHasAKeyThatTurnsItOff() throws {
        for signal in WearerSignal.allCases {
            let c = try fixture.load("[signals]\n\(signal.configKey) = false")
            XCTAssertEqual(c.signals.disabled, [signal], signal.configKey)
        }
        let c = try fixture.load("[signals]\nwaypoint_approach = false\nturn = false\ndestination_repeated = false\nlost_after_s = 10\nmin_interval_s = 60\nrepeat_s = 600")
        XCTAssertFalse(c.guidance.waypointSignals || c.guidance.turnSignal || c.guidance.destinationRepeated)
        XCTAssertEqual(c.signals, SignalSettings(lostAfter: .seconds(10), minimumInterval: .seconds(60), repeatInterval: .seconds(600)))
    }

    func testMistakesAreRefusedWithTheirKeyAndLine() {
        let cases: [(String, String, String)] = [
            ("[signals]\npen_lost = \"no\"", "signals.pen_lost", "expected true or false"),
            ("[signals]\nbuzz_forever = true", "signals.buzz_forever", "unknown key"),
            ("[signals]\nlost_after_s = -1", "signals.lost_after_s", "out of range"),
            ("[signals]\nrepeat_s = 20", "signals.repeat_s", "must be at least min_interval_s (30 s)"),
            ("[navigation]\nwaypoint_medium_m = 200", "navigation.waypoint_medium_m", "must be less than waypoint_long_m (150 m)"),
            ("[navigation]\nwaypoint_area_m = 10", "navigation.waypoint_area_m", "must be more than arrival_radius_m (12 m)"),
            ("[navigation]\nturn_angle_deg = 200", "navigation.turn_angle_deg", "out of range"),
        ]
        for (text, key, words) in cases {
            let found = fixture.issues(text)
            XCTAssertEqual(found.map(\.keyPath), [key], text)
            XCTAssertEqual(found.first?.line, 5, text)
            XCTAssertTrue(found.first?.message.contains(words) == true, "\(text): \(found.map(\.message))")
        }
    }
}
