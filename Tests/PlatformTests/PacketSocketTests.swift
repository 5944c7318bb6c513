import Platform
import WayfinderTestKit
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `PacketSocket` on the event loop: packets arrive whole and in order, `close()` ends the stream and
/// the peer sees the link go, and the loop closes the descriptor it was reading.
final class PacketSocketTests: XCTestCase {
    /// The descriptors of this process that are sockets, from /proc/self/fd.
    func openSockets() -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.filter {
            ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) ?? "").hasPrefix("socket:")
        }.count
    }

    func testPacketsArriveWholeAndInOrderAndThePeersCloseEndsTheStream() async throws {
        let (a, b) = try PacketSocket.pair()
        let packets = b.packets()
        let sent: [[UInt8]] = (0..<200).map { n in [UInt8](repeating: UInt8(truncatingIfNeeded: n), count: 1 + n % 40) }
        for packet in sent { try a.send(packet) }
        a.close()
        var received: [[UInt8]] = []
        for try await packet in packets { received.append(packet) }
        XCTAssertEqual(received, sent)
    }

    func testClosingTheReceivingEndFinishesItsStreamTellsThePeerAndClosesTheDescriptor() async throws {
        // The loop's own socket pair is made at its first use: before the count, so the test holds
        // when it runs first or alone.
        let loop = EventLoop.shared
        let before = openSockets()
        let (a, b) = try PacketSocket.pair(firstOn: loop, secondOn: loop)
        let mine = b.packets()
        let theirs = a.packets()
        try a.send([1, 2, 3])
        var iterator = mine.makeAsyncIterator()
        let first = try await iterator.next()
        XCTAssertEqual(first, [1, 2, 3])
        b.close()
        let after = try await iterator.next()
        XCTAssertNil(after, "close() finishes the stream")
        var peerSaw: [[UInt8]] = []
        for try await packet in theirs { peerSaw.append(packet) }
        XCTAssertEqual(peerSaw, [], "the peer's stream ends when the link closes")
        XCTAssertThrowsError(try b.send([4]), "a closed socket refuses to send")
        // The reader threads close their descriptors in the kernel as they end: polled, bounded.
        try await eventually("both descriptors are closed", every: .milliseconds(10)) { openSockets() <= before }
        XCTAssertEqual(openSockets(), before, "both descriptors are closed")
    }
}
