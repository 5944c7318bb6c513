import ApplianceMetrics
import CoreMetrics
import Navigation
import Prometheus
import Status
import XCTest

/// The metrics as node_exporter reads them: each name once with its `# HELP` and `# TYPE` lines, and
/// the values the status and navigation's events set.
final class MetricsRenderingTests: XCTestCase {
    /// Metrics of their own registry, as `wayfinder run` makes them through the bootstrapped factory.
    func fresh() -> (ApplianceMetrics, PrometheusCollectorRegistry) {
        let registry = PrometheusCollectorRegistry()
        return (ApplianceMetrics(factory: DescribedPrometheusFactory(registry: registry)), registry)
    }

    /// The text's samples by name (no metric has labels).
    func samples(_ registry: PrometheusCollectorRegistry) -> [String: String] {
        var values: [String: String] = [:]
        for line in registry.emitToString().split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            XCTAssertEqual(parts.count, 2, "a sample line is a name and a value: \(line)")
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        return values
    }

    func testEveryMetricHasOneHelpAndOneTypeLineOfItsKind() {
        let (_, registry) = fresh()
        let lines = registry.emitToString().split(separator: "\n").map(String.init)
        for metric in ApplianceMetric.allCases {
            XCTAssertEqual(lines.filter { $0.hasPrefix("# HELP \(metric.name) ") }, ["# HELP \(metric.name) \(metric.help)"])
            XCTAssertEqual(lines.filter { $0.hasPrefix("# TYPE \(metric.name) ") }, ["# TYPE \(metric.name) \(metric.kind.rawValue)"])
        }
        XCTAssertEqual(Set(samples(registry).keys), Set(ApplianceMetric.allCases.map(\.name)))
    }

    func testTheNamesFollowPrometheusConventions() {
        for metric in ApplianceMetric.allCases {
            XCTAssertTrue(metric.name.hasPrefix("wayfinder_"), metric.name)
            XCTAssertNotNil(metric.name.wholeMatch(of: /[a-z_][a-z0-9_]*/), metric.name)
            XCTAssertEqual(metric.name.hasSuffix("_total"), metric.kind == .counter, metric.name)
        }
    }

    func testBeforeAnyStatusNothingIsConnectedAndTheBatteryIsUnknown() {
        let (_, registry) = fresh()
        let values = samples(registry)
        XCTAssertEqual(values["wayfinder_belt_connected"], "0.0")
        XCTAssertEqual(values["wayfinder_belt_battery_percent"], "nan")
        XCTAssertEqual(values["wayfinder_gps_fix"], "0.0")
        XCTAssertEqual(values["wayfinder_gps_fix_mode"], "0.0")
        XCTAssertEqual(values["wayfinder_walks_total"], "0")
        XCTAssertEqual(values["wayfinder_off_route_events_total"], "0")
        XCTAssertEqual(values["wayfinder_outbox_pending_files"], "0.0")
        XCTAssertEqual(values["wayfinder_upload_last_success_timestamp_seconds"], "0.0")
    }

    func testTheGaugesFollowTheStatus() {
        let (metrics, registry) = fresh()
        var report = StatusReport(wayfinderVersion: "test", uptimeSeconds: 60)
        report.belt = BeltStatus(link: .connected, batteryPercent: 87)
        report.gps = FixStatus(source: "sim", fixAgeSeconds: 0.4, mode: .threeD)
        report.upload = UploadStatus(pendingFiles: 3, pendingBytes: 123_456, lastSuccessKey: "k", lastSuccessSecondsAgo: 42.7)
        metrics.record(report, wallSeconds: 1_800_000_000.5, fixTimeout: .seconds(10))
        var values = samples(registry)
        XCTAssertEqual(values["wayfinder_belt_connected"], "1.0")
        XCTAssertEqual(values["wayfinder_belt_battery_percent"], "87.0")
        XCTAssertEqual(values["wayfinder_gps_fix"], "1.0")
        XCTAssertEqual(values["wayfinder_gps_fix_mode"], "3.0")
        XCTAssertEqual(values["wayfinder_outbox_pending_files"], "3.0")
        XCTAssertEqual(values["wayfinder_outbox_pending_bytes"], "123456.0")
        XCTAssertEqual(values["wayfinder_upload_last_success_timestamp_seconds"], "1799999957.0")

        report.belt = BeltStatus(link: .reconnecting, batteryPercent: 86)
        report.gps = FixStatus(source: "sim", fixAgeSeconds: 10, mode: .twoD)
        metrics.record(report, wallSeconds: 1_800_000_010, fixTimeout: .seconds(10))
        values = samples(registry)
        XCTAssertEqual(values["wayfinder_belt_connected"], "0.0", "reconnecting is not connected")
        XCTAssertEqual(values["wayfinder_belt_battery_percent"], "86.0")
        XCTAssertEqual(values["wayfinder_gps_fix_mode"], "2.0")

        // A 3D fix older than the fix timeout: the GPS is lost, whatever mode its last fix had.
        report.gps = FixStatus(source: "sim", fixAgeSeconds: 10.5, mode: .threeD)
        report.belt = nil
        report.upload = nil
        metrics.record(report, wallSeconds: 1_800_000_020, fixTimeout: .seconds(10))
        values = samples(registry)
        XCTAssertEqual(values["wayfinder_gps_fix"], "0.0")
        XCTAssertEqual(values["wayfinder_gps_fix_mode"], "0.0")
        XCTAssertEqual(values["wayfinder_belt_battery_percent"], "nan")
        XCTAssertEqual(values["wayfinder_outbox_pending_bytes"], "0.0")
        XCTAssertEqual(values["wayfinder_upload_last_success_timestamp_seconds"], "0.0")
    }

    func testWalksBegunAndOffRouteEventsAreCounted() {
        let (metrics, registry) = fresh()
        let actions: [GuidanceAction] = [
            .report(.started(waypoint: 0, of: 5)), .report(.offRoute(distance: 40, leg: 1)), .report(.backOnRoute(distance: 10)),
            .report(.paused), .report(.resumed), .report(.offRoute(distance: 35, leg: 2)), .report(.stopped),
            .report(.started(waypoint: 0, of: 5)), .report(.destinationReached),
        ]
        for action in actions { metrics.count(action) }
        let values = samples(registry)
        XCTAssertEqual(values["wayfinder_walks_total"], "2", "a resume is not a walk")
        XCTAssertEqual(values["wayfinder_off_route_events_total"], "2")
    }

    /// A library's own swift-metrics metric, not one of ours, goes through the plain factory: no
    /// help text, and no clash with ours.
    func testAnotherLibrarysMetricIsRegisteredWithoutHelp() {
        let (_, registry) = fresh()
        let factory = DescribedPrometheusFactory(registry: registry)
        Counter(label: "library_requests_total", factory: factory).increment(by: 2)
        let text = registry.emitToString()
        XCTAssertTrue(text.contains("# TYPE library_requests_total counter\nlibrary_requests_total 2\n"), text)
        XCTAssertFalse(text.contains("# HELP library_requests_total"), text)
    }
}
