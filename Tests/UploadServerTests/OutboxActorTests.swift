import Foundation
import Logging
import Platform
import Upload
import UploadPlatform
import UploadRuntime
import UploadTransport
import WayfinderTestKit
import XCTest

/// The outbox's actor against SeaweedFS, which checks every signature: a finished walk's four files
/// stored under `<prefix><unit>/walks/<walk>/` and read back identical with boto3; an object already
/// there (412) taken as stored when it holds the same bytes and reported as a conflict when not; a
/// wrong secret stopping the outbox with the server's reason; and an actor cancelled in the middle of
/// a multipart upload whose successor finishes it, every object once and intact.
final class OutboxActorTests: XCTestCase {
    var server: SeaweedServer?
    var state = ""
    static let bucket = "walks"
    static let walk = "2026-11-26T0815Z-demo-walk"

    override func setUpWithError() throws {
        server = try SeaweedServer()
        state = NSTemporaryDirectory() + "wayfinder-outbox-\(UUID().uuidString)"
        for sub in ["tracks", "samples"] {
            try FileManager.default.createDirectory(atPath: "\(state)/\(sub)", withIntermediateDirectories: true)
        }
        try S3TestClient(server: XCTUnwrap(server)).createBucket(Self.bucket)
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(atPath: state)
    }

    func actor(secret: String = SeaweedServer.secretAccessKey, logs: LogCapture = LogCapture(level: .info),
               walk: WalkActivity = .idle) throws -> OutboxActor {
        let server = try XCTUnwrap(server)
        let sender = OutboxSender(endpoint: UploadEndpoint(scheme: .http, host: "127.0.0.1", port: server.port, path: ""),
                                  bucket: Self.bucket, region: "us-east-1",
                                  key: AccessKey(accessKeyID: SeaweedServer.accessKeyID, secretAccessKey: secret),
                                  files: OutboxFiles(stateDirectory: state))
        return try OutboxActor(settings: OutboxSettings(prefix: "lab/", unitID: "unit-7", sampleSettleTime: .zero),
                               sender: sender, walk: walk, clock: SessionClock(ContinuousClock()),
                               wallClock: { Int64(Date().timeIntervalSince1970.rounded(.down)) }, logger: logs.logger("upload"))
    }

