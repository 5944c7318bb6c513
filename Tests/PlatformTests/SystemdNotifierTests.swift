import Glibc
import Platform
import XCTest

final class SystemdNotifierTests: XCTestCase {
    /// Binds a datagram socket the way systemd's notify socket is bound, and returns (fd, path).
    func bindReceiver(abstract: Bool) throws -> (Int32, String) {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        let name = "wayfinder-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let path = abstract ? "@\(name)" : NSTemporaryDirectory() + name
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if abstract { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path)! + bytes.count + (abstract ? 0 : 1)
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(length)) }
        }
        XCTAssertEqual(rc, 0, String(cString: strerror(errno)))
        return (fd, path)
    }

    func receive(_ fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 512)
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let n = recv(fd, &buffer, buffer.count, 0)
        return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : "<nothing: \(String(cString: strerror(errno)))>"
    }

    func testSendsOneDatagramToAFilesystemSocket() throws {
        let (fd, path) = try bindReceiver(abstract: false)
        defer { close(fd); unlink(path) }
        let notifier = try XCTUnwrap(SystemdNotifier(environment: ["NOTIFY_SOCKET": path]))
        XCTAssertNil(notifier.send("READY=1\nSTATUS=all actors started"))
        XCTAssertEqual(receive(fd), "READY=1\nSTATUS=all actors started")
    }

    func testSendsToAnAbstractSocketNamedWithAt() throws {
        let (fd, path) = try bindReceiver(abstract: true)
        defer { close(fd) }
        let notifier = SystemdNotifier(socketPath: path)
        XCTAssertNil(notifier.send("WATCHDOG=1"))
        XCTAssertEqual(receive(fd), "WATCHDOG=1")
    }

    func testNoSocketMeansNotUnderSystemd() {
        XCTAssertNil(SystemdNotifier(environment: [:]))
        XCTAssertNil(SystemdNotifier(environment: ["NOTIFY_SOCKET": ""]))
    }

    func testFailureIsReportedNotThrown() {
        XCTAssertEqual(SystemdNotifier(socketPath: "/nonexistent/notify").send("READY=1"), ENOENT)
    }

    func testWatchdogSettingsComeFromTheEnvironment() {
        let w = WatchdogSettings(environment: ["WATCHDOG_USEC": "20000000"], pid: 42)
        XCTAssertEqual(w?.timeout, .seconds(20))
        XCTAssertEqual(w?.pingInterval, .seconds(10))
        XCTAssertNil(WatchdogSettings(environment: ["WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "7"], pid: 42),
                     "a watchdog armed for another process is not ours")
        XCTAssertNotNil(WatchdogSettings(environment: ["WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "42"], pid: 42))
        XCTAssertNil(WatchdogSettings(environment: ["WATCHDOG_USEC": "0"]))
        XCTAssertNil(WatchdogSettings(environment: ["WATCHDOG_USEC": "soon"]))
    }
}
