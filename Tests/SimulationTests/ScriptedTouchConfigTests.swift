import Config
import Gestures
import Simulation
import WayfinderTestKit
import XCTest

/// `[simulation]` touch and pencil events: strokes and gestures checked against the sides and
/// touches per side `[devices.touch_case]` enables.
final class ScriptedTouchConfigTests: XCTestCase {
    let fixture = ConfigurationFixture(loader: .appliance(boards: BoardCatalog(directories: [Repository.boards])))

    func text(_ body: String = "", board: String = "pi-4b") -> String { fixture.text(body, board: board) }

    func load(_ body: String, board: String = "pi-4b") throws -> WayfinderConfiguration { try fixture.load(body, board: board) }

    func issues(_ body: String, board: String = "pi-4b", file: StaticString = #filePath, line: UInt = #line) -> [ConfigIssue] {
        fixture.issues(body, board: board, file: file, line: line)
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
