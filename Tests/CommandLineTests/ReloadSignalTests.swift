import Foundation
import WayfinderTestKit
import XCTest

/// Runs the real binary as systemd would (journal lines, `$NOTIFY_SOCKET`) and reloads it the way
/// `systemctl reload wayfinder` does: SIGHUP (`ExecReload=/bin/kill -HUP $MAINPID`).
final class ReloadSignalTests: XCTestCase {
    /// The demo route on the simulated board; debug, so the belt's commands are in the log.
    static func configuration(intensity: Int) -> String {
        """
        board = "sim"
        log_level = "debug"

        [route]
        gpx = "\(Repository.demoRoute)"

        [navigation]
        declination_deg = 3.6
        progress_interval_s = 20
        intensity = \(intensity)

        [devices.touch_case]
        enabled = false
        """
    }

    func testSIGHUPAppliesANewIntensityRefusesABadFileAndSIGTERMStillStopsCleanly() throws {
        let directory = NSTemporaryDirectory() + "wayfinder-hup-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = directory + "/wayfinder.toml"
        try Self.configuration(intensity: 60).write(toFile: config, atomically: true, encoding: .utf8)
        let notify = try NotifySocket()
        defer { notify.close() }
        let (process, _, _, output) = try WayfinderBinary.start(
            ["run", "--config", config, "--fresh", "--acceleration", "30", "--state-directory", directory + "/state"],
            environment: ["JOURNAL_STREAM": "8:1", "NOTIFY_SOCKET": notify.path])
        defer { if process.isRunning { process.terminate() } }

        func wait(_ what: String, _ condition: () -> Bool) throws {
            // The appliance is a child process answering on its stdout and the notify socket: polled, bounded.
            try WayfinderBinary.eventually(what, from: process, log: { output.text }, condition)
        }
        func lines() -> [Substring] { output.text.split(separator: "\n") }

        // Started (READY=1 only once the SIGHUP handler is in place) and pointing the way.
        try wait("READY=1") { notify.messages.contains { $0.hasPrefix("READY=1") } }
        try wait("the belt pointing the way") { output.text.contains("→ belt: channel 2") }

        // A valid file with a new intensity: applied, the simulated belt is sent it, systemd told.
        try Self.configuration(intensity: 85).write(toFile: config, atomically: true, encoding: .utf8)
        let sentBefore = notify.messages.count
        kill(process.processIdentifier, SIGHUP)
        try wait("the new intensity written to the belt") { output.text.contains("→ belt: default intensity 85%") }
        XCTAssertTrue(output.text.contains("<5>reload: applied: navigation.intensity: 60 → 85"), output.text)
        try wait("READY=1 after the reload") { notify.messages.dropFirst(sentBefore).contains { $0.hasPrefix("READY=1") } }
        let reload = notify.messages.dropFirst(sentBefore).filter { !$0.hasPrefix("STATUS=") }
        XCTAssertTrue(reload.first?.hasPrefix("RELOADING=1\nMONOTONIC_USEC=") ?? false, "\(reload)")
        XCTAssertTrue(reload.dropFirst().first?.hasPrefix("READY=1\nSTATUS=") ?? false, "\(reload)")

        // An invalid file: refused with file:line at error priority; nothing else happens.
        try Self.configuration(intensity: 85).replacingOccurrences(of: "progress_interval_s = 20", with: "progress_interval_s = \"often\"")
            .write(toFile: config, atomically: true, encoding: .utf8)
        kill(process.processIdentifier, SIGHUP)
        // The summary comes first and the file's lines after it, each its own write: wait for the last.
        try wait("the refusal") { output.text.contains("<3>reload: \(config):9:1: navigation.progress_interval_s:") }
        let refusal = lines().firstIndex { $0.contains("configuration reload refused") } ?? 0
        XCTAssertTrue(lines()[refusal].hasPrefix("<3>reload: configuration reload refused: \(config) has 1 error"), String(lines()[refusal]))
        XCTAssertTrue(output.text.contains("<3>reload: \(config):9:1: navigation.progress_interval_s:"), output.text)
        // The walk goes on: more commands to the belt after the refusal, the process alive.
        try wait("the belt pointing on after the refusal") {
            lines().dropFirst(refusal + 1).contains { $0.contains("→ belt: channel 2") }
        }
        XCTAssertFalse(lines().dropFirst(refusal).contains { $0.contains("→ belt: default intensity") }, "the refused file changed nothing")

        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let text = output.finish()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0, String(text.suffix(3000)))
        let beltLines = text.split(separator: "\n").filter { $0.contains("→ belt:") }
        XCTAssertEqual(beltLines.suffix(2).map { String($0.split(separator: "→ belt: ").last ?? "") }, ["stop all", "mode wait"])
    }
}
