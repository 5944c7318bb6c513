import Foundation
import Logging
import Platform
@testable import Runtime
import Sensors
import Synchronization
import WayfinderTestKit
import XCTest

/// The gpsd source against a local TCP server that speaks gpsd's JSON protocol (gpsd_json(5):
/// VERSION greeting, `?WATCH` answer, then TPV and SKY objects, one per line).
final class GPSDFeedTests: XCTestCase {
    final class Fixes: Sendable {
        let all = Mutex<[Fix]>([])
        func wait(for count: Int, seconds: Int = 10) async throws -> [Fix] {
            // The fixes come over a kernel TCP socket from the test's gpsd: polled, bounded.
            try await eventually("\(count) fixes", timeout: .seconds(seconds), every: .milliseconds(20)) {
                all.withLock { $0.count } >= count
            }
            return all.withLock { $0 }
        }
    }

    static let version = #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"# + "\n"
    static func tpv(lat: Double, lon: Double, mode: Int = 3) -> String {
        #"{"class":"TPV","device":"/dev/ttyACM0","mode":\#(mode),"time":"2026-11-22T12:35:19.000Z","lat":\#(lat),"lon":\#(lon),"altMSL":61.5,"speed":1.25,"track":84.4,"eph":4.2}"# + "\n"
    }

    /// Starts the feed against `port`, collecting its fixes, cancelled at the end of the test.
    func start(port: Int, logs: LogCapture, daemonPath: String = "/nonexistent/gpsd") -> Fixes {
        let feed = GPSDFeed(host: "127.0.0.1", port: port, clock: .continuous(), logger: logs.logger("gps"),
                            backoff: RestartBackoff(initial: .milliseconds(50), maximum: .milliseconds(200), healthyRun: .seconds(60)),
                            daemonPath: daemonPath)
        let fixes = Fixes()
        let running = Task { await feed.run() }
        let collecting = Task { for await fix in feed.fixes { fixes.all.withLock { $0.append(fix) } } }
        addTeardownBlock {
            running.cancel()
            collecting.cancel()
        }
        return fixes
    }

