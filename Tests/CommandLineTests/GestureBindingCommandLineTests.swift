import Foundation
import WayfinderTestKit
import XCTest

/// `config check` on `[gestures]` bindings as a person writes them.
final class GestureBindingCommandLineTests: XCTestCase {
    /// The same gesture bound twice on one side: the second could never fire, so `config check`
    /// refuses it at its line, naming the line of the binding that takes its gestures.
    func testConfigCheckRefusesABindingThatCanNeverFireWithBothLines() throws {
        let path = NSTemporaryDirectory() + "wayfinder-shadow-\(UUID().uuidString).toml"
        try """
        board = "sim"
        [route]
        gpx = "\(Repository.demoRoute)"
        [[gestures.double-tap]]
        command = "toggle-pause"
        sides = ["left", "right"]
        [[gestures.double-tap]]
        command = "stop"
        sides = ["right"]
        """.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try WayfinderBinary.run(["config", "check", path])
        XCTAssertEqual(result.status, 78, result.errors)
        XCTAssertTrue(result.errors.contains("configuration has 1 error:"), result.errors)
        XCTAssertTrue(result.errors.contains(
            "\(path):7:1: gestures.double-tap[1]: can never fire: gestures.double-tap[0] (\(path):4) takes every "
            + "double-tap on right first"), result.errors)
    }

    /// A tap on the left, a tap on the right, then a tap on both: between them the first two take
    /// every tap the third would make, so `config check` refuses it, naming both of their lines.
    func testConfigCheckRefusesABindingSeveralEarlierOnesCoverNamingEachLine() throws {
        let path = NSTemporaryDirectory() + "wayfinder-shadow-\(UUID().uuidString).toml"
        try """
        board = "sim"
        [route]
        gpx = "\(Repository.demoRoute)"
        [devices.touch_case]
        sides = ["left", "right"]
        [[gestures.tap]]
        command = "announce-direction"
        sides = ["left"]
        [[gestures.tap]]
        command = "pause"
        sides = ["right"]
        [[gestures.tap]]
        command = "stop"
        """.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try WayfinderBinary.run(["config", "check", path])
        XCTAssertEqual(result.status, 78, result.errors)
        XCTAssertTrue(result.errors.contains("configuration has 1 error:"), result.errors)
        XCTAssertTrue(result.errors.contains(
            "\(path):12:1: gestures.tap[2]: can never fire: between them gestures.tap[0] (\(path):6) and "
            + "gestures.tap[1] (\(path):9) take every tap on left, right first"), result.errors)
    }
}
