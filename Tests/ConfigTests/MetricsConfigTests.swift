import Config
import Platform
import WayfinderTestKit
import XCTest

/// `[metrics]`: off without the table, its defaults, and each key's mistakes at their lines.
final class MetricsConfigTests: XCTestCase {
    let loader = ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]), files: DiskFiles())
    let path = "/etc/wayfinder/wayfinder.toml"

    /// A Pi file whose `[metrics]` table (line 4 on) holds `metrics`.
    func text(_ metrics: String) -> String {
        """
        board = "pi-4b"
        [route]
        gpx = "\(Repository.demoRoute)"
        [metrics]
        \(metrics)
        """
    }

    func issues(_ metrics: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            _ = try loader.load(text: text(metrics), path: path)
            XCTFail("expected the configuration to be rejected", file: file, line: line)
            return []
        } catch {
            return error.issues.map(\.description)
        }
    }

    func testWithoutAMetricsTableNoMetricsAreWritten() throws {
        let c = try loader.load(text: "board = \"pi-4b\"\n[route]\ngpx = \"\(Repository.demoRoute)\"", path: path)
        XCTAssertNil(c.metrics)
        XCTAssertFalse(c.settings.contains { $0.keyPath.hasPrefix("metrics.") })
    }

    func testAnEmptyTableWritesToDebiansDirectoryEveryThirtySeconds() throws {
        let m = try XCTUnwrap(try loader.load(text: text(""), path: path).metrics)
        XCTAssertEqual(m, MetricsSettings(textfileDirectory: "/var/lib/prometheus/node-exporter", intervalSeconds: 30))
        XCTAssertEqual(m.summary, "/var/lib/prometheus/node-exporter/wayfinder.prom, rewritten every 30 s")
    }

    func testEveryKeyIsReadAndARelativeDirectoryIsThisFilesDirectorys() throws {
        let m = try XCTUnwrap(try loader.load(text: text("textfile_directory = \"textfile\"\ninterval_s = 15"), path: path).metrics)
        XCTAssertEqual(m, MetricsSettings(textfileDirectory: "/etc/wayfinder/textfile", intervalSeconds: 15))
        let c = try loader.load(text: text("textfile_directory = \"/srv/prom/\"\ninterval_s = 3600"), path: path)
        XCTAssertEqual(c.metrics?.summary, "/srv/prom/wayfinder.prom, rewritten every 3600 s")
        XCTAssertEqual(c.settings.filter { $0.keyPath.hasPrefix("metrics.") }.map(\.keyPath), ["metrics.textfile_directory", "metrics.interval_s"])
        XCTAssertTrue(c.settings.filter { $0.keyPath.hasPrefix("metrics.") }.allSatisfy { $0.effect == .restart })
    }

    func testMistakesAreReportedAtTheirLines() {
        XCTAssertEqual(issues("interval_s = 0"), ["\(path):5:1: metrics.interval_s: 0 s is out of range; expected 1–3600 s"])
        XCTAssertEqual(issues("interval_s = 7200"), ["\(path):5:1: metrics.interval_s: 7200 s is out of range; expected 1–3600 s"])
        XCTAssertEqual(issues("interval_s = 2.5"), ["\(path):5:1: metrics.interval_s: expected a whole number, found a number (2.5)"])
        XCTAssertEqual(issues("textfile_directory = \"\""),
                       ["\(path):5:1: metrics.textfile_directory: is empty; name node_exporter's textfile directory, e.g. \"/var/lib/prometheus/node-exporter\""])
        XCTAssertEqual(issues("textfile_directory = 5"),
                       ["\(path):5:1: metrics.textfile_directory: expected a string, found a whole number (5)"])
        XCTAssertEqual(issues("intervall_s = 30"), ["\(path):5:1: metrics.intervall_s: unknown key; did you mean \"interval_s\"?"])
    }

    /// docs/configuration.md has a row for each key the loader reads.
    func testTheDocumentedKeysAreTheKeysRead() throws {
        let docs = try String(contentsOfFile: Repository.root + "/docs/configuration.md", encoding: .utf8)
        let section = try XCTUnwrap(docs.components(separatedBy: "## `[metrics]`").dropFirst().first?.components(separatedBy: "\n## ").first)
        let keys = section.split(separator: "\n").filter { $0.hasPrefix("| `") }.compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) }
        XCTAssertEqual(keys, ["textfile_directory", "interval_s"])
    }
}