    func testTheFeedAsksForJSONAndDeliversTPVFixesWithSKYsSatellitesSkippingGarbageAndNoFixReports() async throws {
        let server = try LocalTCPListener()
        let logs = LogCapture()
        let fixes = start(port: server.port, logs: logs)
        guard let gpsd = await server.accept() else { return XCTFail("the feed did not connect") }
        gpsd.send(Self.version)
        let watch = await gpsd.readLine()
        XCTAssertEqual(watch, #"?WATCH={"enable":true,"json":true}"#, "the WATCH command of gpsd_json(5), byte for byte")
        gpsd.send(#"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyACM0"}]}"# + "\n")
        gpsd.send(#"{"class":"SKY","uSat":7,"hdop":0.9}"# + "\n")
        gpsd.send("this is not JSON\n")
        gpsd.send(#"{"class":"TPV","mode":1}"# + "\n")  // receiver there, no fix yet: not a fix
        gpsd.send(Self.tpv(lat: 52.2799, lon: 8.0472))
        gpsd.send(Self.tpv(lat: 52.2801, lon: 8.0475))
        let got = try await fixes.wait(for: 2)
        XCTAssertEqual(got.count, 2, "one fix per TPV with a position; the mode-1 TPV and the garbage give none")
        XCTAssertEqual(got[0].coordinate.latitude, 52.2799, accuracy: 1e-9)
        XCTAssertEqual(got[0].coordinate.longitude, 8.0472, accuracy: 1e-9)
        XCTAssertEqual(got[0].satellites, 7, "from the SKY before it")
        XCTAssertEqual(got[0].hdop, 0.9)
        XCTAssertEqual(got[0].altitude, 61.5)
        XCTAssertEqual(got[1].coordinate.latitude, 52.2801, accuracy: 1e-9)
        XCTAssertFalse(logs.matching("gpsd 3.22 (JSON protocol 3)").isEmpty, logs.all.joined(separator: "\n"))
        XCTAssertFalse(logs.matching("gpsd line dropped (1 so far): not a gpsd JSON object: this is not JSON").isEmpty,
                       logs.all.joined(separator: "\n"))
        XCTAssertFalse(logs.matching("no position fix yet (TPV mode 1)").isEmpty)
    }

    func testWhenGpsdGoesAwayTheFeedLogsItAndReconnects() async throws {
        let server = try LocalTCPListener()
        let logs = LogCapture()
        let fixes = start(port: server.port, logs: logs)
        guard let first = await server.accept() else { return XCTFail("the feed did not connect") }
        first.send(Self.version)
        _ = await first.readLine()
        first.send(Self.tpv(lat: 52.1, lon: 8.1))
        _ = try await fixes.wait(for: 1)
        first.close()  // gpsd restarted by its package, say

        guard let second = await server.accept() else { return XCTFail("the feed did not reconnect") }
        second.send(Self.version)
        let watch = await second.readLine()
        XCTAssertEqual(watch, #"?WATCH={"enable":true,"json":true}"#, "a new connection asks again")
        second.send(Self.tpv(lat: 52.2, lon: 8.2))
        let got = try await fixes.wait(for: 2)
        XCTAssertEqual(got[1].coordinate.latitude, 52.2, accuracy: 1e-9)
        XCTAssertFalse(logs.matching("gpsd at 127.0.0.1:\(server.port) closed the connection after 1 fixes").isEmpty,
                       logs.all.joined(separator: "\n"))
        XCTAssertFalse(logs.matching("connecting to gpsd at 127.0.0.1:\(server.port) again in").isEmpty)
    }

    /// A port nothing listens on: the error says whether gpsd is installed, and the feed keeps trying.
    func testConnectionRefusedSaysWhetherGpsdIsInstalledAndIsRetried() async throws {
        let port = try { let l = try LocalTCPListener(); return l.port }()  // closed again: refused
        let notInstalled = LogCapture()
        _ = start(port: port, logs: notInstalled, daemonPath: "/nonexistent/gpsd")
        let installed = LogCapture()
        _ = start(port: port, logs: installed, daemonPath: "/bin/sh")
        // The kernel refuses the TCP connections, and the feeds retry on the real clock: polled, bounded.
        try await eventually("a repeated refusal in both logs") {
            !notInstalled.matching("<7>gps: GPS from gpsd").isEmpty && !installed.matching("<7>gps: GPS from gpsd").isEmpty
        }
        let missing = notInstalled.matching("connection refused")
        XCTAssertGreaterThanOrEqual(missing.count, 2, "retried after the first refusal")
        XCTAssertEqual(missing.filter { $0.hasPrefix("<3>") }.count, 1, "the error priority once, repeats at debug: \(missing)")
        XCTAssertTrue(missing.first?.contains("gpsd is not installed (no /nonexistent/gpsd): `sudo apt install gpsd`") == true,
                      missing.first ?? "")
        let idle = installed.matching("connection refused")
        XCTAssertTrue(idle.first?.contains("gpsd is installed but nothing listens on 127.0.0.1:\(port)") == true, idle.first ?? "")
        XCTAssertTrue(idle.first?.contains("systemctl enable --now gpsd.socket") == true, idle.first ?? "")
    }

    /// A gpsd of another protocol generation is not asked to WATCH and would send nothing: the log says why.
    func testAGpsdOfAnotherProtocolMajorIsReportedNotWaitedOnSilently() async throws {
        let server = try LocalTCPListener()
        let logs = LogCapture()
        _ = start(port: server.port, logs: logs)
        guard let gpsd = await server.accept() else { return XCTFail("the feed did not connect") }
        gpsd.send(#"{"class":"VERSION","release":"2.95","proto_major":2,"proto_minor":0}"# + "\n")
        // The greeting goes through a kernel TCP socket: polled, bounded.
        try await eventually("the protocol generation logged") { !logs.matching("speaks JSON protocol 2").isEmpty }
        XCTAssertEqual(logs.matching("gpsd 2.95 at 127.0.0.1:\(server.port) speaks JSON protocol 2, this build 3: no fixes from it").count, 1,
                       logs.all.joined(separator: "\n"))
        let asked = await gpsd.readLine(timeout: .milliseconds(300))
        XCTAssertNil(asked, "no ?WATCH sent to a gpsd whose protocol this client does not speak")
    }
}
