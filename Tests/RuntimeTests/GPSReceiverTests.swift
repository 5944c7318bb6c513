import Logging
import Platform
@testable import Runtime
import Sensors
import WayfinderTestKit
import XCTest

/// A GPS hat on a UART, end to end: NMEA bytes on a pseudo-terminal, `SerialPort`, the pure decoder,
/// and a fix as soon as the receiver's burst is over (not one cycle late).
final class GPSReceiverTests: XCTestCase {
    actor FixLog {
        private(set) var all: [Fix] = []
        func add(_ fix: Fix) { all.append(fix) }
        func fix(_ number: Int) -> Fix? { all.count >= number ? all[number - 1] : nil }
    }

    func sentence(_ body: String) -> String {
        let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        let hex = String(checksum, radix: 16, uppercase: true)
        return "$\(body)*\(hex.count < 2 ? "0" + hex : hex)\r\n"
    }

    func testABurstOnTheUARTBecomesAFixWhenTheReceiverGoesQuiet() async throws {
        guard let pty = PseudoTerminal.open() else { throw XCTSkip("no pseudo-terminals here") }
        defer { pty.close() }
        let port = try SerialPort(path: pty.slavePath, baud: 9600)
        let fixes = GPSReceiver.fixes(from: port.bytes(), source: pty.slavePath, clock: .continuous(),
                                      logger: Logger(label: "test"))
        let received = FixLog()
        let collecting = Task { for await fix in fixes { await received.add(fix) } }
        defer { collecting.cancel() }
        func waitForFix(_ count: Int) async throws -> Fix {
            // The bytes go through the kernel's pseudo-terminal to the serial port's reader thread, and
            // the fix comes after 150 ms of real quiet on the line: polled, bounded.
            try await eventually("fix \(count)", timeout: .seconds(5), every: .milliseconds(20)) { await received.fix(count) != nil }
            let fix = await received.fix(count)
            return try XCTUnwrap(fix)
        }
        // One 1 Hz cycle: RMC then GGA for 12:35:19 (the classic example position).
        pty.send(sentence("GPRMC,123519.00,A,4807.038,N,01131.000,E,0.5,84.4,221126,,,A")
                 + sentence("GPGGA,123519.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"))
        let fix = try await waitForFix(1)
        XCTAssertEqual(fix.coordinate.latitude, 48 + 7.038 / 60, accuracy: 1e-9)
        XCTAssertEqual(fix.coordinate.longitude, 11 + 31.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(fix.altitude, 545.4)
        XCTAssertEqual(fix.satellites, 8)
        XCTAssertNotNil(fix.utcSeconds, "RMC's date and time")

        // The next cycle, one second later, a little further north.
        pty.send(sentence("GPRMC,123520.00,A,4807.040,N,01131.000,E,0.5,84.4,221126,,,A")
                 + sentence("GPGGA,123520.00,4807.040,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"))
        let second = try await waitForFix(2)
        XCTAssertEqual(second.coordinate.latitude, 48 + 7.040 / 60, accuracy: 1e-9)
        XCTAssertEqual((second.utcSeconds ?? 0) - (fix.utcSeconds ?? 0), 1, accuracy: 1e-6)
        let all = await received.all
        XCTAssertEqual(all.count, 2, "one fix per cycle")
        port.close()
    }
}
