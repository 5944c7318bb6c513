import Foundation
import WayfinderTestKit
import XCTest

/// Runs the real binary as systemd would and stops it with SIGTERM.
final class ShutdownTests: XCTestCase {
    func testSIGTERMStopsTheBeltVibratingSavesProgressAndExitsZero() throws {
        let state = NSTemporaryDirectory() + "wayfinder-term-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        // Journal format: one priority-prefixed line per event.
        let (process, _, _, output) = try WayfinderBinary.start(
            ["run", "--config", Repository.demoConfig, "--log-level", "debug", "--fresh",
             "--acceleration", "30", "--state-directory", state],
            environment: ["JOURNAL_STREAM": "8:1"])

        // Wait until the belt is vibrating toward the first waypoint: the appliance is a child
        // process writing its journal to a pipe, so this is polled, bounded.
        defer { if process.isRunning { process.terminate() } }
        try WayfinderBinary.eventually("the appliance commanding the belt", from: process, timeout: .seconds(30),
                                       log: { output.text }) { output.text.contains("→ belt: channel 2") }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let text = output.finish()

        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0, text)
        let beltLines = text.split(separator: "\n").filter { $0.contains("→ belt:") }
        XCTAssertEqual(beltLines.suffix(2).map { String($0.split(separator: "→ belt: ").last ?? "") },
                       ["stop all", "mode wait"], "the last commands silence the belt:\n\(beltLines.suffix(5).joined(separator: "\n"))")
        XCTAssertTrue(text.contains("shutting down: stopping the belt's vibration"), text)
        XCTAssertTrue(text.contains("shutting down: route progress saved"), text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: state + "/progress.json"))
    }
}
