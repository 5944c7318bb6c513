import Foundation
import Upload
import UploadPlatform
import UploadTransport
import WayfinderTestKit
import XCTest

/// A single object through our signer and libcurl into SeaweedFS, which checks every signature: the
/// PUT with `If-None-Match: *` and the content's SHA-256 as metadata, the HEAD that reads it, the 412 of
/// a second PUT and the 403 of a wrong secret.
final class SignedObjectTests: XCTestCase {
    var server: SeaweedServer?
    var directory = ""

    override func setUpWithError() throws {
        server = try SeaweedServer()
        directory = NSTemporaryDirectory() + "wayfinder-upload-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A walk's journal-like file: a few KiB of lines.
    func writeFile(_ name: String, lines: Int = 200) throws -> (path: String, bytes: [UInt8], sha256: String) {
        let text = (0..<lines).map { #"{"t":\#($0),"event":"heading","degrees":\#($0 * 7 % 360)}"# }.joined(separator: "\n") + "\n"
        let path = "\(directory)/\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let bytes = Array(text.utf8)
        return (path, bytes, Hex.encode(try FileSHA256.digest(path: path)))
    }

    func put(_ client: S3TestClient, _ key: String, file: (path: String, bytes: [UInt8], sha256: String)) throws -> TransportResponse {
        try client.expectResponse(.put, key, headers: [HeaderField("If-None-Match", "*"),
                                                      HeaderField("x-amz-meta-sha256", file.sha256)],
                                  body: .file(path: file.path, offset: 0, length: Int64(file.bytes.count)))
    }

    func testASignedPutStoresTheFileWithItsSHA256AndBoto3ReadsItBackIdentical() throws {
        let server = try XCTUnwrap(server)
        let client = try S3TestClient(server: server)
        try client.createBucket("walks")
        let file = try writeFile("journal.jsonl")
        let key = "/walks/unit 7/walks/2026-11-29T10-00-00Z/journal.jsonl"

        let stored = try put(client, key, file: file)
        XCTAssertEqual(stored.status, 200, String(decoding: stored.body, as: UTF8.self))
        // S3's ETag of a single PUT is the MD5 of the content, quoted.
        XCTAssertEqual(stored.etag?.count, 34, "ETag \(stored.etag ?? "none")")

        let head = try client.expectResponse(.head, key)
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.metadataSHA256, file.sha256)
        XCTAssertEqual(head.contentLength, Int64(file.bytes.count))
        XCTAssertEqual(head.etag, stored.etag)

        let read = try Boto3.get(endpoint: server.endpoint, keyID: SeaweedServer.accessKeyID,
                                 secret: SeaweedServer.secretAccessKey, bucket: "walks",
                                 key: "unit 7/walks/2026-11-29T10-00-00Z/journal.jsonl")
        XCTAssertEqual(read, file.bytes)
    }

    /// The outbox's exactly-once rule rests on this: an object that is there is never replaced.
    func testASecondPutWithIfNoneMatchGets412AndTheFirstObjectStays() throws {
        let client = try S3TestClient(server: try XCTUnwrap(server))
        try client.createBucket("walks")
        let first = try writeFile("first.jsonl", lines: 10)
        let second = try writeFile("second.jsonl", lines: 20)
        XCTAssertEqual(try put(client, "/walks/u/report.html", file: first).status, 200)

        let again = try put(client, "/walks/u/report.html", file: second)
        XCTAssertEqual(again.status, 412)
        XCTAssertEqual(again.s3Error?.code, "PreconditionFailed")

        let head = try client.expectResponse(.head, "/walks/u/report.html")
        XCTAssertEqual(head.metadataSHA256, first.sha256)
        XCTAssertEqual(head.contentLength, Int64(first.bytes.count))
    }

    func testAWrongSecretGets403SignatureDoesNotMatchAndStoresNothing() throws {
        let server = try XCTUnwrap(server)
        let client = try S3TestClient(server: server)
        try client.createBucket("walks")
        let wrong = try S3TestClient(server: server, secret: "not-the-secret")
        let file = try writeFile("track.gpx", lines: 5)

        let refused = try put(wrong, "/walks/u/track.gpx", file: file)
        XCTAssertEqual(refused.status, 403)
        XCTAssertEqual(refused.s3Error?.code, "SignatureDoesNotMatch")
        XCTAssertNotNil(refused.s3Error?.message)

        XCTAssertEqual(try client.expectResponse(.head, "/walks/u/track.gpx").status, 404)
    }

    /// A body longer than `TransportBounds.responseBodyLimit` keeps its beginning and says so; the
    /// status and headers are whole.
    func testAResponseBodyOverTheLimitIsCutAndMarkedTruncated() throws {
        let server = try XCTUnwrap(server)
        try S3TestClient(server: server).createBucket("walks")
        let file = try writeFile("long.jsonl", lines: 100)
        XCTAssertEqual(try put(S3TestClient(server: server), "/walks/u/long.jsonl", file: file).status, 200)
        let bounds = TransportBounds(connect: .seconds(10), lowSpeedBytesPerSecond: 1024, lowSpeedTime: .seconds(30),
                                     responseBodyLimit: 100)

        let read = try S3TestClient(server: server, bounds: bounds).expectResponse(.get, "/walks/u/long.jsonl")
        XCTAssertEqual(read.status, 200)
        XCTAssertEqual(read.contentLength, Int64(file.bytes.count))
        XCTAssertEqual(read.body, Array(file.bytes.prefix(100)))
        XCTAssertTrue(read.bodyTruncated)
    }
}
