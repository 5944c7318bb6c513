import Foundation
import WayfinderTestKit
import XCTest

/// The Pi's own supply as a person at the Pi sees it: `wayfinder status` on the simulated board
/// whose script makes the supply sag and recover. While it sags, the page says so, `--json` has
/// `supply`, and the warning is among `warnings`; after it, the page says what happened.
final class PiSupplyCommandLineTests: XCTestCase {
    func testASaggingSupplyIsShownAndWarnedInStatusAndItsEndShown() throws {
        let directory = NSTemporaryDirectory() + "wayfinder-supply-cli-\(UUID().uuidString.prefix(8))"
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
        at = "0:05"
        pi_undervoltage = true

        [[simulation.events]]
        at = "1:30"
        pi_undervoltage = false
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
        func log() -> String { output.text.suffix(3000) + "\n" + errors.text.suffix(3000) }

        // The watch reads every 30 s of session time: the sag shows at its first reading after 0:05.
        var sagging: [String: Any]?
        try? WayfinderBinary.eventually("the sag in status", from: process, timeout: .seconds(90), log: log) {
            guard let report = try status(), let supply = report["supply"] as? [String: Any],
                  supply["under_voltage"] as? Bool == true else { return false }
            sagging = report
            return true
        }
        let report = try XCTUnwrap(sagging, "status never showed the sag:\n\(log())")
        let supply = try XCTUnwrap(report["supply"] as? [String: Any])
        XCTAssertEqual(supply["source"] as? String, "get_throttled")
        XCTAssertEqual(supply["throttled"] as? Bool, true)
        XCTAssertEqual(supply["frequency_capped"] as? Bool, false)
        XCTAssertEqual(supply["under_voltage_occurred"] as? Bool, true)
        let warnings = (report["warnings"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        XCTAssertTrue(warnings.contains { $0.hasPrefix("the Pi's supply: under-voltage, throttled (get_throttled 0x50005)") },
                      "\(warnings)")
        let page = try WayfinderBinary.run(["status", "--socket", socket])
        XCTAssertTrue(page.output.contains("pi supply  UNDER-VOLTAGE, THROTTLED (get_throttled)\n"), page.output)

        var recovered = false
        try? WayfinderBinary.eventually("the recovery in status", from: process, timeout: .seconds(90), log: log) {
            guard let supply = try status()?["supply"] as? [String: Any], supply["under_voltage"] as? Bool == false else { return false }
            recovered = true
            return true
        }
        XCTAssertTrue(recovered, "status never showed the recovery:\n\(log())")
        let after = try WayfinderBinary.run(["status", "--socket", socket])
        XCTAssertTrue(after.output.contains("pi supply  normal; has occurred: under-voltage, throttling (get_throttled)\n"), after.output)

        // The notice follows at the second reading without trouble (30 s of session time later).
        var noticed = false
        try? WayfinderBinary.eventually("the notice", from: process, timeout: .seconds(90), log: log) {
            noticed = (output.text + errors.text).contains("the Pi's supply is normal again (get_throttled 0x50000)")
            return noticed
        }
        XCTAssertTrue(noticed, log())
        process.terminate()
        process.waitUntilExit()
    }
}
