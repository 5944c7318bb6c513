import ApplianceMetrics
import Foundation
import Navigation
import Prometheus
import Status
import WayfinderTestKit
import XCTest

/// The file as Debian's prometheus-node-exporter reads it: its own instance on a free port of
/// 127.0.0.1, only its textfile collector on, scraped over HTTP.
final class NodeExporterScrapeTests: XCTestCase {
    func testNodeExporterServesOurMetricsWithTheirValuesAndNoTextfileError() throws {
        let directory = NSTemporaryDirectory() + "wayfinder-textfile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let registry = PrometheusCollectorRegistry()
        let metrics = ApplianceMetrics(factory: DescribedPrometheusFactory(registry: registry))
        var report = StatusReport(wayfinderVersion: "t", uptimeSeconds: 1)
        report.belt = BeltStatus(link: .connected, batteryPercent: 64)
        report.gps = FixStatus(source: "sim", fixAgeSeconds: 1, mode: .threeD)
        report.upload = UploadStatus(pendingFiles: 2, pendingBytes: 4096, lastSuccessKey: "k", lastSuccessSecondsAgo: 10)
        metrics.record(report, wallSeconds: 1_800_000_010, fixTimeout: .seconds(10))
        metrics.count(.report(.started(waypoint: 0, of: 3)))
        metrics.count(.report(.offRoute(distance: 50, leg: 1)))
        metrics.count(.report(.offRoute(distance: 45, leg: 2)))
        try MetricsTextfile(directory: directory).write(registry.emitToBuffer())

        let exporter = try NodeExporter(textfileDirectory: directory)
        defer { exporter.stop() }
        let body = try exporter.scrape()
        let lines = Set(body.split(separator: "\n").map(String.init))
        for expected in [
            "wayfinder_belt_connected 1", "wayfinder_belt_battery_percent 64", "wayfinder_gps_fix 1",
            "wayfinder_gps_fix_mode 3", "wayfinder_walks_total 1", "wayfinder_off_route_events_total 2",
            "wayfinder_outbox_pending_files 2", "wayfinder_outbox_pending_bytes 4096",
            "wayfinder_upload_last_success_timestamp_seconds 1.8e+09",
            "# TYPE wayfinder_walks_total counter", "# TYPE wayfinder_belt_connected gauge",
            "# HELP wayfinder_belt_connected \(ApplianceMetric.beltConnected.help)",
            "node_textfile_scrape_error 0",
        ] {
            XCTAssertTrue(lines.contains(expected), "node_exporter serves \(expected):\n\(body)\n\(exporter.logText)")
        }
        XCTAssertTrue(lines.contains { $0.hasPrefix("node_textfile_mtime_seconds{file=\"") && $0.contains("wayfinder.prom") }, body)

        // An unknown battery is NaN, which node_exporter's parser takes (a scrape error otherwise).
        report.belt = BeltStatus(link: .searching)
        metrics.record(report, wallSeconds: 1_800_000_020, fixTimeout: .seconds(10))
        try MetricsTextfile(directory: directory).write(registry.emitToBuffer())
        let again = Set(try exporter.scrape().split(separator: "\n").map(String.init))
        XCTAssertTrue(again.contains("wayfinder_belt_battery_percent NaN"), again.sorted().joined(separator: "\n"))
        XCTAssertTrue(again.contains("wayfinder_belt_connected 0"))
        XCTAssertTrue(again.contains("node_textfile_scrape_error 0"))
    }
}
