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
}
