import Upload
import XCTest

/// CreateMultipartUpload's upload id and ListParts' parts, from the documents of the Amazon S3 API
/// Reference's examples (namespaced root, as S3 and SeaweedFS send them).
final class S3ResultDocumentTests: XCTestCase {
    func testTheUploadIdOfANamespacedInitiateResult() {
        let body = """
        <?xml version="1.0" encoding="UTF-8"?>
        <InitiateMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
          <Bucket>example-bucket</Bucket><Key>example-object</Key>
          <UploadId>VXBsb2FkIElEIGZvciA2aWWpbmcncyBteS1tb3ZpZS5tMnRzIHVwbG9hZA&amp;x</UploadId>
        </InitiateMultipartUploadResult>
        """
        XCTAssertEqual(S3ResultDocument.uploadID(in: Array(body.utf8)),
                       "VXBsb2FkIElEIGZvciA2aWWpbmcncyBteS1tb3ZpZS5tMnRzIHVwbG9hZA&x")
        XCTAssertNil(S3ResultDocument.uploadID(in: Array("<UploadId></UploadId>".utf8)), "an empty id is none")
        XCTAssertNil(S3ResultDocument.uploadID(in: Array("<html>proxy error</html>".utf8)))
    }

    func testThePartsOfAListPartsResultInOrderWithoutTheIncompleteOnes() {
        let body = """
        <ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
          <PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>3</NextPartNumberMarker>
          <IsTruncated>true</IsTruncated>
          <Part><PartNumber>3</PartNumber><ETag>&quot;aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa&quot;</ETag><Size>1048576</Size></Part>
          <Part><PartNumber>1</PartNumber><ETag>"7778aef83f66abc1fa1e8477f296d394"</ETag><Size>8388608</Size></Part>
          <Part><PartNumber>2</PartNumber><Size>8388608</Size></Part>
          <Part><PartNumber>10001</PartNumber><ETag>"x"</ETag><Size>1</Size></Part>
          <Part><PartNumber>4</PartNumber><ETag>"y"</ETag><Size>-1</Size></Part>
        </ListPartsResult>
        """
        XCTAssertEqual(S3ResultDocument.parts(in: Array(body.utf8)), [
            .init(number: 1, size: 8_388_608, etag: "\"7778aef83f66abc1fa1e8477f296d394\""),
            .init(number: 3, size: 1_048_576, etag: "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\""),
        ], "a part without an ETag, beyond 10000 or of a negative size is sent again")
        XCTAssertTrue(S3ResultDocument.isTruncated(Array(body.utf8)))
        XCTAssertEqual(S3ResultDocument.parts(in: Array("<ListPartsResult><Part><PartNumber>1".utf8)), [], "a truncated body")
    }
}
