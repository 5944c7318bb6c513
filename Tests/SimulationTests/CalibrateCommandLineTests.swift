import Foundation
import WayfinderTestKit
import XCTest

/// `wayfinder calibrate compass` refuses clearly when there is nothing to calibrate or no bus to find it on.
final class CalibrateCommandLineTests: XCTestCase {
    func temporaryConfig(_ compass: String) throws -> String {
        let path = NSTemporaryDirectory() + "wayfinder-calibrate-\(UUID().uuidString).toml"
        try """
        board = "pi-4b"
        state_directory = "\(NSTemporaryDirectory())wayfinder-calibrate-state"
        [route]
        gpx = "\(Repository.demoRoute)"
        [compass]
        \(compass)
        """.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testTheSimulatedCompassIsNotCalibratedAndTheConfigIsNamed() throws {
        let result = try WayfinderBinary.run(["calibrate", "compass", "--config", Repository.demoConfig, "--no-belt"])
        XCTAssertEqual(result.status, 78)
        XCTAssertTrue(result.errors.contains("calibration needs an I2C compass"), result.errors)
        XCTAssertTrue(result.errors.contains(Repository.demoConfig), result.errors)
    }

    func testAMissingI2CBusIsNamedAndNothingIsStored() throws {
        guard !FileManager.default.fileExists(atPath: "/dev/i2c-1") else { throw XCTSkip("this machine has /dev/i2c-1") }
        let path = try temporaryConfig("source = \"auto\"")
        let result = try WayfinderBinary.run(["calibrate", "compass", "--config", path, "--no-belt"],
                                             environment: ["WAYFINDER_BOARDS": Repository.boards])
        XCTAssertEqual(result.status, 69, result.errors)
        XCTAssertTrue(result.errors.contains("/dev/i2c-1"), result.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: NSTemporaryDirectory() + "wayfinder-calibrate-state/compass-calibration.json"))
    }

    func testTheTimeLimitIsChecked() throws {
        let result = try WayfinderBinary.run(["calibrate", "compass", "--seconds", "3"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.errors.contains("--seconds must be 10–900"), result.errors)
    }
}
