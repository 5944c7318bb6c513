import Foundation
import WayfinderTestKit
import XCTest

/// A state file is outside input: a hand edit or a damaged card can put any number in it. The
/// appliance says what is wrong with it and walks from the start; it does not trap on the number.
final class StateFileValueTests: XCTestCase {
    func testASavedWaypointIndexAtIntMaxStartsTheRouteAfreshWithAMessage() throws {
        let state = NSTemporaryDirectory() + "wayfinder-state-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let arguments = ["run", "--config", Repository.root + "/deploy/demo.toml", "--acceleration", "240",
                         "--state-directory", state]
        // A first run writes progress.json for this route.
        let first = try Self.runUntilStarted(arguments + ["--fresh"])
        XCTAssertEqual(first.status, 0, first.log)
        let path = state + "/progress.json"
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        let edited = saved.replacingOccurrences(of: #""currentIndex" : \d+"#, with: "\"currentIndex\" : \(Int.max)",
                                                options: .regularExpression)
        XCTAssertNotEqual(saved, edited, "progress.json has a currentIndex: \(saved)")
        try edited.write(toFile: path, atomically: true, encoding: .utf8)

        let second = try Self.runUntilStarted(arguments)
        XCTAssertEqual(second.status, 0, "the edited index must not stop the appliance:\n\(second.log)")
        XCTAssertTrue(second.log.contains("saved progress names waypoint index \(Int.max), which this route of 12 waypoints does not have"),
                      second.log)
        XCTAssertFalse(second.log.contains("resuming the route"), second.log)
    }

    /// Runs until every actor has started and the walk is under way (guidance from the loaded
    /// progress, the belt connected to be told it), then stops it as systemd would (SIGTERM).
    static func runUntilStarted(_ arguments: [String]) throws -> (status: Int32, log: String) {
        let (process, _, output, errors) = try WayfinderBinary.start(arguments)
        WayfinderBinary.wait(for: "all actors started", from: process, output: output, errors: errors)
        // The appliance is a child process writing its log to a pipe: polled, bounded.
        try? WayfinderBinary.eventually("the walk under way", from: process, log: { output.text + errors.text }) {
            let log = output.text + errors.text
            return log.contains(" to go · ") && log.contains("belt connected")
        }
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
        return (process.terminationStatus, output.finish() + errors.finish())
    }
}
