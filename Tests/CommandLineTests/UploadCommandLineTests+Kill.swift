import Foundation
import WayfinderTestKit
import XCTest

/// `wayfinder upload` killed with SIGKILL in the middle of a multipart upload, behind a `FaultProxy`
/// that stalls the second part so the kill lands there, and run again: the multipart upload goes on
/// from the part the server holds, and every object is in the bucket once and intact.
extension UploadCommandLineTests {
    static let mebibyte = 1024 * 1024

    /// The outbox's record of `key`, read as JSON from `<state>/outbox/` (whichever file names it).
    func outboxRecord(_ key: String) -> [String: Any]? {
        let records = "\(directory)/state/outbox"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: records)) ?? []
        for name in names where name.hasSuffix(".json") {
            guard let data = FileManager.default.contents(atPath: "\(records)/\(name)"),
                  let record = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { continue }
            if record["key"] as? String == key { return record }
        }
        return nil
    }

    /// Every record in `<state>/outbox/`, by key, with its state.
    func outboxStates() throws -> [String: String] {
        let records = "\(directory)/state/outbox"
        var states: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: records) where name.hasSuffix(".json") {
            let data = try XCTUnwrap(FileManager.default.contents(atPath: "\(records)/\(name)"))
            let record = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            states[try XCTUnwrap(record["key"] as? String)] = record["state"] as? String
        }
        return states
    }

    func testKilledMidMultipartUploadTheNextRunFinishesItAndEveryObjectIsStoredOnceAndIntact() throws {
        server = try SeaweedServer()
        try createBucket()
        let proxy = try FaultProxy(upstreamPort: try XCTUnwrap(server).port)
        defer { proxy.stop() }

        // A finished walk, last written ten minutes ago (so it goes first), and a 20 MiB sample last
        // written three: the binary's parts are 8 MiB (no setting changes them), so 8, 8 and 4 MiB.
        var files: [String: String] = [:]
        for (index, (suffix, name)) in [(".gpx", "track.gpx"), (".events.jsonl", "events.jsonl"), (".html", "report.html"),
                                       (".manifest.json", "manifest.json")].enumerated() {
            let path = "\(directory)/state/tracks/\(Self.walk)\(suffix)"
            try Data("\(name) of the walk\n".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: Double(index) - 600)],
                                                  ofItemAtPath: path)
            files["lab/unit-7/walks/\(Self.walk)/\(name)"] = path
        }
        let sampleKey = "lab/unit-7/samples/gestures-20261129T090000Z.jsonl"
        let samplePath = "\(directory)/state/samples/gestures-20261129T090000Z.jsonl"
        var seed: UInt64 = 0x9E3779B97F4A7C15
        var bytes = [UInt8](repeating: 0, count: 20 * Self.mebibyte)
        for i in bytes.indices {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            bytes[i] = UInt8(truncatingIfNeeded: seed >> 56)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: samplePath))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -180)], ofItemAtPath: samplePath)
        files[sampleKey] = samplePath
        let path = try config(endpoint: proxy.endpoint)

        // 12 MiB through, then nothing: the walk and part 1 go up, part 2 stalls half-way.
        proxy.set(.stall(afterBytes: Int64(12 * Self.mebibyte)))
        let (process, _, output, errors) = try WayfinderBinary.start(["upload", path])
        defer {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
        // The binary runs on its own: its record on disk and the proxy's counter are polled.
        try WayfinderBinary.eventually("part 1 recorded and part 2 stalled", from: process, timeout: .seconds(120),
                                       log: { output.text + errors.text }) {
            guard let record = outboxRecord(sampleKey), record["state"] as? String == "multipart",
                  let parts = record["parts"] as? [[String: Any]], !parts.isEmpty else { return false }
            return proxy.counters.stalledNow > 0
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(process.terminationStatus, SIGKILL)

        let interrupted = try XCTUnwrap(outboxRecord(sampleKey))
        XCTAssertEqual(interrupted["state"] as? String, "multipart")
        XCTAssertEqual((interrupted["parts"] as? [[String: Any]])?.compactMap { $0["number"] as? Int }, [1])
        let uploadID = try XCTUnwrap(interrupted["upload_id"] as? String)
        let listed = try boto3("print(' '.join(str(p['PartNumber']) for p in "
                               + "s3.list_parts(Bucket='walks', Key=sys.argv[2], UploadId=sys.argv[3]).get('Parts', [])))",
                               [sampleKey, uploadID])
        XCTAssertEqual(String(decoding: listed, as: UTF8.self), "1\n", "the server holds part 1 only")
        XCTAssertEqual(try keys(), files.keys.filter { $0 != sampleKey }.sorted(), "the walk was stored before the kill")

        // Run again through the proxy, healed: ListParts, parts 2 and 3, the completion.
        proxy.set(.pass)
        let before = proxy.counters.bytesToServer
        let again = try WayfinderBinary.run(["upload", "--json", path])
        XCTAssertEqual(again.status, 0, again.errors)
        let summary = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(again.output.utf8)) as? [String: Any])
        XCTAssertEqual(summary["outcome"] as? String, "done")
        XCTAssertEqual(summary["stored"] as? Int, 1, "the sample; the walk was not sent again")
        XCTAssertEqual(summary["pending_files"] as? Int, 0)
        let sent = proxy.counters.bytesToServer - before
        XCTAssertGreaterThanOrEqual(sent, Int64(12 * Self.mebibyte), "parts 2 and 3")
        XCTAssertLessThan(sent, Int64(12 * Self.mebibyte + 64 * 1024), "part 1 not sent again: \(sent) bytes")

        XCTAssertEqual(try keys(), files.keys.sorted(), "every object once, nothing else")
        let uploads = try boto3("print(len(s3.list_multipart_uploads(Bucket='walks').get('Uploads', [])))", [])
        XCTAssertEqual(String(decoding: uploads, as: UTF8.self), "0\n", "no multipart upload left open")
        for (key, local) in files {
            let hashes = try boto3("""
                import hashlib
                print(hashlib.sha256(s3.get_object(Bucket='walks', Key=sys.argv[2])['Body'].read()).hexdigest(),
                      hashlib.sha256(open(sys.argv[3], 'rb').read()).hexdigest())
                """, [key, local])
            let pair = String(decoding: hashes, as: UTF8.self).split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            XCTAssertEqual(pair.count, 2, key)
            XCTAssertEqual(pair.first, pair.last, "\(key) intact")
        }
        XCTAssertEqual(try outboxStates(), files.mapValues { _ in "stored" }, "every record says stored")
    }
}
