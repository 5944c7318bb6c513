import Foundation
import Gestures
import WayfinderTestKit
import XCTest

/// `wayfinder gestures replay` through the built binary, judged with the matching rules of the shared
/// checker (Fixtures/conformance/check.py, re-stated here so the test needs no Python): the nine
/// shared examples, then our own scenario files.
final class GestureReplayCommandTests: XCTestCase {
    static let fixtures = "\(Repository.root)/Tests/GesturesTests/Fixtures"

    func replay(_ file: String) throws -> (scenarios: [JSONValue], results: [String: JSONValue]) {
        let scenarios = try JSONValue.parse(Array(try Data(contentsOf: URL(fileURLWithPath: file))))["scenarios"]?.array ?? []
        let run = try WayfinderBinary.run(["gestures", "replay", file])
        XCTAssertEqual(run.status, 0, run.errors)
        let output = try JSONValue.parse(Array(run.output.utf8))
        var results: [String: JSONValue] = [:]
        for result in output["results"]?.array ?? [] { results[result["name"]?.string ?? ""] = result }
        return (scenarios, results)
    }

    func testTheNineSharedExamplesPass() throws {
        let (scenarios, results) = try replay("\(Self.fixtures)/conformance/examples.json")
        XCTAssertEqual(scenarios.count, 9)
        for scenario in scenarios { assertMatches(scenario, results[scenario["name"]?.string ?? ""]) }
    }

    func testOurScenarioFilesPass() throws {
        for name in ["recognizers", "arbitration", "delivery", "robustness"] {
            let (scenarios, results) = try replay("\(Self.fixtures)/\(name).json")
            XCTAssertGreaterThan(scenarios.count, 8, name)
            for scenario in scenarios { assertMatches(scenario, results[scenario["name"]?.string ?? ""]) }
        }
    }

    func testAWrongExpectationIsCaught() throws {
        // The matcher itself must be able to fail: a tap expected at the wrong time.
        let (scenarios, results) = try replay("\(Self.fixtures)/conformance/examples.json")
        guard let scenario = scenarios.first, case .object(var members) = scenario,
              case .array(var expected) = members["expected"] ?? .null, case .object(var entry) = expected.first ?? .null
        else { return XCTFail("examples.json changed shape") }
        entry["t_ms"] = .number(81)
        expected[0] = .object(entry)
        members["expected"] = .array(expected)
        XCTAssertFalse(problems(.object(members), results[scenario["name"]?.string ?? ""]).isEmpty)
    }

    func testUnreadableFileFails() throws {
        let run = try WayfinderBinary.run(["gestures", "replay", "/nonexistent/scenarios.json"])
        XCTAssertNotEqual(run.status, 0)
    }

    func assertMatches(_ scenario: JSONValue, _ result: JSONValue?, file: StaticString = #filePath, line: UInt = #line) {
        let found = problems(scenario, result)
        XCTAssertTrue(found.isEmpty, "\(scenario["name"]?.string ?? "?"): \(found)", file: file, line: line)
    }

    /// check.py's rules: per recognizer the expected entries are an ordered subsequence of the actual
    /// ones (failed entries may be extra); consumer events per touch id exactly in order.
    func problems(_ scenario: JSONValue, _ result: JSONValue?) -> [String] {
        guard let result else { return ["no result"] }
        var found: [String] = []
        let log = result["log"]?.array ?? []
        for recognizer in scenario["recognizers"]?.array ?? [] {
            let name = recognizer["name"]?.string ?? ""
            let expected = (scenario["expected"]?.array ?? []).filter { $0["recognizer"]?.string == name }
            let actual = log.filter { $0["recognizer"]?.string == name }
            var index = 0
            var matched = Set<Int>()
            for entry in expected {
                var hit = false
                while index < actual.count {
                    let candidate = actual[index]
                    if candidate["state"] == entry["state"], timeMatches(entry, candidate["t_ms"]?.double ?? .nan) {
                        if let why = valueProblem(entry["values"], candidate["values"]) { found.append("\(name): \(why)") }
                        matched.insert(index)
                        index += 1
                        hit = true
                        break
                    }
                    if candidate["state"]?.string != "failed" { found.append("\(name): unexpected \(candidate)"); break }
                    index += 1
                }
                if !hit { found.append("\(name): missing \(entry)") }
            }
            for (i, entry) in actual.enumerated() where !matched.contains(i) && entry["state"]?.string != "failed" {
                found.append("\(name): extra \(entry)")
            }
        }
        if let expected = scenario["expected_consumer"]?.array {
            let consumer = result["consumer"]?.array ?? []
            let ids = Set((expected + consumer).compactMap { $0["id"]?.int })
            for id in ids {
                let want = expected.filter { $0["id"]?.int == id }, got = consumer.filter { $0["id"]?.int == id }
                guard want.count == got.count else { found.append("consumer \(id): \(want.count) vs \(got.count)"); continue }
                for (w, g) in zip(want, got) {
                    if w["phase"] != g["phase"] || abs((w["t_ms"]?.double ?? .nan) - (g["t_ms"]?.double ?? .nan)) > 1e-6 {
                        found.append("consumer \(id): \(w) vs \(g)")
                    }
                    for axis in ["x", "y"] {
                        if let spec = w[axis], let value = spec["value"]?.double, let tol = spec["tol"]?.double,
                           !(abs(value - (g[axis]?.double ?? .nan)) <= tol) {
                            found.append("consumer \(id): \(axis) \(g)")
                        }
                    }
                }
            }
        }
        return found
    }

    func timeMatches(_ entry: JSONValue, _ t: Double) -> Bool {
        if let exact = entry["t_ms"]?.double { return abs(exact - t) < 1e-6 }
        guard let range = entry["t_ms_range"]?.array, range.count == 2,
              let lo = range[0].double, let hi = range[1].double else { return false }
        return lo - 1e-6 <= t && t <= hi + 1e-6
    }

    func valueProblem(_ expected: JSONValue?, _ actual: JSONValue?) -> String? {
        guard case .object(let specs) = expected ?? .object([:]) else { return nil }
        for (key, spec) in specs {
            guard let value = actual?[key] else { return "missing \(key)" }
            if let equals = spec["equals"] {
                if value != equals { return "\(key): \(value) != \(equals)" }
            } else if let want = spec["value"]?.double, let tol = spec["tol"]?.double {
                guard let got = value.double, abs(got - want) <= tol else { return "\(key): \(value) vs \(want)±\(tol)" }
            }
        }
        return nil
    }
}
