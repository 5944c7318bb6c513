import Foundation
import Logging
import Platform
@testable import Runtime
import Sensors
import Synchronization
import WayfinderTestKit
import XCTest

/// The UART source over pseudo-terminals: NMEA written on the master comes out as fixes; when the
/// device goes away (the master closes, as a USB GPS pulled out) the loss is logged with the device
/// path and the device is opened again, here through a symlink that is pointed at a new terminal.
final class SerialGPSFeedTests: XCTestCase {
    final class Fixes: Sendable {
        let all = Mutex<[Fix]>([])
        func wait(for count: Int) async throws -> [Fix] {
            // The bytes go through a kernel pseudo-terminal to the serial port's reader thread: polled, bounded.
            try await eventually("\(count) fixes", every: .milliseconds(20)) { all.withLock { $0.count } >= count }
            return all.withLock { $0 }
        }
    }

    func sentence(_ body: String) -> String {
        let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        let hex = String(checksum, radix: 16, uppercase: true)
        return "$\(body)*\(hex.count < 2 ? "0" + hex : hex)\r\n"
    }

    func burst(minutes: String, second: Int) -> String {
        sentence("GPRMC,1235\(second).00,A,4807.\(minutes),N,01131.000,E,0.5,84.4,221126,,,A")
            + sentence("GPGGA,1235\(second).00,4807.\(minutes),N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
    }

    func testNMEAOnTheDeviceBecomesFixesAndAPulledDeviceIsLoggedAndOpenedAgain() async throws {
        guard let first = PseudoTerminal.open() else { throw XCTSkip("no pseudo-terminals here") }
        let directory = NSTemporaryDirectory() + "wayfinder-uart-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let device = directory + "/gps0"  // as udev's stable name for a USB receiver
        try FileManager.default.createSymbolicLink(atPath: device, withDestinationPath: first.slavePath)

        let logs = LogCapture()
        let feed = SerialGPSFeed(device: device, baud: 9600, clock: .continuous(), logger: logs.logger("gps"),
                                 backoff: RestartBackoff(initial: .milliseconds(100), maximum: .milliseconds(200), healthyRun: .seconds(60)))
        let fixes = Fixes()
        let running = Task { await feed.run() }
        let collecting = Task { for await fix in feed.fixes { fixes.all.withLock { $0.append(fix) } } }
        defer {
            running.cancel()
            collecting.cancel()
        }
        // Give the feed a moment to open the device: bytes written before that are lost, as on a wire.
        try await eventually("the device opened") { !logs.matching("reading the GPS on \(device)").isEmpty }
        first.send(burst(minutes: "038", second: 19))
        let one = try await fixes.wait(for: 1)
        XCTAssertEqual(one[0].coordinate.latitude, 48 + 7.038 / 60, accuracy: 1e-9)
        XCTAssertEqual(one[0].satellites, 8)

        // Unplugged: the terminal goes away and the link dangles until a new one appears.
        first.close()
        // The kernel ends the terminal under the reader thread: polled, bounded.
        try await eventually("the reopen failing") { !logs.matching("cannot open \(device)").isEmpty }
        XCTAssertFalse(logs.matching("GPS \(device) failed: \(device) went away").isEmpty, logs.all.joined(separator: "\n"))
        XCTAssertFalse(logs.matching("lost the GPS on \(device)").isEmpty, logs.all.joined(separator: "\n"))
        XCTAssertFalse(logs.matching("opening the GPS on \(device) again in").isEmpty)
        XCTAssertFalse(logs.matching("cannot open \(device): No such file or directory").isEmpty,
                       "the retries while it is away name the path: \(logs.all.joined(separator: "\n"))")

        // Plugged in again.
        guard let second = PseudoTerminal.open() else { throw XCTSkip("no second pseudo-terminal") }
        defer { second.close() }
        try FileManager.default.removeItem(atPath: device)
        try FileManager.default.createSymbolicLink(atPath: device, withDestinationPath: second.slavePath)
        // The feed retries on the real clock, opening the kernel's new terminal: polled, bounded.
        try await eventually("the device opened again") { logs.matching("reading the GPS on \(device)").count >= 2 }
        second.send(burst(minutes: "040", second: 20))
        let two = try await fixes.wait(for: 2)
        XCTAssertEqual(two[1].coordinate.latitude, 48 + 7.040 / 60, accuracy: 1e-9)
    }
}
