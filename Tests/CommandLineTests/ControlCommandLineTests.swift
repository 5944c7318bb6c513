import Foundation
import WayfinderTestKit
import XCTest

/// `wayfinder control` as a person types it: the configuration's command names and their short
/// forms, "did you mean" for a slip, and answers that say what the control did.
final class ControlCommandLineTests: XCTestCase {
    func testAMistypedControlGetsDidYouMeanWithEXUSAGE() throws {
        let slip = try WayfinderBinary.run(["control", "nxet", "--socket", "/nonexistent/control.sock"])
        XCTAssertEqual(slip.status, 64, slip.errors)
        XCTAssertTrue(slip.errors.contains("unknown control \"nxet\"; did you mean \"next\"?"), slip.errors)
        let words = try WayfinderBinary.run(["control", "pause-toggle", "--socket", "/nonexistent/control.sock"])
        XCTAssertEqual(words.status, 64, words.errors)
        XCTAssertTrue(words.errors.contains("did you mean \"toggle-pause\"?"), words.errors)
    }

    /// The help lists the configuration's names and the short ones, and one timeout rule for both
    /// socket commands.
    func testTheHelpListsTheVocabularyAndStatusAndControlWaitAlike() throws {
        let help = try WayfinderBinary.run(["control", "--help"])
        XCTAssertEqual(help.status, 0, help.errors)
        for name in ["toggle-pause", "announce-direction", "next-waypoint", "belt-home-long"] {
            XCTAssertTrue(help.output.contains(name), "\(name) missing from:\n\(help.output)")
        }
        XCTAssertTrue(help.output.contains("next for next-waypoint"), help.output)
        let status = try WayfinderBinary.run(["status", "--help"])
        for page in [help.output, status.output] {
            // The option's help is wrapped at 80 columns: read it as one line.
            let flat = page.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            XCTAssertTrue(flat.contains("status and control wait alike"), page)
            XCTAssertTrue(flat.contains("(default: 10.0)"), page)
        }
    }

    /// The appliance on the simulated board, steered through its socket: the answer names what
    /// changed, `--json` carries the status after the change, and a control that does nothing says
    /// why and what to use instead, with exit status 1.
    func testControlsOnTheRunningApplianceSayWhatTheyDid() throws {
        let directory = NSTemporaryDirectory() + "wayfinder-control-cli-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = directory + "/wayfinder.toml"
        try """
        board = "sim"

        [route]
        gpx = "\(Repository.demoRoute)"
        autostart = true

        [navigation]
        declination_deg = 3.6
        intensity = 60

        [devices.touch_case]
        enabled = false

        [devices.pencil]
        enabled = false
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let socket = directory + "/control.sock"
        let (process, _, output, errors) = try WayfinderBinary.start(
            ["run", "--config", config, "--fresh", "--acceleration", "20", "--state-directory", directory + "/state",
             "--control-socket", socket])
        defer { if process.isRunning { process.terminate() } }

        // Walking with the belt connected and its charge known.
        var walking = false
        // A child process answers over a socket: polled, bounded.
        try? WayfinderBinary.eventually("the walk under way", from: process, timeout: .seconds(90), log: { output.text }) {
            let status = try WayfinderBinary.run(["status", "--json", "--socket", socket])
            guard status.status == 0, let report = try? JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [String: Any],
                  (report["route"] as? [String: Any])?["state"] as? String == "navigating",
                  let belt = report["belt"] as? [String: Any], belt["link"] as? String == "connected", belt["battery_percent"] != nil
            else { return false }
            walking = true
            return true
        }
        XCTAssertTrue(walking, "the walk never got under way:\n\(output.text.suffix(2000))\n\(errors.text.suffix(2000))")

        let up = try WayfinderBinary.run(["control", "intensity-up", "--socket", socket])
        XCTAssertEqual(up.status, 0, up.errors)
        XCTAssertEqual(up.output, "intensity-up: belt intensity 70 %\n")

        let down = try WayfinderBinary.run(["control", "intensityDown", "--json", "--socket", socket])
        XCTAssertEqual(down.status, 0, down.errors)
        let answer = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(down.output.utf8)) as? [String: Any], down.output)
        XCTAssertEqual(answer["result"] as? String, "belt intensity 60 %")
        XCTAssertEqual((answer["control"] as? [String: Any])?["command"] as? String, "intensity-down")
        let belt = try XCTUnwrap((answer["status"] as? [String: Any])?["belt"] as? [String: Any], down.output)
        XCTAssertEqual(belt["intensity_percent"] as? Int, 60, "the status after the change")

        let battery = try WayfinderBinary.run(["control", "battery", "--socket", socket])
        XCTAssertEqual(battery.status, 0, battery.errors)
        XCTAssertTrue(battery.output.hasPrefix("announce-battery: the belt plays its battery signal; charge "), battery.output)
        XCTAssertTrue(battery.output.hasSuffix(" %\n"), battery.output)

        let again = try WayfinderBinary.run(["control", "start", "--socket", socket])
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(again.errors, "wayfinder: start: the walk is already under way\n")

        let stop = try WayfinderBinary.run(["control", "stop", "--socket", socket])
        XCTAssertEqual(stop.status, 0, stop.errors)
        let pause = try WayfinderBinary.run(["control", "pause", "--socket", socket])
        XCTAssertEqual(pause.status, 1)
        XCTAssertEqual(pause.errors, "wayfinder: pause: the walk is stopped, there is nothing to pause; start begins it\n")

        process.terminate()
        process.waitUntilExit()
    }
}
