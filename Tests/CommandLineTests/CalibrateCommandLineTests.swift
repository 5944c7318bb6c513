import Foundation
import Glibc
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

    /// The give-up time is --timeout, as in `pair`, and its range is checked before anything is
    /// opened. The help says why its default is what it is.
    func testTheTimeLimitIsCheckedAndTheHelpSaysWhyItsDefault() throws {
        let result = try WayfinderBinary.run(["calibrate", "compass", "--timeout", "3"])
        XCTAssertEqual(result.status, 64, result.errors)
        XCTAssertTrue(result.errors.contains("--timeout must be 10–900 seconds"), result.errors)
        let help = try WayfinderBinary.run(["calibrate", "compass", "--help"]).output.replacingOccurrences(of: "\n", with: " ")
            .split(separator: " ").joined(separator: " ")
        XCTAssertTrue(help.contains("--timeout <seconds> Give up if the circle is not closed"), help)
        XCTAssertTrue(help.contains("(default: 120, time for a slow start and two turns at about 20 s each)"), help)
        XCTAssertFalse(help.contains("--seconds"), help)
    }

    /// --seconds is a vibration's length (`belt vibrate -s/--seconds`) and means nothing else: here it
    /// is refused, whatever its value and with or without --timeout, with the option to use instead,
    /// so a script that says --seconds never has its number taken as a give-up time.
    func testSecondsIsRefusedWithTheOptionForTheGiveUpTime() throws {
        for arguments in [["--seconds", "60"], ["--seconds", "3"], ["--seconds", "sixty"],
                          ["--timeout", "60", "--seconds", "60"]] {
            let result = try WayfinderBinary.run(["calibrate", "compass"] + arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.errors)")
            XCTAssertTrue(result.errors.contains("calibrate compass gives up after --timeout <seconds> (10–900); "
                                                 + "--seconds is a vibration's length, in belt vibrate"),
                          "\(arguments): \(result.errors)")
        }
    }

    func testASimulatedCompassWithConfiguredIronIsCalibratedStoredAndTheBeltTapsProgress() throws {
        let state = NSTemporaryDirectory() + "wayfinder-calibrate-sim-\(UUID().uuidString)"
        let path = NSTemporaryDirectory() + "wayfinder-calibrate-sim-\(UUID().uuidString).toml"
        try """
        board = "sim"
        state_directory = "\(state)"
        [route]
        gpx = "\(Repository.demoRoute)"
        [simulation]
        compass_hard_iron_ut = [35, -20, 8]
        compass_soft_iron = [[1.1, 0.05, 0], [0.05, 0.9, 0], [0, 0, 1]]
        """.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: state)
        }
        let result = try WayfinderBinary.run(["calibrate", "compass", "--simulated", "--config", path, "--json"],
                                             environment: ["WAYFINDER_BOARDS": Repository.boards])
        XCTAssertEqual(result.status, 0, result.errors)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        XCTAssertEqual(object["stored"] as? Bool, true)
        XCTAssertEqual(object["turned_deg"] as? Int, 360)
        let offset = try XCTUnwrap(object["offset_uT"] as? [Double])
        XCTAssertEqual(offset[0], 35, accuracy: 0.3, "the hard iron configured for the simulated sensor")
        XCTAssertEqual(offset[1], -20, accuracy: 0.3)
        XCTAssertTrue(FileManager.default.fileExists(atPath: state + "/compass-calibration.json"), "the state directory is created")
        // The simulated belt tapped each further 30° and played the closing signal.
        XCTAssertTrue(result.errors.contains("singleShort toward 330° from front"), result.errors)
        XCTAssertTrue(result.errors.contains("system signal destinationReached"), result.errors)
    }

    /// The fit goes where the appliance reads it, under the appliance's rule: an existing state
    /// directory that others can enter is refused before the turning, and nothing in it changes.
    func testAStateDirectoryOthersCanEnterIsRefusedBeforeCalibratingAndLeftAsItWas() throws {
        let state = NSTemporaryDirectory() + "wayfinder-calibrate-open-\(UUID().uuidString)"
        let path = state + ".toml"
        XCTAssertEqual(mkdir(state, 0o700), 0)
        XCTAssertEqual(chmod(state, 0o755), 0, "a folder like a home directory")
        try """
        board = "sim"
        state_directory = "\(state)"
        [route]
        gpx = "\(Repository.demoRoute)"
        [simulation]
        """.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: state)
        }
        let result = try WayfinderBinary.run(["calibrate", "compass", "--simulated", "--config", path, "--no-belt"],
                                             environment: ["WAYFINDER_BOARDS": Repository.boards])
        XCTAssertEqual(result.status, 78, result.errors)
        XCTAssertTrue(result.errors.contains("wayfinder calibrate compass: the state directory \(state) has mode 0755"), result.errors)
        XCTAssertTrue(result.errors.contains("chmod 700 \(state)"), result.errors)
        XCTAssertFalse(result.output.contains("\"stored\""), "refused before the turning: \(result.output)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: state), [], "nothing is written there")
        var info = stat()
        XCTAssertEqual(stat(state, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o755, "its mode is as it was")
    }
}
