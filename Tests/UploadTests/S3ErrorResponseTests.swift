import Upload
import XCTest

/// S3's error documents, as Amazon S3's API Reference ("Error responses", the REST error response's
/// example) and servers write them.
final class S3ErrorResponseTests: XCTestCase {
    /// The example of AWS's "Error responses" page, as printed there.
    func testReadsTheCodeAndMessageOfAWSsDocumentedExample() {
        let body = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Error>
              <Code>NoSuchKey</Code>
              <Message>The resource you requested does not exist</Message>
              <Resource>/mybucket/myfoto.jpg</Resource>
              <RequestId>4442587FB7D0A2F9</RequestId>
            </Error>
            """
        XCTAssertEqual(S3ErrorResponse.parse(Array(body.utf8)),
                       S3ErrorResponse(code: "NoSuchKey", message: "The resource you requested does not exist"))
    }

    /// SignatureDoesNotMatch as Amazon S3 sends it (the codes' table of the same page; S3 adds the
    /// string to sign and the canonical request it computed), on one line.
    func testReadsSignatureDoesNotMatchWithItsExtraElements() {
        let body = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>SignatureDoesNotMatch</Code>"
            + "<Message>The request signature we calculated does not match the signature you provided. Check your key and signing method.</Message>"
            + "<AWSAccessKeyId>AKIAIOSFODNN7EXAMPLE</AWSAccessKeyId><StringToSign>AWS4-HMAC-SHA256\n20130524T000000Z</StringToSign>"
            + "<CanonicalRequest>GET\n/test.txt\n</CanonicalRequest><RequestId>4442587FB7D0A2F9</RequestId></Error>"
        let parsed = S3ErrorResponse.parse(Array(body.utf8))
        XCTAssertEqual(parsed?.code, "SignatureDoesNotMatch")
        XCTAssertEqual(parsed?.message, "The request signature we calculated does not match the signature you provided. Check your key and signing method.")
    }

    func testUnescapesXMLEntitiesInTheMessage() {
        let body = "<Error><Code>InvalidArgument</Code><Message>a &lt;Part&gt; &amp; &quot;x&quot; &apos;y&apos; &#233;&#x4E2D; &bogus; &</Message></Error>"
        XCTAssertEqual(S3ErrorResponse.parse(Array(body.utf8))?.message, "a <Part> & \"x\" 'y' é中 &bogus; &")
    }

    func testAnErrorWithoutAMessageStillHasItsCode() {
        XCTAssertEqual(S3ErrorResponse.parse(Array("<Error><Code>AccessDenied</Code></Error>".utf8)),
                       S3ErrorResponse(code: "AccessDenied", message: nil))
    }

    /// A proxy's HTML page, a truncated body, an empty code, a success document: no error read.
    func testWhatIsNotAnS3ErrorDocumentGivesNil() {
        for body in ["", "<html><body>502 Bad Gateway</body></html>", "<Error><Code>NoSuchUp",
                     "<Error><Code></Code></Error>", "<Code>NoSuchKey</Code>",
                     "<InitiateMultipartUploadResult><UploadId>x</UploadId></InitiateMultipartUploadResult>"] {
            XCTAssertNil(S3ErrorResponse.parse(Array(body.utf8)), body)
        }
        XCTAssertNil(S3ErrorResponse.parse([0xFF, 0xFE, 0x3C]))
    }
}
