#if canImport(Glibc)
import Glibc
#endif
import WayfinderTestKit
import XCTest
@testable import Platform

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

    func testUnsupportedBaudMissingDeviceAndNonTerminalAreClearErrors() throws {
        XCTAssertThrowsError(try SerialPort(path: "/dev/null", baud: 1234)) { error in
            XCTAssertTrue("\(error)".contains("1234 baud is not supported"), "\(error)")
        }
        XCTAssertThrowsError(try SerialPort(path: "/dev/no-such-serial", baud: 9600)) { error in
            XCTAssertTrue("\(error)".contains("enable_uart=1"), "\(error)")
        }
        XCTAssertThrowsError(try SerialPort(path: "/dev/null", baud: 9600)) { error in
            XCTAssertTrue("\(error)".contains("is not a serial device"), "\(error)")
        }
    }
}
