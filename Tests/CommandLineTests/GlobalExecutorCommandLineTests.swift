import Foundation
import WayfinderTestKit
import XCTest

/// `wayfinder run` runs the Swift runtime's global jobs on its own threads (`wf-pool`, GlobalJobPool)
/// rather than libdispatch's pool, whose workqueue monitor would wake the process every second for
/// its whole life (docs/performance.md): the appliance starts, answers, and its global jobs have
/// run there by the time it is ready; a SIGTERM still stops it cleanly.
final class GlobalExecutorCommandLineTests: XCTestCase {
    func testRunTakesTheRuntimesGlobalJobsOnItsOwnThreadsAndStopsCleanly() throws {
        let directory = NSTemporaryDirectory() + "wayfinder-pool-cli-\(UUID().uuidString.prefix(8))"
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
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let socket = directory + "/control.sock"
        let (process, _, output, errors) = try WayfinderBinary.start(
            ["run", "--config", config, "--fresh", "--state-directory", directory + "/state", "--control-socket", socket])
        defer { if process.isRunning { process.terminate() } }
        func log() -> String { output.text.suffix(3000) + "\n" + errors.text.suffix(3000) }

        // The appliance's own threads answer the control socket once it is ready.
        try WayfinderBinary.eventually("the appliance answering status", from: process, timeout: .seconds(60), log: log) {
            try WayfinderBinary.run(["status", "--json", "--socket", socket]).status == 0
        }
        let tasks = "/proc/\(process.processIdentifier)/task"
        let names = try FileManager.default.contentsOfDirectory(atPath: tasks).compactMap {
            try? String(contentsOfFile: "\(tasks)/\($0)/comm", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertTrue(names.contains("wf-pool"), "the global jobs of start-up ran on the appliance's pool: \(names)")
        XCTAssertLessThanOrEqual(names.filter { $0 == "wf-pool" }.count, 8, "the pool is capped: \(names)")
        XCTAssertTrue(names.contains("wf-loop"), "\(names)")

        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, log())
        XCTAssertTrue((output.text + errors.text).contains("stopped"), log())
    }
}
