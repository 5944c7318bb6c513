import Foundation
import WayfinderTestKit
import XCTest

/// `[metrics]` through the built binary: `config check` shows where the file goes, and `run` on the
/// simulated board writes it, with the belt connected, and removes it when stopped.
final class MetricsCommandLineTests: XCTestCase {
    var scratch = ""

    override func setUpWithError() throws {
        scratch = NSTemporaryDirectory() + "wayfinder-metrics-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch + "/textfile", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// deploy/demo.toml with its route by absolute path, and `metrics` as its `[metrics]` table.
    func demoConfiguration(metrics: String) throws -> String {
        let demo = try String(contentsOfFile: Repository.demoConfig, encoding: .utf8)
            .replacingOccurrences(of: "gpx = \"routes/demo-walk.gpx\"", with: "gpx = \"\(Repository.demoRoute)\"")
        let path = scratch + "/wayfinder.toml"
        try (demo + "\n[metrics]\n" + metrics + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testConfigCheckShowsTheMetricsFile() throws {
        let path = try demoConfiguration(metrics: "textfile_directory = \"textfile\"\ninterval_s = 10")
        let result = try WayfinderBinary.run(["config", "check", path])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.output.contains("  metrics    \(scratch)/textfile/wayfinder.prom, rewritten every 10 s"), result.output)
    }

    func testConfigCheckRefusesABadIntervalAtItsLine() throws {
        let path = try demoConfiguration(metrics: "interval_s = 0")
        let result = try WayfinderBinary.run(["config", "check", path])
        XCTAssertEqual(result.status, 78)
        XCTAssertTrue(result.errors.contains("metrics.interval_s: 0 s is out of range; expected 1–3600 s"), result.errors)
    }

    func testRunOnTheSimulatedBoardWritesTheBeltConnectedAndRemovesTheFileWhenStopped() throws {
        let path = try demoConfiguration(metrics: "textfile_directory = \"\(scratch)/textfile\"\ninterval_s = 1")
        let file = scratch + "/textfile/wayfinder.prom"
        let (process, _, output, errors) = try WayfinderBinary.start(
            ["run", "--config", path, "--state-directory", scratch + "/state", "--fresh", "--control-socket", "none"])
        defer { if process.isRunning { process.terminate() } }
        try WayfinderBinary.eventually("wayfinder.prom with the belt connected", from: process, timeout: .seconds(60),
                                       log: { output.text + errors.text }) {
            ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").contains("\nwayfinder_belt_connected 1.0\n")
        }
        let text = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(text.contains("# TYPE wayfinder_walks_total counter\n"), text)
        XCTAssertTrue(text.contains("# HELP wayfinder_belt_connected 1 while the belt is connected, 0 otherwise.\n"), text)
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
        XCTAssertEqual(mode, 0o644)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, errors.text)
        XCTAssertTrue((output.text + errors.text).contains("writing metrics to \(file) every 1 s"), errors.text)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch + "/textfile"), [],
                       "the file is removed when the appliance stops, and no temporary file is left")
    }
}
