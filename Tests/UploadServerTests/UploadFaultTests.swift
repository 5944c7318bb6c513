import Foundation
import Logging
import Platform
import Upload
import UploadPlatform
import UploadRuntime
import UploadTransport
import WayfinderTestKit
import XCTest

/// The outbox's actor against SeaweedFS through a `FaultProxy` that breaks its requests mid-body: a
/// connection cut in the middle of a PUT, a connection that stalls, a cut in the middle of a multipart
/// upload, and all of them in turn. Each fault is a retryable failure with the transport's words; the
/// next attempt through the healed proxy stores the object once and intact, and a multipart upload
/// goes on from the parts the server holds rather than from its first part.
final class UploadFaultTests: XCTestCase {
    var server: SeaweedServer?
    var proxy: FaultProxy?
    var state = ""
    static let bucket = "walks"
    static let walk = "2026-11-26T0815Z-demo-walk"
    static let mebibyte: Int64 = 1024 * 1024
    /// Parts of 5 MiB (S3's least for a part but the last), so a multipart upload of a few parts stays
    /// small.
    static let partSize: Int64 = 5 * mebibyte
    /// The stall bound the actor is given here: 1 s under 1 KiB/s, where the appliance waits 30 s.
    static let shortBounds = TransportBounds(connect: .seconds(5), lowSpeedBytesPerSecond: 1024,
                                             lowSpeedTime: .seconds(1), responseBodyLimit: 256 * 1024)

    override func setUpWithError() throws {
        let server = try SeaweedServer()
        self.server = server
        proxy = try FaultProxy(upstreamPort: server.port)
        state = NSTemporaryDirectory() + "wayfinder-faults-\(UUID().uuidString)"
        for sub in ["tracks", "samples"] {
            try FileManager.default.createDirectory(atPath: "\(state)/\(sub)", withIntermediateDirectories: true)
        }
        try S3TestClient(server: server).createBucket(Self.bucket)
    }

    override func tearDown() {
        proxy?.stop()
        server?.stop()
        try? FileManager.default.removeItem(atPath: state)
    }

    /// An actor whose requests go through the proxy.
    func actor(logs: LogCapture = LogCapture(level: .info), bounds: TransportBounds = .standard) throws -> OutboxActor {
        let proxy = try XCTUnwrap(proxy)
        let sender = OutboxSender(endpoint: UploadEndpoint(scheme: .http, host: "127.0.0.1", port: proxy.port, path: ""),
                                  bucket: Self.bucket, region: "us-east-1",
                                  key: AccessKey(accessKeyID: SeaweedServer.accessKeyID, secretAccessKey: SeaweedServer.secretAccessKey),
                                  files: OutboxFiles(stateDirectory: state))
        let settings = OutboxSettings(prefix: "lab/", unitID: "unit-7", multipartThreshold: Self.partSize,
                                      partSize: Self.partSize, sampleSettleTime: .zero)
        return try OutboxActor(settings: settings, sender: sender, clock: SessionClock(ContinuousClock()),
                               wallClock: { Int64(Date().timeIntervalSince1970.rounded(.down)) },
                               logger: logs.logger("upload"), bounds: bounds)
    }

    /// `size` bytes of a pseudo-random sequence (no two parts alike) as `samples/NAME`, modified
    /// `age` seconds ago (the outbox sends the oldest first); its key.
    @discardableResult
    func writeSample(_ name: String, size: Int64, seed: UInt64 = 0x9E3779B97F4A7C15, age: Double = 60) throws -> String {
        var value = seed
        var bytes = [UInt8](repeating: 0, count: Int(size))
        for i in bytes.indices {
            value = value &* 6364136223846793005 &+ 1442695040888963407
            bytes[i] = UInt8(truncatingIfNeeded: value >> 56)
        }
        let path = "\(state)/samples/\(name)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: path)
        return "lab/unit-7/samples/\(name)"
    }

