import Foundation
import WayfinderTestKit
import XCTest

/// The demo as `make demo` runs it: its log warns of what its script does to the walk (the GPS
/// outage, the belt out of reach, the injected actor failure, the low battery), each once, and of
/// nothing else. A warning outside the script is a false alarm a person would chase.
final class DemoOutputTests: XCTestCase {
    func testTheDemoWarnsOnlyOfWhatItsScriptDoesEachOnce() throws {
        let state = NSTemporaryDirectory() + "wayfinder-demo-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        // Journal format: each line starts with its priority (<4> warning, <3> error, …).
        let run = try WayfinderBinary.run(
            ["run", "--config", Repository.demoConfig, "--acceleration", "150", "--fresh", "--state-directory", state,
             "--exit-when-done", "--control-socket", "none"],
            environment: ["JOURNAL_STREAM": "8:1"])
        XCTAssertEqual(run.status, 0, run.errors.suffix(2000).description)
        let lines = run.errors.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.contains("destination reached") }, "the walk did not end:\n\(lines.suffix(20).joined(separator: "\n"))")
        let alarms = lines.filter { line in ["<0>", "<1>", "<2>", "<3>", "<4>"].contains { line.hasPrefix($0) } }
        let scripted = ["no GPS fix for", "belt connection lost", "gestures actor failed: injected failure", "belt battery low"]
        let unscripted = alarms.filter { line in !scripted.contains { line.contains($0) } }
        XCTAssertEqual(unscripted, [], "warnings the script does not cause")
        for event in scripted {
            XCTAssertEqual(alarms.filter { $0.contains(event) }.count, 1, "\"\(event)\" warned \(alarms.filter { $0.contains(event) }.count) times:\n\(alarms.joined(separator: "\n"))")
        }
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), let close = line.firstIndex(of: ">") else { continue }
            let label = line[line.index(after: close)..<colon]
            let message = line[line.index(after: colon)...].drop { $0 == " " }
            XCTAssertFalse(message.hasPrefix("\(label):") || message.hasPrefix("\(label.replacingOccurrences(of: "-", with: " ")):"),
                           "a message repeats its label: \(line)")
            XCTAssertFalse(line.contains("/../"), "a path that is not tidied: \(line)")
        }
    }
}
