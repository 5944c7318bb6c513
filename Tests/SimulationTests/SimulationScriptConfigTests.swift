import Config
import Gestures
import Navigation
import Simulation
import WayfinderTestKit
import XCTest

/// `[simulation]` read by its own reader (`SimulationConfiguration`, a `ConfigurationTable`) through the
/// appliance's loader: the script's events and times, and the shipped files that carry one.
final class SimulationScriptConfigTests: XCTestCase {
    let fixture = ConfigurationFixture(loader: .appliance(boards: BoardCatalog(directories: [Repository.boards])))
    var loader: ConfigurationLoader { fixture.loader }

    /// A minimal valid file for a Pi 4, with the route given by absolute path.
    func piConfig(_ extra: String = "", board: String = "pi-4b") -> String { fixture.text(extra, board: board) }

    func issues(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [ConfigIssue] {
        fixture.issues(inText: text, file: file, line: line)
    }

    /// A configuration whose script has one GPS outage at `at` (TOML, as written after `at = `).
    static func outage(at: String) -> String {
        """
        board = "sim"
        [route]
        gpx = "\(Repository.demoRoute)"
        [[simulation.events]]
        at = \(at)
        gps_outage_s = 10
        """
    }

    func testScriptTimesOutOfRangeAreErrorsNotCrashes() {
        for at in ["1e30", "\"inf:00\"", "-5", "\"25:00:00\""] {
            let found = issues(Self.outage(at: at))
            XCTAssertEqual(found.map(\.keyPath), ["simulation.events[0].at"], "at = \(at)")
        }
    }

    /// After a colon come minutes or seconds: "9:75" is refused naming the 75 seconds, not read as 10:15.
    func testScriptTimesWithSixtyOrMoreAfterAColonAreRefused() throws {
        for (at, said) in [("\"9:75\"", "has 75 seconds"), ("\"1:60:00\"", "has 60 minutes"), ("\"0:00:60\"", "has 60 seconds"),
                           ("\"2:59.5x\"", "expected a session time")] {
            let found = issues(Self.outage(at: at))
            XCTAssertEqual(found.map(\.keyPath), ["simulation.events[0].at"], "at = \(at)")
            XCTAssertTrue(found.first?.message.contains(said) == true, "at = \(at): \(found)")
        }
        for (at, seconds) in [("\"90:00\"", 5400.0), ("\"1:02:03\"", 3723), ("\"0:59.5\"", 59.5)] {
            let c = try loader.load(text: Self.outage(at: at), path: "/tmp/t.toml")
            XCTAssertEqual(c.simulation?.events.first?.at, .seconds(seconds), "at = \(at)")
        }
    }

    func testBeltScriptEventsAreRead() throws {
        let c = try loader.load(text: """
        board = "sim"
        [route]
        gpx = "\(Repository.demoRoute)"
        [[simulation.events]]
        at = "1:00"
        belt_refuses_connection = true
        [[simulation.events]]
        at = "2:00"
        belt_battery_percent = 9
        """, path: "/tmp/x.toml")
        XCTAssertEqual(c.simulation?.events.map(\.action), [.beltRefusesNextConnection, .beltBattery(percent: 9)])
        let bad = issues("""
        board = "sim"
        [route]
        gpx = "\(Repository.demoRoute)"
        [[simulation.events]]
        at = "2:00"
        belt_battery_percent = 120
        """)
        XCTAssertEqual(bad.map(\.keyPath), ["simulation.events[0].belt_battery_percent"])
    }

    /// `pi_undervoltage`: the simulated Pi's supply sags (true) and recovers (false); anything but a
    /// boolean is refused at its key.
    func testPiUnderVoltageEventsAreRead() throws {
        let c = try loader.load(text: """
        board = "sim"
        [route]
        gpx = "\(Repository.demoRoute)"
        [[simulation.events]]
        at = "1:00"
        pi_undervoltage = true
        [[simulation.events]]
        at = "3:00"
        pi_undervoltage = false
        """, path: "/tmp/x.toml")
        XCTAssertEqual(c.simulation?.events.map(\.action), [.piUnderVoltage(true), .piUnderVoltage(false)])
        let bad = issues("""
        board = "sim"
        [route]
        gpx = "\(Repository.demoRoute)"
        [[simulation.events]]
        at = "2:00"
        pi_undervoltage = "yes"
        """)
        XCTAssertEqual(bad.map(\.keyPath), ["simulation.events[0].pi_undervoltage"])
    }

    /// The wearer's intensity on the belt, the belt's power and the pen's battery, with their ranges.
    func testIntensityPowerAndPenBatteryEventsAreReadWithTheirRanges() throws {
        func events(_ body: String) -> String {
            "board = \"sim\"\n[route]\ngpx = \"\(Repository.demoRoute)\"\n" + body
        }
        let c = try loader.load(text: events("""
        [[simulation.events]]
        at = "1:00"
        belt_intensity = 80
        [[simulation.events]]
        at = "2:00"
        belt_power = "charging"
        [[simulation.events]]
        at = "3:00"
        belt_power = "external"
        [[simulation.events]]
        at = "4:00"
        belt_power = "battery"
        [[simulation.events]]
        at = "5:00"
        pencil_battery_percent = 5
        """), path: "/tmp/x.toml")
        XCTAssertEqual(c.simulation?.events.map(\.action),
                       [.beltIntensity(80), .beltPower(.charging), .beltPower(.external), .beltPower(.onBattery), .pencilBattery(percent: 5)])
        for (line, key, said) in [("belt_intensity = 3", "belt_intensity", "3 % is out of range; expected 5–100 %"),
                                  ("belt_power = \"solar\"", "belt_power", #""solar" is not one of "battery", "charging", "external""#),
                                  ("pencil_battery_percent = 101", "pencil_battery_percent", "out of range"),
                                  ("belt_intensity = \"loud\"", "belt_intensity", "expected a whole number")] {
            let found = issues(events("[[simulation.events]]\nat = \"1:00\"\n\(line)\n"))
            XCTAssertEqual(found.map(\.keyPath), ["simulation.events[0].\(key)"], line)
            XCTAssertTrue(found.first?.message.contains(said) == true, "\(line): \(found)")
        }
    }

    func testSimulationTableNeedsTheSimulatedBoard() {
        let found = issues(piConfig("[simulation]\nacceleration = 10"))
        XCTAssertEqual(found.map(\.keyPath), ["simulation"])
    }

    func testSimulationScriptIsReadAndChecked() throws {
        let text = """
        board = "sim"
        [route]
        gpx = "\(Repository.demoRoute)"
        [buttons.map]
        GPIO17 = "toggle-pause"
        [simulation]
        acceleration = 30
        [[simulation.events]]
        at = "3:00"
        button = "GPIO17"
        [[simulation.events]]
        at = 90
        gesture = "swipe-right"
        """
        let c = try loader.load(text: text, path: "/tmp/x.toml")
        XCTAssertEqual(c.simulation?.acceleration, 30)
        XCTAssertEqual(c.simulation?.events.map(\.at), [.seconds(90), .seconds(180)], "events are sorted by time")
        // A scripted gesture is a touch: the stroke a finger makes for it, on the right side by default.
        XCTAssertEqual(c.simulation?.events.first?.action, .touch(SimulatedTouch(.swipe(.right), on: .right)))

        let bad = issues(text.replacingOccurrences(of: "button = \"GPIO17\"", with: "button = \"GPIO5\"")
            + "\n[[simulation.events]]\nat = \"soon\"\ngesture = \"tap\"")
        XCTAssertEqual(bad.map(\.keyPath), ["simulation.events[0].button", "simulation.events[2].at"])
        XCTAssertEqual(bad[0].line, 10)
        XCTAssertTrue(bad[0].message.contains("no binding"), bad[0].message)
    }

    func testShippedConfigurationsAreValid() throws {
        let demo = try loader.load(path: Repository.demoConfig)
        XCTAssertTrue(demo.board.isSimulated)
        XCTAssertGreaterThanOrEqual(demo.simulation?.events.count ?? 0, 3)
        let example = try loader.load(path: "\(Repository.root)/deploy/wayfinder.toml")
        XCTAssertFalse(example.board.isSimulated)
    }

}
