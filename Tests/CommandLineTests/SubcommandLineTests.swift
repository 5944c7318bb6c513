import Foundation
import WayfinderTestKit
import XCTest

/// What `wayfinder` says without a command or with a mistyped one. `run` is never started by default:
/// systemd's unit names it, and a slip at the keyboard must not start the appliance.
final class SubcommandLineTests: XCTestCase {
    static let commands = ["run", "status", "control", "config", "board", "belt", "scan", "pair", "gps", "geo", "route", "report", "calibrate", "gestures", "record"]

    func testBareInvocationPrintsHelpWithEveryCommandAndExitsZero() throws {
        let result = try WayfinderBinary.run([])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.output.contains("USAGE: wayfinder <subcommand>"), result.output)
        for command in Self.commands {
            XCTAssertTrue(result.outputLines.contains { $0.hasPrefix("  \(command) ") }, "\(command) missing from:\n\(result.output)")
        }
        XCTAssertFalse(result.output.contains("(default)"), "no command runs by default:\n\(result.output)")
        XCTAssertEqual(result.errors, "", "nothing was started, so nothing was logged")
    }

    func testAMistypedCommandIsNamedListedAndTheNearestSuggestedWithEXUSAGE() throws {
        let result = try WayfinderBinary.run(["rnu", "--config", "/nonexistent.toml"])
        XCTAssertEqual(result.status, 64, result.errors)
        XCTAssertTrue(result.errors.hasPrefix("Error: 'rnu' is not a wayfinder command. Did you mean 'run'?"), result.errors)
        XCTAssertTrue(result.errors.contains("Commands: \(Self.commands.joined(separator: ", "))"), result.errors)
        XCTAssertEqual(result.output, "")
    }

    func testAMistypedNestedCommandNamesItsParent() throws {
        let result = try WayfinderBinary.run(["config", "chekc", Repository.demoConfig])
        XCTAssertEqual(result.status, 64, result.errors)
        XCTAssertTrue(result.errors.hasPrefix("Error: 'chekc' is not a wayfinder config command. Did you mean 'check'?"), result.errors)
        XCTAssertTrue(result.errors.contains("Usage: wayfinder config <subcommand>"), result.errors)
    }

    func testAWordFarFromEveryCommandGetsNoSuggestion() throws {
        let result = try WayfinderBinary.run(["navigate"])
        XCTAssertEqual(result.status, 64, result.errors)
        XCTAssertFalse(result.errors.contains("Did you mean"), result.errors)
        XCTAssertTrue(result.errors.contains("Commands: run,"), result.errors)
    }

    func testHelpForACommandStillWorks() throws {
        let result = try WayfinderBinary.run(["help", "run"])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.output.contains("USAGE: wayfinder run"), result.output)
    }
}