    /// A finished walk's four small files, written longer ago than the samples; their keys.
    func writeWalk() throws -> [String] {
        var keys: [String] = []
        for (index, (suffix, key)) in [(".gpx", "track.gpx"), (".events.jsonl", "events.jsonl"), (".html", "report.html"),
                                       (".manifest.json", "manifest.json")].enumerated() {
            let bytes = Array("<\(key)> of \(Self.walk)\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 30_000 + key.count)
            let path = "\(state)/tracks/\(Self.walk)\(suffix)"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: Double(index) - 600)],
                                                  ofItemAtPath: path)
            keys.append("lab/unit-7/walks/\(Self.walk)/\(key)")
        }
        return keys
    }

    func record(_ key: String) throws -> OutboxRecord {
        let path = OutboxFiles(stateDirectory: state).recordPath(key: key)
        return try JSONDecoder().decode(OutboxRecord.self, from: XCTUnwrap(FileManager.default.contents(atPath: path), path))
    }

    /// Straight to the server, past the proxy.
    func client() throws -> S3TestClient { try S3TestClient(server: XCTUnwrap(server)) }

    /// Every key in the bucket (ListObjectsV2; the tests' buckets hold far fewer than a page).
    func keys() throws -> [String] {
        let response = try client().expectResponse(.get, "/\(Self.bucket)", query: [QueryParameter("list-type", "2")])
        XCTAssertEqual(response.status, 200)
        return S3TestClient.elements("Key", in: response.body).sorted()
    }

    /// The multipart uploads the server holds open in the bucket (ListMultipartUploads).
    func openUploads() throws -> [String] {
        let response = try client().expectResponse(.get, "/\(Self.bucket)", query: [QueryParameter("uploads")])
        XCTAssertEqual(response.status, 200)
        return S3TestClient.elements("UploadId", in: response.body)
    }

    /// The SHA-256 of the object as boto3 reads it back, and of the local file it came from.
    func assertIntact(_ key: String, _ relative: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let server = try XCTUnwrap(server)
        let object = try Boto3.get(endpoint: server.endpoint, keyID: SeaweedServer.accessKeyID,
                                   secret: SeaweedServer.secretAccessKey, bucket: Self.bucket, key: key)
        let local = try FileSHA256.digest(path: "\(state)/\(relative)")
        XCTAssertEqual(Hex.encode(try Nettle().sha256(object)), Hex.encode(local), "\(key) read back", file: file, line: line)
    }

    func testACutMidPutIsARetryableConnectionLossAndTheRetryStoresTheObjectOnceIntact() async throws {
        let proxy = try XCTUnwrap(proxy)
        let key = try writeSample("gestures-cut.jsonl", size: 4 * Self.mebibyte)
        proxy.set(.cut(afterBytes: Self.mebibyte))
        let logs = LogCapture(level: .info)
        let outbox = try actor(logs: logs)

        // One attempt: drain returns after the first request without an answer.
        let first = await outbox.drain(networkAttempts: 1)
        guard case .unreachable(let reason) = first else { return XCTFail("expected unreachable, got \(first)") }
        XCTAssertTrue(reason.hasPrefix("PUT \(key): the connection to \(proxy.endpoint) broke mid-request ("), reason)
        XCTAssertTrue(reason.hasSuffix("): the server restarted or the network dropped"), reason)
        XCTAssertEqual(logs.matching("\(reason); trying again in 0.5 seconds").count, 1, logs.all.joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(proxy.counters.cuts, 1)
        XCTAssertEqual(try record(key).state, .pending, "not stored: the PUT goes again")
        XCTAssertEqual(try client().expectResponse(.head, "/\(Self.bucket)/\(key)").status, 404, "nothing stored by the cut PUT")

        proxy.set(.pass)
        let second = await outbox.drain()
        let stored = await outbox.storedObjects
        await outbox.finish()
        XCTAssertEqual(second, .done)
        XCTAssertEqual(stored, 1)
        XCTAssertEqual(logs.matching("trying again").count, 1, "one failed attempt, then the retry stored it")
        XCTAssertEqual(try record(key).state, .stored)
        XCTAssertEqual(try keys(), [key], "stored once")
        try assertIntact(key, "samples/gestures-cut.jsonl")
    }

    func testAStallMidPutEndsAtTheStallBoundAndTheRetryStoresTheObjectOnceIntact() async throws {
        let proxy = try XCTUnwrap(proxy)
        let key = try writeSample("gestures-stall.jsonl", size: 4 * Self.mebibyte)
        proxy.set(.stall(afterBytes: Self.mebibyte))
        let logs = LogCapture(level: .info)
        let outbox = try actor(logs: logs, bounds: Self.shortBounds)

        let started = ContinuousClock.now
        let first = await outbox.drain(networkAttempts: 1)
        let waited = ContinuousClock.now - started
        guard case .unreachable(let reason) = first else { return XCTFail("expected unreachable, got \(first)") }
        XCTAssertEqual(reason, "PUT \(key): the transfer with \(proxy.endpoint) stalled (under 1024 bytes/s for 1 s): "
                       + "the link is too weak or the server stopped answering")
        // At least the bound; libcurl's speed is the average of the last five seconds (lib/progress.c),
        // so the megabytes sent before the stall hold it above the limit for up to five seconds more.
        XCTAssertGreaterThanOrEqual(waited, .seconds(1), "ended by the stall bound, not before")
        XCTAssertEqual(proxy.counters.stalls, 1)
        // The transport gave up on the stalled connection; the proxy holds what it had not forwarded,
        // so the server never gets the rest of that request.
        XCTAssertEqual(try record(key).state, .pending)
        XCTAssertEqual(try client().expectResponse(.head, "/\(Self.bucket)/\(key)").status, 404, "nothing stored by the stalled PUT")

        proxy.set(.pass)
        let second = await outbox.drain()
        await outbox.finish()
        XCTAssertEqual(second, .done)
        XCTAssertEqual(proxy.counters.connections, 2, "the retry on a new connection")
        XCTAssertEqual(logs.matching("stalled (under 1024 bytes/s for 1 s)").count, 1, logs.all.joined(separator: "\n"))
        XCTAssertEqual(try record(key).state, .stored)
        XCTAssertEqual(try keys(), [key], "stored once")
        try assertIntact(key, "samples/gestures-stall.jsonl")
    }

    func testACutMidMultipartIsResumedByTheNextActorFromThePartsTheServerListsNotFromPartOne() async throws {
        let proxy = try XCTUnwrap(proxy)
        // 12 MiB: parts of 5, 5 and 2 MiB; the cut lands in the second part.
        let size = 12 * Self.mebibyte
        let key = try writeSample("gestures-multipart.jsonl", size: size)
        proxy.set(.cut(afterBytes: 7 * Self.mebibyte))
        let first = try actor()
        let interrupted = await first.drain(networkAttempts: 1)
        await first.finish()
        guard case .unreachable(let reason) = interrupted else { return XCTFail("expected unreachable, got \(interrupted)") }
        XCTAssertTrue(reason.hasPrefix("PUT \(key)?partNumber=2&uploadId="), reason)
        XCTAssertTrue(reason.contains(": the connection to \(proxy.endpoint) broke mid-request ("), reason)
        let partial = try record(key)
        XCTAssertEqual(partial.state, .multipart)
        XCTAssertEqual(partial.parts.map(\.number), [1])
        XCTAssertEqual(partial.parts.map(\.size), [Self.partSize])
        let uploadID = try XCTUnwrap(partial.uploadID)
        let listed = try client().expectResponse(.get, "/\(Self.bucket)/\(key)", query: [QueryParameter("uploadId", uploadID)])
        XCTAssertEqual(listed.status, 200)
        XCTAssertEqual(S3TestClient.elements("PartNumber", in: listed.body), ["1"], "the server holds the first part only")

        // A new actor, as after a restart: ListParts, then the parts the server lacks.
        proxy.set(.pass)
        let before = proxy.counters.bytesToServer
        let second = try actor()
        let outcome = await second.drain()
        await second.finish()
        XCTAssertEqual(outcome, .done)
        let resent = proxy.counters.bytesToServer - before
        // Parts 2 and 3 (7 MiB) and a few requests' headers; part 1 again would be 5 MiB more.
        XCTAssertGreaterThanOrEqual(resent, size - Self.partSize)
        XCTAssertLessThan(resent, size - Self.partSize + 64 * 1024, "part 1 not sent again: \(resent) bytes")
        XCTAssertEqual(try record(key).state, .stored)
        let completed = try client().expectResponse(.get, "/\(Self.bucket)/\(key)", query: [QueryParameter("uploadId", uploadID)])
        XCTAssertEqual(completed.s3Error?.code, "NoSuchUpload", "the first run's upload, completed")
        let head = try client().expectResponse(.head, "/\(Self.bucket)/\(key)")
        XCTAssertEqual(head.etag?.hasSuffix("-3\""), true, "three parts: \(head.etag ?? "no ETag")")
        XCTAssertEqual(try keys(), [key], "stored once")
        XCTAssertEqual(try openUploads(), [], "no multipart upload left open")
        try assertIntact(key, "samples/gestures-multipart.jsonl")
    }

    /// Every fault in turn over a finished walk and two samples, each run a new actor (a restart):
    /// at the end the bucket holds every local file once, intact, and nothing else.
    func testEveryObjectIsStoredOnceAndIntactAfterCutsAndStalls() async throws {
        let proxy = try XCTUnwrap(proxy)
        var objects: [String: String] = [:]
        for (index, key) in try writeWalk().enumerated() {
            objects[key] = "tracks/\(Self.walk)" + [".gpx", ".events.jsonl", ".html", ".manifest.json"][index]
        }
        objects[try writeSample("gestures-large.jsonl", size: 12 * Self.mebibyte, age: 120)] = "samples/gestures-large.jsonl"
        objects[try writeSample("gestures-small.jsonl", size: 3 * Self.mebibyte, seed: 7, age: 60)] = "samples/gestures-small.jsonl"

        // A cut in the walk's files (30 KB each), a stall in the large sample's first part, a cut in
        // its second, a stall in the small sample once the large one is complete (its parts 2 and 3
        // are 7 MiB); each ends a run, which a new actor takes up.
        let faults: [(FaultProxy.Fault, String)] = [
            (.cut(afterBytes: 50_000), "broke mid-request"),
            (.stall(afterBytes: 2 * Self.mebibyte), "stalled"),
            (.cut(afterBytes: 7 * Self.mebibyte), "broke mid-request"),
            (.stall(afterBytes: 8 * Self.mebibyte), "stalled"),
        ]
        for (fault, words) in faults {
            proxy.set(fault)
            let outbox = try actor(bounds: Self.shortBounds)
            let outcome = await outbox.drain(networkAttempts: 1)
            await outbox.finish()
            guard case .unreachable(let reason) = outcome else { return XCTFail("\(fault): expected unreachable, got \(outcome)") }
            XCTAssertTrue(reason.contains(words), "\(fault): \(reason)")
        }
        XCTAssertGreaterThanOrEqual(proxy.counters.cuts, 2)
        XCTAssertEqual(proxy.counters.stalls, 2)

        proxy.set(.pass)
        let last = try actor(bounds: Self.shortBounds)
        let outcome = await last.drain()
        await last.finish()
        XCTAssertEqual(outcome, .done)
        XCTAssertEqual(try keys(), objects.keys.sorted(), "every object once, nothing else")
        XCTAssertEqual(try openUploads(), [], "no multipart upload left open")
        for (key, relative) in objects {
            try assertIntact(key, relative)
            XCTAssertEqual(try record(key).state, .stored, key)
        }
    }
}
