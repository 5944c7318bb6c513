import Foundation
import WayfinderTestKit
import XCTest

/// The demo as `make demo` runs it, printed as on a terminal: its log warns of what its script does
/// to the walk (the GPS outage, the belt out of reach, the injected actor failure, the low battery),
/// each once, and of nothing else. A warning outside the script is a false alarm a person would
/// chase. And the excerpt in the README is what the demo prints.
final class DemoOutputTests: XCTestCase {
    /// One terminal line: time of day, level, label, message.
    struct Line {
        var level: String
        var label: String
        var message: String

        init?(_ text: String) {
            let fields = text.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
            guard fields.count == 4, fields[0].contains(":") else { return nil }
            level = String(fields[1])
            label = String(fields[2])
            message = String(fields[3].drop { $0 == " " })
        }
    }

    /// The demo's walk at 150×, run once for the tests of this class: its status, its terminal
    /// lines, and the scratch state directory it used (removed again after the run).
    struct DemoRun {
        var status: Int32
        var lines: [String]
        var errors: String
        var state: String
    }

    static let demo: Result<DemoRun, any Error> = Result {
        let state = NSTemporaryDirectory() + "wayfinder-demo-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let run = try WayfinderBinary.run(
            ["run", Repository.demoConfig, "--acceleration", "150", "--fresh", "--state-directory", state,
             "--exit-when-done", "--control-socket", "none"])
        return DemoRun(status: run.status, lines: run.errors.split(separator: "\n").map(String.init), errors: run.errors, state: state)
    }

    func testTheDemoWarnsOnlyOfWhatItsScriptDoesEachOnce() throws {
        let run = try Self.demo.get()
        XCTAssertEqual(run.status, 0, run.errors.suffix(2000).description)
        let lines = run.lines
        XCTAssertTrue(lines.contains { $0.contains("destination reached") }, "the walk did not end:\n\(lines.suffix(20).joined(separator: "\n"))")
        let alarms = lines.filter { Line($0).map { ["warning", "error", "critical"].contains($0.level) } ?? false }
        let scripted = ["no GPS fix for", "belt connection lost", "gestures actor failed: injected failure", "belt battery low"]
        let unscripted = alarms.filter { line in !scripted.contains { line.contains($0) } }
        XCTAssertEqual(unscripted, [], "warnings the script does not cause")
        for event in scripted {
            XCTAssertEqual(alarms.filter { $0.contains(event) }.count, 1, "\"\(event)\" warned \(alarms.filter { $0.contains(event) }.count) times:\n\(alarms.joined(separator: "\n"))")
        }
        for text in lines {
            guard let line = Line(text) else { continue }
            XCTAssertFalse(line.message.hasPrefix("\(line.label):") || line.message.hasPrefix("\(line.label.replacingOccurrences(of: "-", with: " ")):"),
                           "a message repeats its label: \(text)")
            XCTAssertFalse(text.contains("/../"), "a path that is not tidied: \(text)")
        }
    }

    /// The README's excerpt: each line one the demo printed, numbers and times aside. Paths as
    /// `make demo` prints them, from the repository's top and in the state directory
    /// deploy/demo.toml names, where this run has a scratch one.
    func testTheREADMEShowsLinesTheDemoPrints() throws {
        let run = try Self.demo.get()
        XCTAssertEqual(run.status, 0, run.errors.suffix(2000).description)
        let printed = run.lines.map {
            $0.replacingOccurrences(of: run.state, with: ".build/demo-state").replacingOccurrences(of: Repository.root + "/", with: "")
        }
        let excerpt = try Self.readmeDemoLines()
        XCTAssertGreaterThan(excerpt.count, 10, "the README shows the demo's output")
        for line in excerpt where !printed.contains(where: { Self.sameBesidesNumbers(line, $0) }) {
            XCTFail("the README shows a line the demo does not print: \(line)")
        }
    }

    /// The log lines of the README's code block that ends in "destination reached", without the
    /// command and the "…" that marks lines left out.
    static func readmeDemoLines() throws -> [String] {
        let readme = try String(contentsOfFile: Repository.root + "/README.md", encoding: .utf8)
        let blocks = readme.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let block = try XCTUnwrap(blocks.first { $0.contains("destination reached") }, "no README block shows the demo's end")
        return block.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("$ ") && $0 != "…" }
    }

    /// Whether two lines differ only in their numbers (times of day, distances, counts, dates).
    static func sameBesidesNumbers(_ a: String, _ b: String) -> Bool {
        numbersBlanked(a) == numbersBlanked(b)
    }

    /// The line with every number, decimal fraction included, replaced by "#".
    static func numbersBlanked(_ text: String) -> String {
        var result = ""
        var inNumber = false
        for character in text {
            if (character.isASCII && character.isNumber) || (inNumber && character == ".") {
                if !inNumber { result.append("#") }
                inNumber = true
            } else {
                inNumber = false
                result.append(character)
            }
        }
        return result
    }
}
