import Glibc
import Platform
import XCTest

/// `StandardStream` writes every byte of the text to its descriptor, and says when it could not.
final class StandardStreamTests: XCTestCase {
    func testTheTextArrivesWholeAsUTF8() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]) }
        let text = "fit: ellipsoid, coverage 360°\n" + String(repeating: "x", count: 10_000) + "\n"
        XCTAssertTrue(StandardStream(descriptor: fds[1]).write(text))
        close(fds[1])
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n <= 0 { break }
            received += buffer[..<n]
        }
        XCTAssertEqual(received, Array(text.utf8))
    }

    func testAWriteTheDescriptorRefusesIsReported() {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        close(fds[0])
        defer { close(fds[1]) }
        // With the reader gone a write raises SIGPIPE; ignored here so that the write's EPIPE is seen.
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        XCTAssertFalse(StandardStream(descriptor: fds[1]).write("lost\n"))
        XCTAssertFalse(StandardStream(descriptor: -1).write("nowhere\n"))
    }
}
