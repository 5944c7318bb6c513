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

    /// Every command's help, found by walking the SUBCOMMANDS sections from the top, fits an 80-column
    /// terminal: USAGE lines included, which the argument parser does not wrap by itself.
    func testEveryHelpPageFitsEightyColumns() throws {
        var pending: [[String]] = [[]]
        var visited = 0
        while let path = pending.popLast() {
            visited += 1
            let result = try WayfinderBinary.run(path + ["--help"])
            XCTAssertEqual(result.status, 0, "\(path): \(result.errors)")
            for line in result.outputLines where line.count > 80 {
                XCTFail("wayfinder \(path.joined(separator: " ")) --help: \(line.count) columns: \(line)")
            }
            guard let start = result.outputLines.firstIndex(of: "SUBCOMMANDS:") else { continue }
            for line in result.outputLines[(start + 1)...] {
                guard line.hasPrefix("  "), !line.hasPrefix("   "),
                      let name = line.split(separator: " ").first.map(String.init), name != "help", name != "See" else { continue }
                pending.append(path + [name])
            }
        }
        XCTAssertGreaterThan(visited, Self.commands.count, "the walk reached the subcommands")
    }
}
