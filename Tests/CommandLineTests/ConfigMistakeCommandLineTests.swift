import Foundation
import WayfinderTestKit
import XCTest

/// Mistakes a new user makes in and around the configuration file, as `config check` reports them.
final class ConfigMistakeCommandLineTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "wayfinder-mistake-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The demo's configuration with `extra` appended, written to a file of its own.
    func demo(_ replacing: String = "", with replacement: String = "", appending extra: String = "") throws -> String {
        let path = directory + "/wayfinder.toml"
        var text = try String(contentsOfFile: Repository.demoConfig, encoding: .utf8)
            .replacingOccurrences(of: "routes/demo-walk.gpx", with: Repository.demoRoute)
            .replacingOccurrences(of: "\"../.build/demo-state\"", with: "\"\(directory)/state\"")
        if !replacing.isEmpty {
            XCTAssertTrue(text.contains(replacing), "the demo has \(replacing)")
            text = text.replacingOccurrences(of: replacing, with: replacement)
        }
        try (text + extra).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testAPathThatDoesNotExistIsSaidToNotExist() throws {
        let missing = directory + "/nowhere.toml"
        let result = try WayfinderBinary.run(["config", "check", missing])
        XCTAssertEqual(result.status, 78)
        XCTAssertTrue(result.errors.contains("\(missing): this configuration file does not exist"), result.errors)
        let folder = try WayfinderBinary.run(["config", "check", directory])
        XCTAssertEqual(folder.status, 78)
        XCTAssertTrue(folder.errors.contains("\(directory): is a directory, not a configuration file"), folder.errors)
    }

    func testAScriptTimeWithMoreThan59SecondsIsRefused() throws {
        let text = try String(contentsOfFile: Repository.demoConfig, encoding: .utf8)
        let at = try XCTUnwrap(text.range(of: #"at = "[0-9:]+""#, options: .regularExpression).map { String(text[$0]) })
        let config = try demo(at, with: "at = \"9:75\"")
        let result = try WayfinderBinary.run(["config", "check", config])
        XCTAssertEqual(result.status, 78)
        XCTAssertTrue(result.errors.contains(#"simulation.events[0].at: "9:75" has 75 seconds; after a colon, minutes and seconds run from 0 to 59"#),
                      result.errors)
    }

    /// `[signals]` turns each signal off with true/false; a misspelt signal or a repeat more often
    /// than the minimum interval is named with its line and what would do.
    func testSignalMistakesAreRefusedWithTheirLines() throws {
        let config = try demo(appending: "\n[signals]\npen_lost = \"off\"\ngps_lots = false\nrepeat_s = 20\n")
        let result = try WayfinderBinary.run(["config", "check", config])
        XCTAssertEqual(result.status, 78)
        let lines = try String(contentsOfFile: config, encoding: .utf8).components(separatedBy: "\n")
        for (key, message) in [("pen_lost", "signals.pen_lost: expected true or false"),
                               ("gps_lots", "signals.gps_lots: unknown key"),
                               ("repeat_s", "signals.repeat_s: repeat_s (20 s) must be at least min_interval_s (30 s)")] {
            let line = try XCTUnwrap(lines.firstIndex { $0.hasPrefix(key) }) + 1
            XCTAssertTrue(result.errors.contains("wayfinder.toml:\(line)"), "\(key): \(result.errors)")
            XCTAssertTrue(result.errors.contains(message), "\(key): \(result.errors)")
        }
        XCTAssertTrue(result.errors.contains("gps_lost"), "the near miss is suggested: \(result.errors)")
    }

    /// `compass_accuracy_signal` takes "auto", true or false; anything else is named with its line.
    func testACompassAccuracySignalThatIsNeitherAutoNorTrueNorFalseIsRefusedWithItsLine() throws {
        let config = try demo(appending: "\n[devices.belt]\ncompass_accuracy_signal = \"sometimes\"\n")
        let result = try WayfinderBinary.run(["config", "check", config])
        XCTAssertEqual(result.status, 78)
        let lines = try String(contentsOfFile: config, encoding: .utf8).components(separatedBy: "\n")
        let line = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("compass_accuracy_signal") }) + 1
        XCTAssertTrue(result.errors.contains(#"wayfinder.toml:\#(line)"#), result.errors)
        XCTAssertTrue(result.errors.contains(#"devices.belt.compass_accuracy_signal: expected "auto", true or false, found "sometimes""#),
                      result.errors)
        for good in ["\"auto\"", "true", "false"] {
            let ok = try demo(appending: "\n[devices.belt]\ncompass_accuracy_signal = \(good)\n")
            let checked = try WayfinderBinary.run(["config", "check", ok])
            XCTAssertEqual(checked.status, 0, "\(good): \(checked.errors)")
        }
    }

    func testACompassChipNameCutShortGetsASuggestion() throws {
        let config = try demo(appending: "\n[compass]\nsource = \"qmc\"\n")
        let result = try WayfinderBinary.run(["config", "check", config])
        XCTAssertEqual(result.status, 78)
        XCTAssertTrue(result.errors.contains(#"compass.source: "qmc" is not one of"#), result.errors)
        XCTAssertTrue(result.errors.contains(#"did you mean "qmc5883l"?"#), result.errors)
    }

    /// The documented baud rates are the ones accepted; 1200 names the list.
    func testTheUARTsBaudRatesAreTheDocumentedOnes() throws {
        let docs = try String(contentsOfFile: Repository.root + "/docs/configuration.md", encoding: .utf8)
        XCTAssertTrue(docs.contains("`baud` one of 4800, 9600, 19200, 38400, 57600, 115200, 230400"), "the documented list")
        let pi = directory + "/pi.toml"
        for (baud, accepted) in [(1200, false), (4800, true), (230_400, true), (921_600, false)] {
            try "board = \"pi-4b\"\nstate_directory = \"\(directory)/state\"\n[route]\ngpx = \"\(Repository.demoRoute)\"\n[gps]\nsource = \"uart\"\nbaud = \(baud)\n"
                .write(toFile: pi, atomically: true, encoding: .utf8)
            let result = try WayfinderBinary.run(["config", "check", pi])
            XCTAssertEqual(result.status, accepted ? 0 : 78, "\(baud): \(result.errors)")
            if !accepted {
                XCTAssertTrue(result.errors.contains("gps.baud: \(baud) baud is not a rate the UART can be set to; use one of 4800, 9600, "
                                                     + "19200, 38400, 57600, 115200, 230400"), result.errors)
            }
        }
    }
}
