import Foundation
import WayfinderTestKit
import XCTest

/// What `wayfinder` says without a command or with a mistyped one. `run` is never started by default:
/// systemd's unit names it, and a slip at the keyboard must not start the appliance.
final class SubcommandLineTests: XCTestCase {
    static let commands = ["run", "status", "control", "config", "board", "belt", "scan", "pair", "gps", "geo", "route", "map", "report", "calibrate", "gestures", "record", "upload"]

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
    /// terminal: USAGE lines included, which the argument parser does not wrap by itself. Its USAGE
    /// names the real arguments, never the parser's `<options>` or `<values>` stand-ins, and every
    /// option the page lists (a usage written by hand must not fall behind the options). And no
    /// indented line of its text (an example with its explanation, a table) is longer than 80
    /// columns: rendered on a wide terminal, where nothing is wrapped, each fits, so the 80-column
    /// layout never breaks one across the explanation column.
    func testEveryHelpPageFitsEightyColumns() throws {
        var pending: [[String]] = [[]]
        var visited = 0
        while let path = pending.popLast() {
            visited += 1
            let page = "wayfinder \(path.joined(separator: " ")) --help"
            let result = try WayfinderBinary.run(path + ["--help"])
            XCTAssertEqual(result.status, 0, "\(path): \(result.errors)")
            for line in result.outputLines where line.count > 80 {
                XCTFail("\(page): \(line.count) columns: \(line)")
            }
            // Blank lines kept: they end the sections.
            let lines = result.output.components(separatedBy: "\n")
            let usage = Self.section("USAGE:", of: lines).joined(separator: "\n")
            XCTAssertFalse(usage.isEmpty, "\(page) has a USAGE section")
            for standIn in ["<options>", "<values>"] where usage.contains(standIn) {
                XCTFail("\(page): USAGE shows \(standIn), not the arguments:\n\(usage)")
            }
            for option in Self.optionNames(lines) where !Self.names(usage, option) {
                XCTFail("\(page): \(option) is listed under OPTIONS but not in USAGE:\n\(usage)")
            }
            let wide = try WayfinderBinary.run(path + ["--help"], environment: ["COLUMNS": "1000"])
            for line in wide.outputLines.prefix(while: { !$0.hasPrefix("USAGE:") })
            where line.hasPrefix(" ") && line.count > 80 {
                XCTFail("\(page): an indented line of \(line.count) columns, which an 80-column terminal wraps: \(line)")
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

    /// The lines of a help section: from its heading (the heading's own line included) to the next
    /// blank line.
    static func section(_ heading: String, of lines: [String]) -> [String] {
        guard let start = lines.firstIndex(where: { $0.hasPrefix(heading) }) else { return [] }
        return Array(lines[start...].prefix { !$0.isEmpty })
    }

    /// The long names in the left column of OPTIONS, but for the parser's own --help and --version.
    static func optionNames(_ lines: [String]) -> [String] {
        guard let start = lines.firstIndex(of: "OPTIONS:") else { return [] }
        var names: [String] = []
        for line in lines[(start + 1)...].prefix(while: { !$0.isEmpty }) where line.hasPrefix("  -") {
            // The left column ends at the first gap of two spaces after the indentation.
            let left = line.dropFirst(2).components(separatedBy: "  ")[0]
            for word in left.split(whereSeparator: { $0 == " " || $0 == "," }) where word.hasPrefix("--") {
                names.append(String(word))
            }
        }
        return names.filter { $0 != "--help" && $0 != "--version" }
    }

    /// Whether `text` has `option` as a whole name (`--prompt` is not found in `--prompts`).
    static func names(_ text: String, _ option: String) -> Bool {
        var rest = text[...]
        while let found = rest.range(of: option) {
            let next = rest[found.upperBound...].first
            if next.map({ !($0.isLetter || $0.isNumber || $0 == "-") }) ?? true { return true }
            rest = rest[found.upperBound...]
        }
        return false
    }
}
