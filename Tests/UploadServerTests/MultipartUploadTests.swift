import Foundation
import Upload
import UploadPlatform
import UploadTransport
import WayfinderTestKit
import XCTest

/// A file of 17 MiB as the outbox sends one of 8 MiB and more: CreateMultipartUpload with the content's
/// SHA-256 as metadata, three parts streamed from the file (8 MiB, 8 MiB, 1 MiB) whose ETags are kept,
/// ListParts, CompleteMultipartUpload with `If-None-Match: *`; read back with boto3.
final class MultipartUploadTests: XCTestCase {
    static let partSize: Int64 = 8 * 1024 * 1024
    static let fileSize: Int64 = 17 * 1024 * 1024

    var server: SeaweedServer?
    var directory = ""

    override func setUpWithError() throws {
        server = try SeaweedServer()
        directory = NSTemporaryDirectory() + "wayfinder-multipart-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// 17 MiB of a fixed pseudo-random sequence, so no two parts are alike.
    func writeLargeFile() throws -> (path: String, bytes: [UInt8]) {
        var state: UInt64 = 0x9E3779B97F4A7C15
        var bytes = [UInt8](repeating: 0, count: Int(Self.fileSize))
        for i in bytes.indices {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            bytes[i] = UInt8(truncatingIfNeeded: state >> 56)
        }
        let path = "\(directory)/walk.tar"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (path, bytes)
    }

    func testA17MiBFileInThreePartsCompletesAndReadsBackIdentical() throws {
        let server = try XCTUnwrap(server)
        let client = try S3TestClient(server: server)
        try client.createBucket("walks")
        let file = try writeLargeFile()
        let sha256 = Hex.encode(try FileSHA256.digest(path: file.path))
        let key = "/walks/unit-7/walks/w1/walk.tar"

        let created = try client.expectResponse(.post, key, query: [QueryParameter("uploads")],
                                                headers: [HeaderField("x-amz-meta-sha256", sha256)])
        XCTAssertEqual(created.status, 200, String(decoding: created.body, as: UTF8.self))
        let uploadID = try XCTUnwrap(S3TestClient.elements("UploadId", in: created.body).first)

        let started = ContinuousClock.now
        var etags: [String] = []
        var offset: Int64 = 0
        for number in 1...3 {
            let length = min(Self.partSize, Self.fileSize - offset)
            let part = try client.expectResponse(.put, key, query: [QueryParameter("partNumber", "\(number)"),
                                                                    QueryParameter("uploadId", uploadID)],
                                                 body: .file(path: file.path, offset: offset, length: length))
            XCTAssertEqual(part.status, 200, String(decoding: part.body, as: UTF8.self))
            etags.append(try XCTUnwrap(part.etag, "part \(number) has no ETag"))
            offset += length
        }
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("multipart: 17 MiB in 3 parts in \(elapsed), \(17 / max(seconds, 0.001)) MiB/s; server started in \(server.startTime)")

        let listed = try client.expectResponse(.get, key, query: [QueryParameter("uploadId", uploadID)])
        XCTAssertEqual(listed.status, 200)
        XCTAssertEqual(S3TestClient.elements("PartNumber", in: listed.body), ["1", "2", "3"])
        XCTAssertEqual(S3TestClient.elements("Size", in: listed.body), ["8388608", "8388608", "1048576"])
        XCTAssertEqual(S3TestClient.elements("ETag", in: listed.body).map { $0.replacingOccurrences(of: "&#34;", with: "\"").replacingOccurrences(of: "&quot;", with: "\"") },
                       etags)

        let parts = etags.enumerated().map { "<Part><PartNumber>\($0.offset + 1)</PartNumber><ETag>\($0.element)</ETag></Part>" }
        let completion = Array("<CompleteMultipartUpload>\(parts.joined())</CompleteMultipartUpload>".utf8)
        let completed = try client.expectResponse(.post, key, query: [QueryParameter("uploadId", uploadID)],
                                                  headers: [HeaderField("If-None-Match", "*"),
                                                            HeaderField("Content-Type", "application/xml")],
                                                  body: .bytes(completion))
        XCTAssertEqual(completed.status, 200, String(decoding: completed.body, as: UTF8.self))
        XCTAssertNil(completed.s3Error, "CompleteMultipartUpload answered 200 with an error document")

        let head = try client.expectResponse(.head, key)
        XCTAssertEqual(head.metadataSHA256, sha256)
        XCTAssertEqual(head.contentLength, Self.fileSize)
        let read = try Boto3.get(endpoint: server.endpoint, keyID: SeaweedServer.accessKeyID,
                                 secret: SeaweedServer.secretAccessKey, bucket: "walks", key: "unit-7/walks/w1/walk.tar")
        XCTAssertEqual(read.count, file.bytes.count)
        XCTAssertTrue(read == file.bytes, "the object read back differs from the file")

        // A second upload of the same key, completed with If-None-Match: *, must not replace it.
        let other = try client.expectResponse(.post, key, query: [QueryParameter("uploads")])
        let otherID = try XCTUnwrap(S3TestClient.elements("UploadId", in: other.body).first)
        let small = try client.expectResponse(.put, key, query: [QueryParameter("partNumber", "1"), QueryParameter("uploadId", otherID)],
                                              body: .bytes(Array("replacement".utf8)))
        let otherCompletion = "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>\(small.etag ?? "")</ETag></Part></CompleteMultipartUpload>"
        let refused = try client.expectResponse(.post, key, query: [QueryParameter("uploadId", otherID)],
                                                headers: [HeaderField("If-None-Match", "*")],
                                                body: .bytes(Array(otherCompletion.utf8)))
        XCTAssertEqual(refused.status, 412)
        XCTAssertEqual(refused.s3Error?.code, "PreconditionFailed")
        XCTAssertEqual(try client.expectResponse(.head, key).contentLength, Self.fileSize)

        // The refused upload is aborted (DELETE ?uploadId), after which the server no longer knows it.
        XCTAssertEqual(try client.expectResponse(.delete, key, query: [QueryParameter("uploadId", otherID)]).status, 204)
        let gone = try client.expectResponse(.get, key, query: [QueryParameter("uploadId", otherID)])
        XCTAssertEqual(gone.status, 404)
        XCTAssertEqual(gone.s3Error?.code, "NoSuchUpload")
    }
}
