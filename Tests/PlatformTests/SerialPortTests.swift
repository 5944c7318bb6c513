#if canImport(Glibc)
import Glibc
#endif
import WayfinderTestKit
import XCTest
@testable import Platform
import Vocabulary

/// The UART a GPS hat talks on, exercised through a pseudo-terminal: raw bytes arrive unchanged
/// (no line editing, no CR/LF translation), and bad devices get errors that say what to do.
final class SerialPortTests: XCTestCase {
    func testBytesArriveUnchangedInRawMode() async throws {
        guard let pty = PseudoTerminal.open() else { throw XCTSkip("no pseudo-terminals here") }
        defer { pty.close() }
        let port = try SerialPort(path: pty.slavePath, baud: 9600)
        let stream = port.bytes()
        // CR LF, a ^C and a backspace: a cooked terminal would translate or act on them.
        let sent: [UInt8] = Array("$GPRMC,123519,A*6A\r\n".utf8) + [0x03, 0x08, 0x7F, 0xFF]
        _ = sent.withUnsafeBytes { write(pty.master, $0.baseAddress, $0.count) }
        var received: [UInt8] = []
        for try await chunk in stream {
            received += chunk
            if received.count >= sent.count { break }
        }
        XCTAssertEqual(received, sent)
        port.close()
    }

    /// Every rate the configuration accepts for `[gps] baud` is one the port can set, and no other.
    func testThePortSetsExactlyTheRatesTheConfigurationAccepts() {
        for baud in GPSBaudRate.supported { XCTAssertNotNil(SerialPort.speed(baud), "\(baud) baud") }
        for baud in [0, 1200, 2400, 14400, 460800, 921600, -9600] { XCTAssertNil(SerialPort.speed(baud), "\(baud) baud") }
    }

    func testUnsupportedBaudMissingDeviceAndNonTerminalAreClearErrors() throws {
        XCTAssertThrowsError(try SerialPort(path: "/dev/null", baud: 1234)) { error in
            XCTAssertTrue("\(error)".contains("1234 baud is not supported; use 4800, 9600, 19200, 38400, 57600, 115200 or 230400"), "\(error)")
        }
        XCTAssertThrowsError(try SerialPort(path: "/dev/no-such-serial", baud: 9600)) { error in
            XCTAssertTrue("\(error)".contains("enable_uart=1"), "\(error)")
        }
        XCTAssertThrowsError(try SerialPort(path: "/dev/null", baud: 9600)) { error in
            XCTAssertTrue("\(error)".contains("is not a serial device"), "\(error)")
        }
    }
}
