import XCTest
@testable import Platform

/// The management socket's byte moving, over a socketpair (this host has no Bluetooth; the rig
/// opens the real control channel).
final class ManagementSocketTests: XCTestCase {
    func pair() -> (ManagementSocket, ManagementSocket) {
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &fds), 0)
        return (ManagementSocket(adopting: fds[0]), ManagementSocket(adopting: fds[1]))
    }

    func testDatagramsArriveWholeAndAQuietSocketTimesOut() throws {
        let (a, b) = pair()
        defer { a.close(); b.close() }
        XCTAssertNil(try a.receive(timeout: .milliseconds(20)))
        try b.send([0x12, 0x00, 0x00, 0x00, 0x00, 0x00])
        try b.send([0x13, 0x00])
        XCTAssertEqual(try a.receive(timeout: .seconds(1)), [0x12, 0x00, 0x00, 0x00, 0x00, 0x00])
        XCTAssertEqual(try a.receive(timeout: .seconds(1)), [0x13, 0x00])
    }

    func testAClosedPeerOrAClosedSocketIsReported() {
        let (a, b) = pair()
        b.close()
        XCTAssertThrowsError(try a.receive(timeout: .seconds(1))) { XCTAssertEqual($0 as? ManagementSocketError, .closed) }
        a.close()
        a.close()
        XCTAssertThrowsError(try a.send([1, 2, 3, 4, 5, 6])) { XCTAssertEqual($0 as? ManagementSocketError, .closed) }
    }

    func testTheEventStreamDeliversPacketsAndClosesTheSocketWhenItEnds() async throws {
        let (a, b) = pair()
        defer { b.close() }
        try b.send([1, 0, 0, 0, 0, 0])
        var iterator = a.events().makeAsyncIterator()
        let first = try await iterator.next()
        XCTAssertEqual(first, [1, 0, 0, 0, 0, 0])
        var secondIterator = a.events().makeAsyncIterator()
        do {
            _ = try await secondIterator.next()
            XCTFail("a second reader on one socket")
        } catch {
            XCTAssertEqual(error as? ManagementSocketError, .closed)
        }
        b.close()
        do {
            _ = try await iterator.next()
            XCTFail("the peer closed")
        } catch {
            XCTAssertEqual(error as? ManagementSocketError, .closed)
        }
        XCTAssertThrowsError(try a.send([1, 2, 3, 4, 5, 6]), "the reader closed the socket on its way out")
    }

    func testPollTimeoutsRoundUpToWholeMilliseconds() {
        XCTAssertEqual(ManagementSocket.milliseconds(.zero), 0)
        XCTAssertEqual(ManagementSocket.milliseconds(.microseconds(1)), 1)
        XCTAssertEqual(ManagementSocket.milliseconds(.milliseconds(200)), 200)
        XCTAssertEqual(ManagementSocket.milliseconds(.seconds(1) + .nanoseconds(1)), 1001)
        XCTAssertEqual(ManagementSocket.milliseconds(.seconds(1_000_000_000)), Int32.max)
    }

    func testErrorsSayWhatToDo() {
        XCTAssertTrue(ManagementSocketError.permissionDenied(operation: "x").description.contains("CAP_NET_ADMIN"))
        XCTAssertEqual(ManagementSocketError.mapping(errno: EAFNOSUPPORT, operation: "x"), .bluetoothUnsupported)
        XCTAssertEqual(ManagementSocketError.mapping(errno: EACCES, operation: "x"), .permissionDenied(operation: "x"))
    }
}
