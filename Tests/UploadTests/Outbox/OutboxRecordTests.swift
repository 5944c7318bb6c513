import Foundation
import Upload
import XCTest

/// The record on disk: its JSON is stable (a golden text, so a new version of the code reads what an
/// old one wrote), and a damaged record is an error naming the field, never a crash.
final class OutboxRecordTests: XCTestCase {
    static let sha = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"

    let record = OutboxRecord(key: "unit-7/walks/2026-11-26T0815Z-demo/track.gpx",
                              path: "tracks/2026-11-26T0815Z-demo.gpx", size: 20_971_520,
                              modified: 1_796_000_000_123_456_789, sha256: sha, state: .multipart,
                              uploadID: "VXBsb2FkIElE", parts: [.init(number: 1, size: 8_388_608, etag: "\"a54357aff0632cce46d942af68356b38\"")],
                              lastError: "GET unit-7/walks/2026-11-26T0815Z-demo/track.gpx?uploadId=VXBsb2FkIElE: 503 SlowDown")

    static let golden = """
        {"key":"unit-7\\/walks\\/2026-11-26T0815Z-demo\\/track.gpx","last_error":"GET unit-7\\/walks\\/2026-11-26T0815Z-demo\\/track.gpx?uploadId=VXBsb2FkIElE: 503 SlowDown",\
        "modified_ns":1796000000123456789,"parts":[{"etag":"\\"a54357aff0632cce46d942af68356b38\\"","number":1,"size":8388608}],\
        "path":"tracks\\/2026-11-26T0815Z-demo.gpx","sha256":"\(sha)","size":20971520,"state":"multipart",\
        "upload_id":"VXBsb2FkIElE","version":1}
        """

    func encoded(_ record: OutboxRecord) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(record), as: UTF8.self)
    }

    func decode(_ text: String) throws -> OutboxRecord {
        try JSONDecoder().decode(OutboxRecord.self, from: Data(text.utf8))
    }

    func testARecordEncodesToTheGoldenJSON() throws {
        XCTAssertEqual(try encoded(record), Self.golden)
    }

    func testTheGoldenJSONDecodesToTheSameRecord() throws {
        XCTAssertEqual(try decode(Self.golden), record)
    }

    func testAPendingRecordLeavesOutWhatItDoesNotHave() throws {
        let pending = OutboxRecord(key: "u/samples/s.jsonl", path: "samples/s.jsonl", size: 5, modified: 7, sha256: Self.sha)
        XCTAssertEqual(try encoded(pending), """
            {"key":"u\\/samples\\/s.jsonl","modified_ns":7,"path":"samples\\/s.jsonl","sha256":"\(Self.sha)","size":5,"state":"pending","version":1}
            """)
        XCTAssertEqual(try decode(encoded(pending)), pending)
    }

    func testAConflictRecordKeepsTheOtherObjectsSHA256() throws {
        var conflict = OutboxRecord(key: "k", path: "p", size: 1, modified: 1, sha256: Self.sha, state: .conflict)
        conflict.otherSHA256 = String(repeating: "b", count: 64)
        XCTAssertEqual(try decode(encoded(conflict)).otherSHA256, String(repeating: "b", count: 64))
        conflict.otherSHA256 = nil
        XCTAssertThrowsError(try decode(encoded(conflict)))
    }

    /// Each damage and the field the error names.
    func testADamagedRecordIsAnErrorNamingTheField() throws {
        func damaged(_ from: String, _ to: String) -> String {
            XCTAssertTrue(Self.golden.contains(from), from)
            return Self.golden.replacingOccurrences(of: from, with: to)
        }
        let cases: [(String, String)] = [
            (damaged("\"version\":1", "\"version\":2"), "version"),
            (damaged(Self.sha, String(Self.sha.dropLast())), "sha256"),
            (damaged(Self.sha, Self.sha.uppercased()), "sha256"),
            (damaged("\"state\":\"multipart\"", "\"state\":\"uploaded\""), "state"),
            (damaged(",\"upload_id\":\"VXBsb2FkIElE\"", ""), "upload_id"),
            (damaged("\"size\":20971520", "\"size\":-1"), "size"),
            (damaged("\"number\":1", "\"number\":0"), "parts"),
            (damaged("\"size\":8388608", "\"size\":0"), "parts"),
            (damaged("\"key\":\"unit-7\\/walks\\/2026-11-26T0815Z-demo\\/track.gpx\"", "\"key\":\"\""), "key"),
        ]
        for (text, field) in cases {
            XCTAssertThrowsError(try decode(text), field) { error in
                XCTAssertEqual((error as? OutboxRecordError)?.field, field, "\(error)")
            }
        }
    }

    func testTornOrMistypedJSONIsAnErrorNotACrash() {
        for text in [String(Self.golden.prefix(80)), "", "null", "[]", Self.golden.replacingOccurrences(of: "\"size\":20971520", with: "\"size\":\"big\""),
                     Self.golden.replacingOccurrences(of: "\"size\":20971520", with: "\"size\":1e400")] {
            XCTAssertThrowsError(try decode(text), text)
        }
    }
}
