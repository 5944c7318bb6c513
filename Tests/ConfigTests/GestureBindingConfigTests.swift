import Config
import Controls
import Gestures
import Navigation
import Platform
import WayfinderTestKit
import XCTest

/// `[gestures]` bindings (short form, table with sides and parameters, array per side), pen clicks,
/// and `[devices.touch_case]` sides/touches/power saving.
final class GestureBindingConfigTests: XCTestCase {
    let fixture = ConfigurationFixture(loader: ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]), files: DiskFiles()))

    func text(_ body: String = "", board: String = "pi-4b") -> String { fixture.text(body, board: board) }

    func load(_ body: String, board: String = "pi-4b") throws -> WayfinderConfiguration { try fixture.load(body, board: board) }

    func issues(_ body: String, board: String = "pi-4b", file: StaticString = #filePath, line: UInt = #line) -> [ConfigIssue] {
        fixture.issues(body, board: board, file: file, line: line)
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
        XCTAssertEqual(c.gestures.bindings.map(\.description), [
            "long-press on left by finger → stop", "swipe-right on right → next-waypoint", "swipe-right on left → previous-waypoint",
        ], "config check's summary names the classes, so bindings differing only by class do not read as duplicates")
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

    func testDragsAreBoundWithTheirStepAndEdgeMarginAndOtherGesturesRefuseAStep() throws {
        let c = try load("""
            [gestures]
            pan-up = { command = "intensity-up", sides = ["right"], step = 0.15 }
            pan-down = { command = "intensity-down", sides = ["right"], touches = 2, min_distance = 0.08 }
            edge-pan-left = { command = "previous-waypoint", edge_margin = 0.1 }
            """)
        XCTAssertEqual(c.gestures.bindings, [
            GestureBinding(.edgePan(.left), parameters: ["edgeMargin": 0.1], command: .previousWaypoint),
            GestureBinding(.pan(.down), sides: [.right], parameters: ["numberOfTouchesRequired": 2, "minimumTranslation": 0.08],
                           command: .intensityDown),
            GestureBinding(.pan(.up), sides: [.right], parameters: ["step": 0.15], command: .intensityUp),
        ])
        XCTAssertEqual(c.gestures.bindings.map(\.step), [0.1, 0.1, 0.15], "0.1 unless set")

        let found = issues("""
            [gestures]
            pan-up = { command = "intensity-up", step = 0 }
            swipe-up = { command = "next-waypoint", step = 0.2 }
            pan-sideways = "stop"
            edge-pan-down = { command = "stop", touches = 2 }
            """)
        XCTAssertEqual(found.map(\.keyPath), ["gestures.pan-up.step", "gestures.swipe-up.step",
                                               "gestures.pan-sideways", "gestures.edge-pan-down.touches"])
        let messages = Dictionary(found.map { ($0.keyPath, $0.message) }, uniquingKeysWith: { a, _ in a })
        XCTAssertTrue(messages["gestures.pan-up.step"]?.contains("0.02") ?? false, "the range is named: \(messages)")
        XCTAssertTrue(messages["gestures.swipe-up.step"]?.contains("unknown key") ?? false, "a swipe is made once, not in steps")
        XCTAssertTrue(messages["gestures.pan-sideways"]?.contains("edge-pan-up") ?? false, "the gestures are listed")
    }

    /// The same gesture again on sides an earlier binding already covers, with the same parameters
    /// (a key written at its default is the same as one left out), never fires: refused at its own
    /// line, naming the earlier binding's line.
    func testABindingAnEarlierOneShadowsIsRefusedNamingBothLines() {
        let found = issues("""
            [gestures]
            pinch-in = [{ command = "pause", sides = ["top", "bottom"], classes = ["finger", "pen"] },
                        { command = "stop", sides = ["bottom"], classes = ["pen"], threshold = 0.05 }]
            [[gestures.tap]]
            command = "announce-direction"
            [[gestures.tap]]
            command = "pause"
            sides = ["left"]
            touches = 1
            """)
        XCTAssertEqual(found.map(\.keyPath), ["gestures.pinch-in[1]", "gestures.tap[1]"])
        XCTAssertEqual(found.map(\.line), [5, 9])
        XCTAssertEqual(found.last?.message,
                       "can never fire: gestures.tap[0] (/etc/wayfinder/wayfinder.toml:7) takes every tap on left first, "
                       + "with the same parameters and touch classes; keep one, or give them different sides or parameters")
        XCTAssertEqual(found.first?.message.hasPrefix(
            "can never fire: gestures.pinch-in[0] (/etc/wayfinder/wayfinder.toml:5) takes every pinch-in on bottom first"), true,
                       "an inline array's elements share its line: \(found.first?.message ?? "")")
    }

    /// A binding that no single earlier one covers, but several do between them (a tap on the left,
    /// a tap on the right, then a tap on both), never fires either: refused, naming every earlier
    /// line that takes its gestures.
    func testABindingEarlierOnesCoverBetweenThemIsRefusedNamingEveryLine() {
        let found = issues("""
            [gestures]
            tap = [{ command = "announce-direction", sides = ["left"] },
                   { command = "pause", sides = ["right"] },
                   { command = "stop", sides = ["left", "right"] }]
            [[gestures.long-press]]
            command = "stop"
            classes = ["finger", "palm"]
            [[gestures.long-press]]
            command = "pause"
            classes = ["pen", "eraser", "unknown"]
            [[gestures.long-press]]
            command = "resume"
            """)
        XCTAssertEqual(found.map(\.keyPath), ["gestures.tap[2]", "gestures.long-press[2]"])
        XCTAssertEqual(found.map(\.line), [5, 14])
        let file = "/etc/wayfinder/wayfinder.toml"
        XCTAssertEqual(found.first?.message,
                       "can never fire: between them gestures.tap[0] (\(file):5) and gestures.tap[1] (\(file):5) "
                       + "take every tap on left, right first, with the same parameters, on every touch class it "
                       + "sees; remove this one, or give it sides or parameters of its own")
        XCTAssertEqual(found.last?.message.hasPrefix(
            "can never fire: between them gestures.long-press[0] (\(file):8) and gestures.long-press[1] (\(file):11) "
            + "take every long-press on bottom, left, right, top first"), true, found.last?.message ?? "")
    }

    /// Earlier bindings that leave one side or touch class to the later one do not shadow it.
    func testABindingEarlierOnesLeaveSomethingToIsAccepted() throws {
        let c = try load("""
            [gestures]
            tap = [{ command = "announce-direction", sides = ["left"] },
                   { command = "pause", sides = ["right"] },
                   { command = "stop", sides = ["left", "right", "top"] }]
            long-press = [{ command = "stop", classes = ["finger"] },
                          { command = "pause", classes = ["pen", "eraser", "unknown"] },
                          { command = "resume" }]
            """)
        XCTAssertEqual(c.gestures.bindings.count, 6)
    }

    /// A later binding that still fires somewhere is accepted: on a side the earlier one leaves out,
    /// with other parameters, with classes the earlier one does not take, a drag (drags of one kind
    /// share the stroke), or the other sense of a pinch.
    func testBindingsThatCanStillFireAreAccepted() throws {
        let c = try load("""
            [gestures]
            tap = [{ command = "pause", sides = ["left"] }, { command = "announce-direction" }]
            double-tap = [{ command = "pause" }, { command = "stop", touches = 2 }]
            long-press = [{ command = "stop", classes = ["finger"] }, { command = "pause" }]
            swipe-up = [{ command = "next-waypoint", sides = ["left", "right"] }, { command = "stop", sides = ["right", "top"] }]
            pan-up = [{ command = "intensity-up", sides = ["right"] }, { command = "announce-direction", sides = ["right"] }]
            pinch-in = "pause"
            pinch-out = "resume"
            """)
        XCTAssertEqual(c.gestures.bindings.count, 12)
    }

    func testTouchCaseSettingsAreChecked() {
        let found = issues("[devices.touch_case]\nsides = [\"left\", \"front\"]\ntouches_per_side = 6")
        XCTAssertEqual(found.map(\.keyPath), ["devices.touch_case.sides[1]", "devices.touch_case.touches_per_side"])
    }

}
