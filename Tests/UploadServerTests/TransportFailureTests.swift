import Foundation
import Upload
import UploadTransport
import WayfinderTestKit
import XCTest

/// What the transport returns when there is no answer: each failure a value naming what happened,
/// within the bounds of `TransportBounds`, never a crash or a hang.
final class TransportFailureTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "wayfinder-transport-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A sparse file of `size` bytes (zeros), read from disk as it is sent.
    func largeFile(size: Int64) throws -> String {
        let path = "\(directory)/large.bin"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        return path
    }

    func testTheServerKilledMidTransferEndsThePutWithAConnectionError() throws {
        let server = try SeaweedServer()
        defer { server.stop() }
        let client = try S3TestClient(server: server)
        try client.createBucket("walks")
        let size: Int64 = 256 * 1024 * 1024
        let path = try largeFile(size: size)
        var killedAt: Int64?

        // The progress function runs on the transfer's own thread: the server dies under it.
        let result = try client.send(.put, "/walks/u/large.bin", body: .file(path: path, offset: 0, length: size)) { sent in
            if killedAt == nil, sent > 4 * 1024 * 1024 {
                killedAt = sent
                server.kill()
            }
        }
        XCTAssertNotNil(killedAt, "the server was not killed: the transfer ended first (\(result))")
        // The connection was reused from creating the bucket: curl resends a request whose reused
        // connection died on a fresh one (rewinding the body through the seek function), and the dead
        // server refuses that; a first connection reset gives connectionLost.
        switch result {
        case .failure(.connectionLost(let endpoint, _)), .failure(.refused(let endpoint, _)):
            XCTAssertEqual(endpoint, server.endpoint)
        default:
            XCTFail("expected connectionLost or refused, got \(result)")
        }
    }

    func testCancellationStopsATransferInFlight() throws {
        let server = try SeaweedServer()
        defer { server.stop() }
        let client = try S3TestClient(server: server)
        try client.createBucket("walks")
        let size: Int64 = 256 * 1024 * 1024
        let path = try largeFile(size: size)
        let cancellation = TransferCancellation()

        let result = try client.send(.put, "/walks/u/large.bin", body: .file(path: path, offset: 0, length: size),
                                     cancellation: cancellation) { sent in
            if sent > 1024 * 1024 { cancellation.cancel() }
        }
        guard case .failure(.cancelled) = result else { return XCTFail("expected cancelled, got \(result)") }
        XCTAssertEqual(TransportError.cancelled.description, "the transfer was cancelled")
        // The handle serves the next request after an abort: the object was never stored.
        XCTAssertEqual(try client.expectResponse(.head, "/walks/u/large.bin").status, 404)
    }

    func testAPortNobodyListensOnIsRefused() throws {
        let port = try XCTUnwrap(SeaweedServer.freePorts(1).first)
        let transport = S3Transport()
        let result = transport.perform(TransportRequest(method: .head, url: "http://127.0.0.1:\(port)/walks/x",
                                                        headers: [], body: .empty))
        guard case .failure(let error) = result, case .refused(let endpoint, _) = error else {
            return XCTFail("expected refused, got \(result)")
        }
        XCTAssertEqual(endpoint, "http://127.0.0.1:\(port)")
        XCTAssertTrue(error.description.hasPrefix("http://127.0.0.1:\(port) refused the connection"), error.description)
    }

    /// https:// to a port that speaks plain HTTP: the TLS handshake fails, and says so.
    func testTLSToAPlainHTTPServerIsATLSError() throws {
        let server = try SeaweedServer()
        defer { server.stop() }
        let result = S3Transport().perform(TransportRequest(method: .head, url: "https://127.0.0.1:\(server.port)/walks/x",
                                                                headers: [], body: .empty))
        guard case .failure(let error) = result, case .tls(let endpoint, _) = error else {
            return XCTFail("expected tls, got \(result)")
        }
        XCTAssertEqual(endpoint, "https://127.0.0.1:\(server.port)")
        XCTAssertTrue(error.description.hasPrefix("TLS with https://127.0.0.1:\(server.port) failed"), error.description)
    }

    /// `.invalid` never resolves (RFC 6761, 6.4).
    func testAHostThatDoesNotResolveIsNamed() throws {
        let result = S3Transport().perform(TransportRequest(method: .head, url: "http://storage.wayfinder.invalid/walks/x",
                                                                headers: [], body: .empty))
        guard case .failure(let error) = result, case .nameNotResolved(let host, _) = error else {
            return XCTFail("expected nameNotResolved, got \(result)")
        }
        XCTAssertEqual(host, "storage.wayfinder.invalid")
        XCTAssertTrue(error.description.hasPrefix("cannot resolve storage.wayfinder.invalid"), error.description)
    }

    /// A peer that accepts and then never answers: the low-speed limit ends the request (here after 1 s;
    /// 30 s in `TransportBounds.standard`).
    func testAPeerThatNeverAnswersEndsAsStalled() async throws {
        let listener = try LocalTCPListener()
        let bounds = TransportBounds(connect: .seconds(5), lowSpeedBytesPerSecond: 1024, lowSpeedTime: .seconds(1),
                                     responseBodyLimit: 1024)
        let url = "http://127.0.0.1:\(listener.port)/walks/x"
        // The kernel completes the connection from the listen backlog; nobody ever reads or answers. The
        // transfer blocks its thread, so it runs on one of its own.
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<TransportResponse, TransportError>, Never>) in
            Thread.detachNewThread {
                let transport = S3Transport(bounds: bounds)
                continuation.resume(returning: transport.perform(TransportRequest(method: .get, url: url, headers: [], body: .empty)))
            }
        }
        guard case .failure(let error) = result, case .stalled(_, let rate, let seconds) = error else {
            return XCTFail("expected stalled, got \(result)")
        }
        XCTAssertEqual(rate, 1024)
        XCTAssertEqual(seconds, 1)
        XCTAssertTrue(error.description.contains("stalled (under 1024 bytes/s for 1 s)"), error.description)
    }

    /// A stall on a connection kept from an earlier request: libcurl reports no connect time for the
    /// transfer (it made no connection), yet the transfer stalled rather than never connecting.
    func testAStallOnAReusedConnectionIsStalledNotAConnectTimeout() throws {
        let server = try SeaweedServer()
        defer { server.stop() }
        let proxy = try FaultProxy(upstreamPort: server.port)
        defer { proxy.stop() }
        let bounds = TransportBounds(connect: .seconds(5), lowSpeedBytesPerSecond: 1024, lowSpeedTime: .seconds(1),
                                     responseBodyLimit: 1024)
        let transport = S3Transport(bounds: bounds)
        let url = "\(proxy.endpoint)/walks/x"
        guard case .success = transport.perform(TransportRequest(method: .head, url: url, headers: [], body: .empty)) else {
            return XCTFail("the first request, which opens the connection, got no answer")
        }
        proxy.set(.stall(afterBytes: 0))
        let result = transport.perform(TransportRequest(method: .head, url: url, headers: [], body: .empty))
        XCTAssertEqual(proxy.counters.connections, 1, "the second request went over the first one's connection")
        guard case .failure(let error) = result, case .stalled(let endpoint, 1024, 1) = error else {
            return XCTFail("expected stalled, got \(result)")
        }
        XCTAssertEqual(endpoint, proxy.endpoint)
        XCTAssertEqual(error.description, "the transfer with \(proxy.endpoint) stalled (under 1024 bytes/s for 1 s): "
                       + "the link is too weak or the server stopped answering")
    }

    func testAFileThatCannotBeOpenedIsAFileError() throws {
        let result = S3Transport().perform(TransportRequest(method: .put, url: "http://127.0.0.1:9/walks/x", headers: [],
                                                                body: .file(path: "\(directory)/missing", offset: 0, length: 10)))
        guard case .failure(.file(let path, let detail)) = result else { return XCTFail("expected a file error, got \(result)") }
        XCTAssertEqual(path, "\(directory)/missing")
        XCTAssertEqual(detail, "No such file or directory")
    }
}
