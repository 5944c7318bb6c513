import Platform
import WayfinderTestKit
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// TCP as the gpsd client uses it: a connection whose reads arrive as chunks on the PacketSocket stream.
final class TCPConnectionTests: XCTestCase {
    func testBytesFlowBothWaysAndThePeersCloseEndsTheStream() async throws {
        let server = try LocalTCPListener()
        async let accepted = server.accept()
        let socket = try await TCPConnection.connect(host: "127.0.0.1", port: server.port)
        guard let peer = await accepted else { return XCTFail("no connection arrived") }
        try socket.send(Array("?WATCH\n".utf8))
        let line = await peer.readLine()
        XCTAssertEqual(line, "?WATCH")
        peer.send("{\"class\":\"VERSION\"}\n")
        peer.close()
        var received: [UInt8] = []
        for try await chunk in socket.packets() { received += chunk }
        XCTAssertEqual(String(decoding: received, as: UTF8.self), "{\"class\":\"VERSION\"}\n",
                       "every byte, then the stream finishes when the peer closes")
    }

    func testAPortNothingListensOnIsRefused() async throws {
        let port = try { let l = try LocalTCPListener(); return l.port }()  // closed again
        do {
            _ = try await TCPConnection.connect(host: "127.0.0.1", port: port)
            XCTFail("connected to a closed port")
        } catch let error as SocketError {
            XCTAssertEqual(error.code, ECONNREFUSED)
            XCTAssertEqual(error.operation, "connecting to 127.0.0.1:\(port)")
        }
    }
}
