#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import Platform

/// The UART a GPS hat talks on, exercised through a pseudo-terminal: raw bytes arrive unchanged
/// (no line editing, no CR/LF translation), and bad devices get errors that say what to do.
final class SerialPortTests: XCTestCase {
    /// A pseudo-terminal pair through /dev/ptmx: unlock the slave (TIOCSPTLCK) and ask its number
    /// (TIOCGPTN); posix_openpt and friends are hidden from Swift's Glibc module. The ioctl numbers are
    /// the generic Linux ones (include/uapi/asm-generic/ioctls.h), the same on x86_64 and arm64.
    func openPseudoTerminal() throws -> (master: Int32, slavePath: String) {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw XCTSkip("no /dev/ptmx here") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            close(master)
            throw XCTSkip("pseudo-terminal ioctls refused")
        }
        return (master, "/dev/pts/\(number)")
    }

    func testBytesArriveUnchangedInRawMode() async throws {
        let (master, slave) = try openPseudoTerminal()
        defer { close(master) }
        let port = try SerialPort(path: slave, baud: 9600)
        let stream = port.bytes()
        // CR LF, a ^C and a backspace: a cooked terminal would translate or act on them.
        let sent: [UInt8] = Array("$GPRMC,123519,A*6A\r\n".utf8) + [0x03, 0x08, 0x7F, 0xFF]
        _ = sent.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
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
