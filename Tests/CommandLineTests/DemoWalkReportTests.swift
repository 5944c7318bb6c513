import Foundation
import WayfinderTestKit
import XCTest

/// `wayfinder report` on a real demo walk's files (Tests/RuntimeTests/Fixtures/demo-walk, described
/// in `DemoWalkFilesTests`) writes the same report, the same figures and the same JSON as the build
/// that recorded the fixture: every number, distance, duration and date on the page is formatted by
/// our code, and a change to any of them fails here. Only the page's "Written" time is the run's own.
final class DemoWalkReportTests: XCTestCase {
    static let fixtures = "\(Repository.root)/Tests/RuntimeTests/Fixtures/demo-walk"

    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "wayfinder-demo-report-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let dir = directory
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    }

    func fixture(_ name: String) throws -> String {
        try String(contentsOfFile: "\(Self.fixtures)/\(name)", encoding: .utf8)
    }

    /// The page with its "Written …" time, the one line that differs from run to run, taken out.
    func withoutWrittenTime(_ html: String) -> String {
        html.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("<p>Written ") ? "<p>Written (the run's time)</p>" : String($0) }
            .joined(separator: "\n")
    }

    func report(_ extra: [String]) throws -> WayfinderBinary.Run {
        try WayfinderBinary.run(["report", "\(Self.fixtures)/walk.gpx", "--route", Repository.demoRoute,
                                 "--events", "\(Self.fixtures)/walk.events.jsonl", "-o", "\(directory)/walk.html"] + extra)
    }

    func assertSameLines(_ written: String, _ expected: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard written != expected else { return }
        let a = written.split(separator: "\n", omittingEmptySubsequences: false)
        let b = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let index = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        XCTFail("\(what) differs at line \(index + 1):\n  written:  \(index < a.count ? String(a[index]) : "(end)")\n  expected: \(index < b.count ? String(b[index]) : "(end)")",
                file: file, line: line)
    }

    func testTheDemoWalksReportPageIsTheSameByteForByte() throws {
        let result = try report([])
        XCTAssertEqual(result.status, 0, result.errors)
        let html = try String(contentsOfFile: "\(directory)/walk.html", encoding: .utf8)
        assertSameLines(withoutWrittenTime(html), withoutWrittenTime(try fixture("walk.html")), "the report page")
    }

    func testTheDemoWalksFiguresArePrintedTheSame() throws {
        let result = try report([])
        XCTAssertEqual(result.status, 0, result.errors)
        let expected = try fixture("walk.report.txt").replacingOccurrences(of: "wrote walk.html", with: "wrote \(directory)/walk.html")
        assertSameLines(result.output, expected, "the printed figures")
    }

    func testTheDemoWalksJSONFiguresAreTheSameByteForByte() throws {
        let result = try report(["--json"])
        XCTAssertEqual(result.status, 0, result.errors)
        let expected = try fixture("walk.report.json").replacingOccurrences(of: #""report":"walk.html""#, with: #""report":"\#(directory)/walk.html""#)
        assertSameLines(result.output, expected, "the JSON figures")
    }
}
