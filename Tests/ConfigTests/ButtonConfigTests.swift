import Config
import Navigation
import Platform
import WayfinderTestKit
import XCTest

/// `[buttons]` and `[buttons.map]`: press lengths, the double-press window and the three kinds of binding.
final class ButtonConfigTests: XCTestCase {
    let loader = ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]), files: DiskFiles())
    let path = "/etc/wayfinder/wayfinder.toml"

    /// A Pi 4 file with `buttons` after the route.
    func text(_ buttons: String) -> String {
        """
        board = "pi-4b"
        [route]
        gpx = "\(Repository.demoRoute)"
        \(buttons)
        """
    }

    func load(_ buttons: String) throws -> WayfinderConfiguration {
        try loader.load(text: text(buttons), path: path)
    }

    func issues(_ buttons: String, file: StaticString = #filePath, line: UInt = #line) -> [ConfigIssue] {
        do {
            _ = try loader.load(text: text(buttons), path: path)
            XCTFail("expected the configuration to be rejected", file: file, line: line)
            return []
        } catch {
            return error.issues
        }
    }

    func setting(_ key: String, in c: WayfinderConfiguration) -> ConfigurationSetting? {
        c.settings.first { $0.keyPath == key }
    }

    func testWithoutButtonsKeysTheDoublePressWindowIs400MillisecondsAndNoLineWaitsForASecondPress() throws {
        let c = try load("[buttons.map]\nGPIO17 = { press = \"toggle-pause\", long_press = \"stop\" }")
        XCTAssertEqual(c.buttons.doublePressWindow, .milliseconds(400))
        XCTAssertNil(c.buttons.binding(forLine: 17)?.doublePress)
        XCTAssertEqual(c.buttons.doublePressLines, [])
    }

    func testDoublePressBindingsAndTheWindowAreRead() throws {
        let c = try load("""
        [buttons]
        double_press_ms = 250
        [buttons.map]
        GPIO17 = { press = "toggle-pause", long_press = "stop", double_press = "next-waypoint" }
        GPIO22 = { double_press = "belt-home" }
        GPIO27 = "announce-direction"
        """)
        XCTAssertEqual(c.buttons.doublePressWindow, .milliseconds(250))
        XCTAssertEqual(c.buttons.binding(forLine: 17),
                       ButtonBinding(line: 17, press: .togglePause, longPress: .stop, doublePress: .nextWaypoint))
        XCTAssertEqual(c.buttons.binding(forLine: 22), ButtonBinding(line: 22, press: nil, doublePress: .beltButton(.home, .short)),
                       "a line may be bound for a double press only")
        XCTAssertEqual(c.buttons.doublePressLines, [17, 22])
    }

    func testADoublePressWindowOutOfRangeIsRejectedAtItsKey() {
        for ms in [99, 2001] {
            let found = issues("[buttons]\ndouble_press_ms = \(ms)")
            XCTAssertEqual(found.map(\.keyPath), ["buttons.double_press_ms"])
            XCTAssertEqual(found.first?.message, "\(ms) ms is out of range; expected 100–2000 ms")
        }
    }

    func testAnUnknownDoublePressCommandIsRejectedAtItsKeyWithASuggestion() {
        let found = issues("[buttons.map]\nGPIO17 = { press = \"stop\", double_press = \"next-waypont\" }")
        XCTAssertEqual(found.map(\.keyPath), ["buttons.map.GPIO17.double_press"])
        XCTAssertTrue(found.first?.message.contains("did you mean \"next-waypoint\"") ?? false, "\(found)")
    }

    func testAMisspeltDoublePressKeyIsAnUnknownKeyWithASuggestion() {
        let found = issues("[buttons.map]\nGPIO17 = { press = \"stop\", double_pres = \"pause\" }")
        XCTAssertEqual(found.map(\.keyPath), ["buttons.map.GPIO17.double_pres"])
        XCTAssertTrue(found.first?.message.contains("did you mean \"double_press\"") ?? false, "\(found)")
    }

    func testABindingTableWithNoPressKindNamesAllThree() {
        let found = issues("[buttons.map]\nGPIO17 = {}")
        XCTAssertEqual(found.map(\.keyPath), ["buttons.map.GPIO17"])
        XCTAssertEqual(found.first?.message, "expected one or more of press = \"…\", long_press = \"…\", double_press = \"…\"")
    }

    func testADoublePressWindowNoLongerThanTheDebounceIsRejectedWhenALineHasADoublePress() {
        let found = issues("""
        [buttons]
        debounce_ms = 200
        double_press_ms = 200
        [buttons.map]
        GPIO17 = { double_press = "stop" }
        """)
        XCTAssertEqual(found.map(\.keyPath), ["buttons.double_press_ms"])
        XCTAssertEqual(found.first?.message,
                       "double_press_ms (200 ms) must be more than debounce_ms (200 ms), or the second press of a double press would be dropped as contact bounce")
        // With the default window, the debounce is the key that made it impossible.
        XCTAssertEqual(issues("[buttons]\ndebounce_ms = 500\n[buttons.map]\nGPIO17 = { double_press = \"stop\" }").map(\.keyPath),
                       ["buttons.debounce_ms"])
    }

    func testALongDebounceWithoutDoublePressBindingsIsStillValid() throws {
        let c = try load("[buttons]\ndebounce_ms = 500\n[buttons.map]\nGPIO17 = \"stop\"")
        XCTAssertEqual(c.buttons.debounce, .milliseconds(500))
    }

    func testTheDoublePressWindowAndBindingsAreRenderedAsTheyAreWritten() throws {
        let c = try load("""
        [buttons]
        double_press_ms = 300
        [buttons.map]
        GPIO17 = { press = "toggle-pause", long_press = "stop", double_press = "next-waypoint" }
        GPIO22 = { double_press = "belt-home" }
        GPIO27 = "announce-direction"
        """)
        XCTAssertEqual(setting("buttons.double_press_ms", in: c), .init("buttons.double_press_ms", "300", .restart))
        XCTAssertEqual(setting("buttons.map.GPIO17", in: c)?.value,
                       "{ press = \"toggle-pause\", long_press = \"stop\", double_press = \"next-waypoint\" }")
        XCTAssertEqual(setting("buttons.map.GPIO22", in: c)?.value, "{ double_press = \"belt-home\" }")
        XCTAssertEqual(setting("buttons.map.GPIO27", in: c)?.value, "\"announce-direction\"")
        let keys = c.settings.map(\.keyPath)
        XCTAssertEqual(keys.firstIndex(of: "buttons.double_press_ms"), keys.firstIndex(of: "buttons.long_press_ms").map { $0 + 1 })
    }

    func testALineMadeThePairControlHasNoPressCommandsAndIsRequestedWithTheOthers() throws {
        let c = try load("""
        [devices.pencil]
        enabled = true
        [buttons.map]
        GPIO5 = "pair-pencil"
        GPIO17 = "toggle-pause"
        """)
        XCTAssertEqual(c.buttons.pairPencilLine, 5)
        XCTAssertNil(c.buttons.binding(forLine: 5), "its presses are not commands")
        XCTAssertEqual(c.buttons.lines, [5, 17], "both lines are opened")
        XCTAssertEqual(setting("buttons.map.GPIO5", in: c)?.value, "\"pair-pencil\"")
    }

    func testThePairControlNeedsThePencilAWholeLineAndOnlyOneLine() {
        let withoutPencil = issues("[buttons.map]\nGPIO5 = \"pair-pencil\"")
        XCTAssertEqual(withoutPencil.map(\.keyPath), ["buttons.map.GPIO5"])
        XCTAssertTrue(withoutPencil.first?.message.contains("[devices.pencil] enabled = true") ?? false, "\(withoutPencil)")

        let found = issues("""
        [devices.pencil]
        enabled = true
        [buttons.map]
        GPIO5 = "pair-pencil"
        GPIO6 = "pair-pencil"
        GPIO17 = { press = "toggle-pause", long_press = "pair-pencil" }
        """)
        XCTAssertEqual(found.map(\.keyPath), ["buttons.map.GPIO6", "buttons.map.GPIO17.long_press"])
        XCTAssertTrue(found.first?.message.contains("GPIO 5 is already the pair control") ?? false, "\(found)")
        XCTAssertTrue(found.last?.message.contains("GPIO17 = \"pair-pencil\"") ?? false, "\(found)")
    }

    func testChangingTheDoublePressWindowOrBindingIsReportedAsNeedingARestart() throws {
        let old = try load("[buttons.map]\nGPIO17 = \"toggle-pause\"")
        let new = try load("[buttons]\ndouble_press_ms = 600\n[buttons.map]\nGPIO17 = { press = \"toggle-pause\", double_press = \"stop\" }")
        let change = ConfigurationChange(from: old, to: new)
        XCTAssertEqual(change.applied, [])
        XCTAssertEqual(change.needsRestart, [
            .init(keyPath: "buttons.double_press_ms", old: "400", new: "600"),
            .init(keyPath: "buttons.map.GPIO17", old: "\"toggle-pause\"", new: "{ press = \"toggle-pause\", double_press = \"stop\" }"),
        ])
    }
}
