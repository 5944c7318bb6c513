import Upload
import XCTest

/// The multipart uploads the outbox aborts at start: under this unit's keys, named by no record (the
/// same key and upload id); another unit's, and the ones its records hold, are left alone.
final class OrphanedUploadsTests: XCTestCase {
    let settings = OutboxSettings(prefix: "lab/", unitID: "unit-7")

    func testOnlyTheUnitsUploadsNoRecordNamesAreOrphans() {
        let recorded = OutboxRecord(key: "lab/unit-7/samples/a", path: "samples/a", size: 20_000_000, modified: 1,
                                    sha256: String(repeating: "a", count: 64), state: .multipart, uploadID: "known")
        let listed = [
            MultipartUpload(key: "lab/unit-7/samples/a", uploadID: "known"),
            MultipartUpload(key: "lab/unit-7/samples/a", uploadID: "left-by-a-crash"),
            MultipartUpload(key: "lab/unit-7/walks/w/track.gpx", uploadID: "no-record"),
            MultipartUpload(key: "lab/unit-70/samples/b", uploadID: "another-unit"),
            MultipartUpload(key: "other/unit-7/samples/c", uploadID: "another-prefix"),
        ]
        XCTAssertEqual(OrphanedUploads.orphans(listed, records: [recorded], settings: settings).map(\.uploadID),
                       ["left-by-a-crash", "no-record"])
        XCTAssertEqual(OrphanedUploads.keyPrefix(settings), "lab/unit-7/", "the slash keeps unit-70 out")
        let abort = OrphanedUploads.abortRequest(listed[1])
        XCTAssertEqual(abort.method, "DELETE")
        XCTAssertEqual(abort.key, "lab/unit-7/samples/a")
        XCTAssertEqual(abort.query, [QueryParameter("uploadId", "left-by-a-crash")])
    }

    func testTheUploadsOfAListMultipartUploadsResult() {
        let body = """
        <ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
          <Bucket>walks</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker>
          <NextUploadIdMarker>z</NextUploadIdMarker><Prefix>lab/unit-7/</Prefix>
          <Upload><Key>lab/unit-7/samples/a&amp;b</Key><UploadId>id-1</UploadId><Initiated>2026-11-29T10:00:00Z</Initiated></Upload>
          <Upload><Key>lab/unit-7/samples/c</Key></Upload>
          <Upload><Key>lab/unit-7/walks/w/track.gpx</Key><UploadId>id-2</UploadId></Upload>
        </ListMultipartUploadsResult>
        """
        XCTAssertEqual(S3ResultDocument.uploads(in: Array(body.utf8)), [
            MultipartUpload(key: "lab/unit-7/samples/a&b", uploadID: "id-1"),
            MultipartUpload(key: "lab/unit-7/walks/w/track.gpx", uploadID: "id-2"),
        ], "unescaped; one without an id left out")
        XCTAssertEqual(S3ResultDocument.uploads(in: Array("<html>".utf8)), [])
    }
}
