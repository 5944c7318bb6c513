import Foundation
import WayfinderTestKit
import XCTest

/// `wayfinder status --follow` against the real appliance on the simulated board.
final class StatusFollowCommandLineTests: XCTestCase {
    /// When the appliance stops, the follower says why it ends and exits 3 (no appliance answers), so
    /// a person watching knows the appliance stopped and a script waiting on it can tell that from success.
    func testTheFollowerSaysTheApplianceStoppedAndExitsThree() throws {
        let directory = NSTemporaryDirectory() + "wayfinder-follow-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let socket = directory + "/control.sock"
        let (appliance, _, applianceOutput, applianceErrors) = try WayfinderBinary.start(
            ["run", "--config", Repository.demoConfig, "--fresh", "--acceleration", "60",
             "--state-directory", directory + "/state", "--control-socket", socket])
        defer { if appliance.isRunning { appliance.terminate() } }
        // The socket is made by a child process: polled, bounded.
        try WayfinderBinary.eventually("the control socket", from: appliance, log: { applianceOutput.text + applianceErrors.text }) {
            FileManager.default.fileExists(atPath: socket)
        }

        let (follower, _, output, errors) = try WayfinderBinary.start(["status", "--follow", "--socket", socket])
        defer { if follower.isRunning { follower.terminate() } }
        XCTAssertTrue(WayfinderBinary.wait(for: "t+", from: follower, output: output, errors: errors, timeout: 30),
                      "the first line: \(output.text)\(errors.text)")
        kill(appliance.processIdentifier, SIGTERM)
        appliance.waitUntilExit()
        follower.waitUntilExit()
        let (printed, said) = (output.finish(), errors.finish())

        XCTAssertEqual(follower.terminationStatus, 3, said)
        XCTAssertEqual(said, "wayfinder: the appliance stopped (\(socket) closed)\n")
        XCTAssertTrue(printed.hasPrefix("t+"), printed)
    }
}
