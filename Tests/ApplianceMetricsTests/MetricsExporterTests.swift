import ApplianceMetrics
import Foundation
import Platform
import Prometheus
import Status
import Synchronization
import WayfinderTestKit
import XCTest

/// The exporter's timer and its failures: a write at start and one per interval, no other wake-up;
/// a directory that cannot be written is logged once and tried again quietly.
final class MetricsExporterTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "wayfinder-exporter-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A clock whose time moves only when the exporter sleeps: each sleep is recorded and ends at
    /// once at its deadline, and the `stopAfter`-th is cancelled (the graceful shutdown).
    final class ScriptedClock: Sendable {
        let now = Mutex<Duration>(.zero)
        let deadlines = Mutex<[Duration]>([])
        let stopAfter: Int

        init(stopAfter: Int) { self.stopAfter = stopAfter }

        var session: SessionClock {
            SessionClock(elapsed: { self.now.withLock { $0 } }, sleep: { deadline in
                let count = self.deadlines.withLock { $0.append(deadline); return $0.count }
                if count >= self.stopAfter { throw CancellationError() }
                self.now.withLock { $0 = deadline }
            })
        }
    }

    func exporter(directory: String, clock: SessionClock, status: @escaping @Sendable () -> StatusReport,
                  logs: LogCapture) -> MetricsExporter {
        let registry = PrometheusCollectorRegistry()
        return MetricsExporter(metrics: ApplianceMetrics(factory: DescribedPrometheusFactory(registry: registry)),
                               registry: registry, textfile: MetricsTextfile(directory: directory), interval: .seconds(30), fixTimeout: .seconds(10),
                               sample: { status() }, wallSeconds: { 1_800_000_000 }, clock: clock, logger: logs.logger("metrics"))
    }

    func testItWritesAtStartThenOncePerIntervalAndRemovesTheFileWhenStopped() async throws {
        let clock = ScriptedClock(stopAfter: 4)
        let connected = Mutex(false)
        let seen = Mutex<[String]>([])
        let path = directory + "/wayfinder.prom"
        let exporter = exporter(directory: directory, clock: clock.session, status: {
            // What the file said before this write: the previous write's value.
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            seen.withLock { $0.append(text.contains("wayfinder_belt_connected 1.0") ? "1" : text.isEmpty ? "-" : "0") }
            var report = StatusReport(wayfinderVersion: "t", uptimeSeconds: 0)
            report.belt = BeltStatus(link: connected.withLock { $0.toggle(); return $0 } ? .connected : .searching)
            return report
        }, logs: LogCapture())
        await exporter.run()
        XCTAssertEqual(clock.deadlines.withLock { $0 }, [.seconds(30), .seconds(60), .seconds(90), .seconds(120)],
                       "one timer per interval, the fourth cancelled")
        let (writes, wakeUps) = await (exporter.writes, exporter.wakeUps)
        XCTAssertEqual(writes, 4, "at start and at each of the three wake-ups")
        XCTAssertEqual(wakeUps, 3)
        XCTAssertEqual(seen.withLock { $0 }, ["-", "1", "0", "1"], "each write has the status of its own time")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "no stale metrics once the appliance stopped")
    }

    func testAMissingDirectoryIsLoggedOnceTriedAgainAndItsRecoverySaid() async throws {
        let logs = LogCapture()
        let target = directory + "/node-exporter"
        let exporter = exporter(directory: target, clock: ScriptedClock(stopAfter: 1).session,
                                status: { StatusReport(wayfinderVersion: "t", uptimeSeconds: 0) }, logs: logs)
        for _ in 0..<3 {
            let written = await exporter.writeNow()
            XCTAssertFalse(written)
        }
        // One line at error priority (the journal's <3>); the retries only at debug.
        XCTAssertEqual(logs.all.filter { $0.hasPrefix("<3>") }.count, 1, logs.all.joined(separator: "\n"))
        XCTAssertEqual(logs.all.filter { $0.hasPrefix("<7>") && $0.contains("still cannot write") }.count, 2, logs.all.joined(separator: "\n"))
        XCTAssertEqual(logs.matching("\(target) does not exist: install node_exporter").count, 1, logs.all.joined(separator: "\n"))

        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        let written = await exporter.writeNow()
        XCTAssertTrue(written)
        XCTAssertEqual(logs.matching("writing \(target)/wayfinder.prom again").count, 1, logs.all.joined(separator: "\n"))
        XCTAssertTrue(try String(contentsOfFile: target + "/wayfinder.prom", encoding: .utf8).contains("wayfinder_belt_connected 0.0"))
        let writes = await exporter.writes
        XCTAssertEqual(writes, 1)
    }

    func testATemporaryFileLeftByAnEndedWriterIsRemovedAtStart() async throws {
        let leftover = directory + "/wayfinder.prom.tmp-999999"
        FileManager.default.createFile(atPath: leftover, contents: Data("half".utf8))
        let logs = LogCapture()
        let exporter = exporter(directory: directory, clock: ScriptedClock(stopAfter: 1).session,
                                status: { StatusReport(wayfinderVersion: "t", uptimeSeconds: 0) }, logs: logs)
        await exporter.run()
        XCTAssertFalse(FileManager.default.fileExists(atPath: leftover))
        XCTAssertEqual(logs.matching("removed \(leftover)").count, 1, logs.all.joined(separator: "\n"))
    }
}
