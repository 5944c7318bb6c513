import Foundation
import WayfinderTestKit
import XCTest

/// The belt switched off and on with its power button, as a person at the Pi sees it: `wayfinder
/// run` on the simulated board whose script holds the belt's power button twice. While it is off,
/// `status --json` shows `belt.link` "standby" and no warning, the page says how to switch it on, and
/// the log says the wearer switched it off; once it is on, the belt is back in app mode for the walk.
final class BeltStandbyCommandLineTests: XCTestCase {
    func testTheBeltSwitchedOffShowsStandbyWithoutWarningAndTheWalkResumesWhenItIsOn() throws {
        let directory = NSTemporaryDirectory() + "wayfinder-standby-cli-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = directory + "/wayfinder.toml"
        try """
        board = "sim"

        [route]
        gpx = "\(Repository.demoRoute)"

        [devices.touch_case]
        enabled = false

        [devices.pencil]
        enabled = false

        [[simulation.events]]
        at = "0:20"
        belt_button = "power"
        long = true

        [[simulation.events]]
        at = "2:30"
        belt_button = "power"
        long = true
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let socket = directory + "/control.sock"
        let (process, _, output, errors) = try WayfinderBinary.start(
            ["run", "--config", config, "--fresh", "--acceleration", "20", "--state-directory", directory + "/state",
             "--control-socket", socket])
        defer { if process.isRunning { process.terminate() } }

        func status() throws -> [String: Any]? {
            let status = try WayfinderBinary.run(["status", "--json", "--socket", socket])
            guard status.status == 0 else { return nil }
            return try? JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [String: Any]
        }
        func belt(_ report: [String: Any]?) -> [String: Any]? { report?["belt"] as? [String: Any] }
        func log() -> String { output.text.suffix(3000) + "\n" + errors.text.suffix(3000) }

        var off: [String: Any]?
        try? WayfinderBinary.eventually("the belt in standby", from: process, timeout: .seconds(60), log: log) {
            let report = try status()
            guard belt(report)?["link"] as? String == "standby" else { return false }
            off = report
            return true
        }
        let report = try XCTUnwrap(off, "status never showed the belt in standby:\n\(log())")
        let warnings = (report["warnings"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        XCTAssertEqual(warnings, [], "switching the belt off is the wearer's decision, not a problem")
        let page = try WayfinderBinary.run(["status", "--socket", socket])
        XCTAssertTrue(page.output.contains("standby (switched off: hold its power button to switch it on)"), page.output)
        XCTAssertTrue((output.text + errors.text).contains("the wearer switched the belt off"), log())

        var back: [String: Any]?
        try? WayfinderBinary.eventually("the belt back in app mode", from: process, timeout: .seconds(60), log: log) {
            let report = try status()
            guard belt(report)?["link"] as? String == "connected", belt(report)?["mode"] as? String == "app" else { return false }
            back = report
            return true
        }
        let resumed = try XCTUnwrap(back, "the belt never came back to the walk:\n\(log())")
        XCTAssertEqual((resumed["warnings"] as? [[String: Any]] ?? []).count, 0, "\(resumed)")
        let text = output.text + errors.text
        XCTAssertTrue(text.contains("the wearer switched it on again; the walk resumes"), log())
        XCTAssertFalse(text.contains("connection lost"), log())
        process.terminate()
        process.waitUntilExit()
    }
}
