import Config
import Controls
import Gestures
import Navigation
import Platform
import WayfinderTestKit
import XCTest

/// `[gestures]` bindings (short form, table with sides and parameters, array per side), pen clicks,
/// `[devices.touch_case]` sides/touches/power saving, and `[simulation]` touch and pencil events.
final class GestureBindingConfigTests: XCTestCase {
    let loader = ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]))

    func text(_ body: String, board: String = "pi-4b") -> String {
        """
        board = "\(board)"
        [route]
        gpx = "\(Repository.demoRoute)"
        \(body)
        """
    }

    func load(_ body: String, board: String = "pi-4b") throws -> WayfinderConfiguration {
        try loader.load(text: text(body, board: board), path: "/etc/wayfinder/wayfinder.toml")
    }

    func issues(_ body: String, board: String = "pi-4b", file: StaticString = #filePath, line: UInt = #line) -> [ConfigIssue] {
        do {
            _ = try load(body, board: board)
            XCTFail("expected the configuration to be rejected", file: file, line: line)
            return []
        } catch let error as ConfigError {
            return error.issues
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return []
        }
    }

    func testTheShortFormStillBindsOnEverySide() throws {
        let c = try load("[gestures]\nswipe-right = \"next-waypoint\"\ntap = \"none\"")
        XCTAssertEqual(c.gestures.bindings, [GestureBinding(.swipe(.right), command: .nextWaypoint)])
        XCTAssertEqual(c.gestures.handedness, .right)
        XCTAssertEqual(c.touchCaseSettings, TouchCaseSettings(), "all four sides, 2 touches, power saving on")
    }

    func testTablesCarrySidesClassesAndParametersAndAnArrayBindsPerSide() throws {
        let c = try load("""
            [devices.touch_case]
            sides = ["left", "right"]
            touches_per_side = 3
            power_saving = false
            [gestures]
            handedness = "left"
            long_click_ms = 900
            long-press = { command = "stop", sides = ["left"], min_duration_ms = 800, classes = ["finger"] }
            swipe-right = [{ command = "next-waypoint", sides = ["right"] }, { command = "previous-waypoint", sides = ["left"], min_distance = 0.3 }]
            pencil-tip = "toggle-pause"
            pencil-eraser-long = "stop"
            """)
        XCTAssertEqual(c.touchCaseSettings, TouchCaseSettings(sides: [.left, .right], touchesPerSide: 3, powerSaving: false))
        XCTAssertEqual(c.gestures.handedness, .left)
        XCTAssertEqual(c.gestures.longClick, .milliseconds(900))
        XCTAssertEqual(c.gestures.bindings, [
            GestureBinding(.longPress, sides: [.left], parameters: ["minimumPressDurationMs": 800], touchClasses: [.finger], command: .stop),
            GestureBinding(.swipe(.right), sides: [.right], command: .nextWaypoint),
            GestureBinding(.swipe(.right), sides: [.left], parameters: ["minimumDistance": 0.3], command: .previousWaypoint),
        ])
        XCTAssertEqual(c.gestures.command(forClick: .tip, held: .milliseconds(100)), .togglePause)
        XCTAssertEqual(c.gestures.command(forClick: .eraser, held: .milliseconds(900)), .stop)
        XCTAssertNil(c.gestures.command(forClick: .eraser, held: .milliseconds(899)))
    }

    func testBadMappingsAreErrorsAtTheirKeyPaths() {
        let found = issues("""
            [devices.touch_case]
            sides = ["left", "right"]
            [gestures]
            swipe-rigth = "next-waypoint"
            tap = { command = "next-waypont" }
            long-press = { command = "stop", sides = ["top"] }
            double-tap = { command = "pause", min_duration_ms = 900, max_interval_ms = 1 }
            swipe-left = { sides = ["left"] }
            pencil-tip = "jump"
            """)
        XCTAssertEqual(found.map(\.keyPath), [
            "gestures.swipe-rigth", "gestures.tap.command", "gestures.long-press.sides[0]",
            "gestures.double-tap.max_interval_ms", "gestures.double-tap.min_duration_ms",
            "gestures.swipe-left.command", "gestures.pencil-tip",
        ])
        let messages = Dictionary(found.map { ($0.keyPath, $0.message) }, uniquingKeysWith: { a, _ in a })
        XCTAssertTrue(messages["gestures.swipe-rigth"]?.contains("swipe-right") ?? false, "\(messages)")
        XCTAssertTrue(messages["gestures.tap.command"]?.contains("next-waypoint") ?? false)
        XCTAssertTrue(messages["gestures.long-press.sides[0]"]?.contains("not enabled in [devices.touch_case]") ?? false)
        XCTAssertTrue(messages["gestures.double-tap.min_duration_ms"]?.contains("unknown key") ?? false, "a long-press parameter on a tap")
    }

    func testTouchCaseSettingsAreChecked() {
        let found = issues("[devices.touch_case]\nsides = [\"left\", \"front\"]\ntouches_per_side = 6")
        XCTAssertEqual(found.map(\.keyPath), ["devices.touch_case.sides[1]", "devices.touch_case.touches_per_side"])
    }

    func testScriptedTouchesAndClicksAreReadAndChecked() throws {
        let c = try load("""
            [devices.touch_case]
            sides = ["left", "right"]
            touches_per_side = 1
            [simulation]
            [[simulation.events]]
            at = 10
            gesture = "swipe-left"
            side = "left"
            [[simulation.events]]
            at = 20
            touch = [{ side = "right", from = [0.1, 0.5], to = [0.9, 0.5], duration_ms = 200 }, { side = "left", from = [0.5, 0.5], delay_ms = 50 }]
            [[simulation.events]]
            at = 30
            pencil = "eraser"
            long = true
            """, board: "sim")
        let actions = c.simulation?.events.map(\.action)
        XCTAssertEqual(actions, [
            .touch(SimulatedTouch(.swipe(.left), on: .left)),
            .touch(SimulatedTouch(strokes: [
                .init(side: .right, duration: .milliseconds(200), from: TouchPoint(x: 0.1, y: 0.5), to: TouchPoint(x: 0.9, y: 0.5)),
                .init(side: .left, delay: .milliseconds(50), duration: .milliseconds(100), from: TouchPoint(x: 0.5, y: 0.5)),
            ])),
            .penClick("eraser", held: .seconds(1)),
        ])

        let bad = issues("""
            [devices.touch_case]
            sides = ["left", "right"]
            touches_per_side = 1
            [simulation]
            [[simulation.events]]
            at = 10
            gesture = "swipe-left"
            side = "top"
            [[simulation.events]]
            at = 11
            gesture = "pinch-in"
            side = "left"
            [[simulation.events]]
            at = 12
            touch = { side = "left", from = [1.5, 0.5] }
            [[simulation.events]]
            at = 13
            pencil = "nib"
            long = 3
            """, board: "sim")
        XCTAssertEqual(bad.map(\.keyPath), ["simulation.events[0].side", "simulation.events[1].gesture",
                                            "simulation.events[2].touch.from", "simulation.events[3].pencil", "simulation.events[3].long"])
        XCTAssertTrue(bad.contains { $0.keyPath == "simulation.events[1].gesture" && $0.message.contains("needs 2 fingers") }, "\(bad)")
    }
}