    /// A finished walk's four files (and the track of a walk without a manifest, which stays).
    func writeWalk() throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for (index, (suffix, key)) in [(".gpx", "track.gpx"), (".events.jsonl", "events.jsonl"), (".html", "report.html"),
                                       (".manifest.json", "manifest.json")].enumerated() {
            let bytes = Array("<\(key)> of \(Self.walk)\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 3000 + key.count)
            let path = "\(state)/tracks/\(Self.walk)\(suffix)"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            // A second apart, the manifest last, as a walk's end writes them (the card's clock may not
            // tell writes a moment apart).
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: Double(index) - 60)], ofItemAtPath: path)
            files["lab/unit-7/walks/\(Self.walk)/\(key)"] = bytes
        }
        try Data("unfinished".utf8).write(to: URL(fileURLWithPath: "\(state)/tracks/2026-11-27T0900Z-other.gpx"))
        return files
    }

    func read(_ key: String) throws -> [UInt8] {
        try Boto3.get(endpoint: XCTUnwrap(server).endpoint, keyID: SeaweedServer.accessKeyID,
                      secret: SeaweedServer.secretAccessKey, bucket: Self.bucket, key: key)
    }

    /// Every key in the bucket (ListObjectsV2; the tests' buckets hold far fewer than a page).
    func keys() throws -> [String] {
        let response = try S3TestClient(server: XCTUnwrap(server)).expectResponse(.get, "/\(Self.bucket)",
                                                                                  query: [QueryParameter("list-type", "2")])
        XCTAssertEqual(response.status, 200)
        return S3TestClient.elements("Key", in: response.body).sorted()
    }

    func testAFinishedWalksFourFilesAreStoredUnderItsKeysAndReadBackIdentical() async throws {
        let files = try writeWalk()
        let outbox = try actor()
        let outcome = await outbox.drain()
        XCTAssertEqual(outcome, .done)
        let stored = await outbox.storedObjects
        XCTAssertEqual(stored, 4)
        await outbox.finish()
        XCTAssertEqual(try keys(), files.keys.sorted(), "the four files of the finished walk, and not the unfinished one")
        for (key, bytes) in files {
            XCTAssertEqual(try read(key), bytes, key)
            let head = try S3TestClient(server: XCTUnwrap(server)).expectResponse(.head, "/\(Self.bucket)/\(key)")
            XCTAssertEqual(head.metadataSHA256, Hex.encode(try Nettle().sha256(bytes)), "\(key) carries its SHA-256")
        }
        let records = PrivateDirectory.entries(of: "\(state)/outbox").filter { $0.hasSuffix(".json") }
        XCTAssertEqual(records.count, 4, "one record per object")

        // A second run finds everything recorded: nothing is sent again.
        let again = try actor()
        let second = await again.drain()
        XCTAssertEqual(second, .done)
        let status = await again.status
        XCTAssertEqual(status.pendingFiles, 0)
        await again.finish()
    }

    func testAnObjectAlreadyThereIsStoredWhenItHoldsTheSameBytesAndAConflictWhenNot() async throws {
        let files = try writeWalk()
        let client = try S3TestClient(server: XCTUnwrap(server))
        let track = "lab/unit-7/walks/\(Self.walk)/track.gpx", journal = "lab/unit-7/walks/\(Self.walk)/events.jsonl"
        // An earlier run's PUT of the track, whose answer was lost; another object under the journal's key.
        let same = try XCTUnwrap(files[track])
        _ = try client.expectResponse(.put, "/\(Self.bucket)/\(track)",
                                      headers: [HeaderField("x-amz-meta-sha256", Hex.encode(try Nettle().sha256(same)))],
                                      body: .bytes(same))
        let other = Array("someone else's journal\n".utf8)
        _ = try client.expectResponse(.put, "/\(Self.bucket)/\(journal)", body: .bytes(other))

        let outbox = try actor()
        let outcome = await outbox.drain()
        XCTAssertEqual(outcome, .done)
        let status = await outbox.status
        let stored = await outbox.storedObjects
        await outbox.finish()
        XCTAssertEqual(stored, 3, "the track (412, same SHA-256), the report and the manifest")
        XCTAssertEqual(status.conflicts, [journal], "reported, never overwritten")
        XCTAssertEqual(try read(journal), other, "the other object is untouched")
        XCTAssertEqual(try read(track), same)
    }

    func testAWrongSecretStopsTheOutboxWithTheServersReasonAndStoresNothing() async throws {
        _ = try writeWalk()
        let logs = LogCapture(level: .info)
        let outbox = try actor(secret: "not-the-secret", logs: logs)
        let outcome = await outbox.drain()
        let status = await outbox.status
        await outbox.finish()
        guard case .refused(let code, let reason) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(code, "SignatureDoesNotMatch")
        XCTAssertEqual(reason, "refused by the server (403 SignatureDoesNotMatch)")
        XCTAssertEqual(status.stopped, reason)
        XCTAssertEqual(status.pendingFiles, 4, "all four still to go")
        XCTAssertEqual(try keys(), [])
        XCTAssertTrue(logs.all.contains { $0.contains("403") && $0.contains("SignatureDoesNotMatch") }, logs.all.joined(separator: "\n"))
    }

    func testAnActorCancelledInTheMiddleOfAMultipartUploadIsFinishedByTheNextEveryObjectOnceAndIntact() async throws {
        // 17 MiB: three parts of 8 MiB.
        var seed: UInt64 = 0x9E3779B97F4A7C15
        var bytes = [UInt8](repeating: 0, count: 17 * 1024 * 1024)
        for i in bytes.indices {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            bytes[i] = UInt8(truncatingIfNeeded: seed >> 56)
        }
        let sample = "gestures-20261129T101500Z.jsonl"
        try Data(bytes).write(to: URL(fileURLWithPath: "\(state)/samples/\(sample)"))
        let files = try writeWalk()
        let key = "lab/unit-7/samples/\(sample)"
        let record = OutboxFiles(stateDirectory: state).recordPath(key: key)

        let first = try actor()
        let running = Task { await first.drain() }
        // Cancelled once the server holds a part: the record names the upload and its first part.
        try await eventually("a part recorded in \(record)", timeout: .seconds(60), every: .milliseconds(2)) {
            guard let data = FileManager.default.contents(atPath: record),
                  let decoded = try? JSONDecoder().decode(OutboxRecord.self, from: data) else { return false }
            return decoded.state == .multipart && !decoded.parts.isEmpty
        }
        running.cancel()
        _ = await running.value
        await first.finish()
        let interrupted = try JSONDecoder().decode(OutboxRecord.self, from: XCTUnwrap(FileManager.default.contents(atPath: record)))
        XCTAssertEqual(interrupted.state, .multipart, "cancelled before the upload was complete")

        let second = try actor()
        let outcome = await second.drain()
        XCTAssertEqual(outcome, .done)
        await second.finish()
        let finished = try JSONDecoder().decode(OutboxRecord.self, from: XCTUnwrap(FileManager.default.contents(atPath: record)))
        XCTAssertEqual(finished.state, .stored)
        XCTAssertEqual(try keys(), (Array(files.keys) + [key]).sorted(), "every object once")
        XCTAssertEqual(try read(key), bytes, "the sample intact")
        for (walkKey, walkBytes) in files { XCTAssertEqual(try read(walkKey), walkBytes, walkKey) }
    }

    /// The appliance's outbox (`run`) with `when = "idle"`: nothing is sent while a walk is in
    /// progress; once the walk ends, its files go up without waiting for the minute's rescan.
    func testTheRunningOutboxHoldsDuringAWalkAndUploadsWhenItEnds() async throws {
        let files = try writeWalk()
        let outbox = try actor(walk: .inProgress)
        let running = Task { await outbox.run(rescan: .seconds(3600)) }
        try await eventually("the outbox holding", timeout: .seconds(20)) {
            let status = await outbox.status
            return status.holding && status.pendingFiles == 4
        }
        XCTAssertEqual(try keys(), [], "nothing sent while the walk is in progress")
        await outbox.walkChanged(.idle)
        try await eventually("the walk stored", timeout: .seconds(30)) { await outbox.storedObjects == 4 }
        XCTAssertEqual(try keys(), files.keys.sorted())
        let status = await outbox.status
        XCTAssertFalse(status.holding)
        XCTAssertEqual(status.lastSuccessKey, "lab/unit-7/walks/\(Self.walk)/manifest.json", "the manifest last")
        running.cancel()
        await running.value
    }

    /// A crash between CreateMultipartUpload and its record leaves an upload no record names: the next
    /// start aborts it. Another unit's upload is left alone.
    func testAnUploadNoRecordNamesIsAbortedAtStartAndAnotherUnitsIsLeft() async throws {
        let client = try S3TestClient(server: XCTUnwrap(server))
        func create(_ key: String) throws -> String {
            let created = try client.expectResponse(.post, "/\(Self.bucket)/\(key)", query: [QueryParameter("uploads")])
            XCTAssertEqual(created.status, 200)
            return try XCTUnwrap(S3ResultDocument.uploadID(in: created.body))
        }
        func parts(_ key: String, _ id: String) throws -> Int {
            try client.expectResponse(.get, "/\(Self.bucket)/\(key)", query: [QueryParameter("uploadId", id)]).status
        }
        let ours = try create("lab/unit-7/samples/gestures-left.jsonl")
        let theirs = try create("lab/unit-8/samples/gestures-theirs.jsonl")
        let logs = LogCapture(level: .info)
        let outbox = try actor(logs: logs)
        let outcome = await outbox.drain()
        await outbox.finish()
        XCTAssertEqual(outcome, .done)
        XCTAssertEqual(try parts("lab/unit-7/samples/gestures-left.jsonl", ours), 404, "aborted: NoSuchUpload")
        XCTAssertEqual(try parts("lab/unit-8/samples/gestures-theirs.jsonl", theirs), 200, "not ours to abort")
        XCTAssertEqual(logs.matching("aborted the multipart upload \(ours)").count, 1, logs.all.joined(separator: "\n"))
    }
}
