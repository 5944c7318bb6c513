import Foundation
import WayfinderTestKit
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The fault proxy the upload's fault tests stand on, against a plain TCP peer: it passes bytes both
/// ways and counts them, cuts exactly after the bytes it was given, holds a stalled connection until
/// it is resumed, and stops with its connections open.
final class FaultProxyTests: XCTestCase {
    var upstream: LocalTCPListener?
    var proxy: FaultProxy?
    var client: Int32 = -1

    override func setUpWithError() throws {
        let upstream = try LocalTCPListener()
        self.upstream = upstream
        proxy = try FaultProxy(upstreamPort: upstream.port)
    }

    override func tearDown() {
        if client >= 0 { close(client) }
        proxy?.stop()
    }

    /// Connects a client to the proxy and returns the server's side of it.
    func connect() async throws -> LocalTCPListener.Peer {
        let proxy = try XCTUnwrap(proxy)
        client = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(clamping: proxy.port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        XCTAssertEqual(connected, 0)
        let peer = try await XCTUnwrap(upstream).accept()
        return try XCTUnwrap(peer, "the proxy did not connect to the server")
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        XCTAssertEqual(bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }, bytes.count)
    }

    /// What the client receives next (up to 64 bytes); empty at the end of the stream, nil on an error.
    func receive() -> String? {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
        return count < 0 ? nil : String(decoding: buffer[..<count], as: UTF8.self)
    }

    func testItPassesBytesBothWaysAndCountsThem() async throws {
        let peer = try await connect()
        send("hello\n")
        let line = await peer.readLine()
        XCTAssertEqual(line, "hello")
        peer.send("world\n")
        XCTAssertEqual(receive(), "world\n")
        let proxy = try XCTUnwrap(proxy)
        // The relay thread counts a chunk once its send(2) returned, which may be after the peer read it.
        try await eventually("both lines counted") { () async -> Bool in proxy.counters.bytesToClient == 6 }
        XCTAssertEqual(proxy.counters.connections, 1)
        XCTAssertEqual(proxy.counters.bytesToServer, 6)
        XCTAssertEqual(proxy.counters.cuts, 0)
    }

    func testACutResetsTheConnectionAfterExactlyTheBytesGiven() async throws {
        let proxy = try XCTUnwrap(proxy)
        let peer = try await connect()
        proxy.set(.cut(afterBytes: 10))
        send("012345678\nnever\n")
        let first = await peer.readLine()
        XCTAssertEqual(first, "012345678", "the 10 bytes before the cut")
        let second = await peer.readLine()
        XCTAssertNil(second, "the connection ended before the rest")
        XCTAssertNil(receive(), "the client sees a reset")
        XCTAssertEqual(proxy.counters.cuts, 1)
        XCTAssertEqual(proxy.counters.bytesToServer, 10)
    }

    func testAStalledConnectionHoldsItsBytesUntilResumed() async throws {
        let proxy = try XCTUnwrap(proxy)
        let peer = try await connect()
        proxy.set(.stall(afterBytes: 10))
        send("012345678\nheld\n")
        let first = await peer.readLine()
        XCTAssertEqual(first, "012345678")
        // The proxy's relay thread takes the rest in and holds it.
        try await eventually("the stall", timeout: .seconds(10)) { () async -> Bool in proxy.counters.stalledNow == 1 }
        XCTAssertEqual(proxy.counters.bytesToServer, 10, "nothing after the stall point")
        proxy.set(.pass)
        XCTAssertEqual(proxy.counters.stalledNow, 1, "a new fault leaves a stalled connection stalled")
        proxy.resumeStalled()
        let held = await peer.readLine()
        XCTAssertEqual(held, "held", "the held bytes, once resumed")
        XCTAssertEqual(proxy.counters.stalledNow, 0)
        try await eventually("the held bytes counted") { () async -> Bool in proxy.counters.bytesToServer == 15 }
    }

    func testStopEndsOpenConnectionsAndReturns() async throws {
        let proxy = try XCTUnwrap(proxy)
        let peer = try await connect()
        proxy.set(.stall(afterBytes: 0))
        send("held\n")
        try await eventually("the stall", timeout: .seconds(10)) { () async -> Bool in proxy.counters.stalledNow == 1 }
        proxy.stop()
        XCTAssertEqual(proxy.counters.open, 0, "every connection closed once stop returns")
        XCTAssertEqual(receive(), "", "the client sees the end of the stream")
        let line = await peer.readLine()
        XCTAssertNil(line, "and so does the server")
    }
}
