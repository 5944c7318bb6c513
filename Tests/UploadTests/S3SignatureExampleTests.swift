import Upload
import UploadPlatform
import XCTest

/// The worked examples of Amazon S3's API reference, "Signature Calculations for the Authorization
/// Header: Transferring Payload in a Single Chunk (AWS Signature Version 4)", section "Examples:
/// Signature Calculations": bucket examplebucket in us-east-1, 20130524T000000Z, and the documented key
/// AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY.
final class S3SignatureExampleTests: XCTestCase {
    let signer = SigV4Signer(
        key: AccessKey(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
        region: "us-east-1", hashes: Nettle())
    let time = SigningTime(secondsSince1970: 1_369_353_600)
    let host = HeaderField("Host", "examplebucket.s3.amazonaws.com")

    func testTheExampleDateIsWrittenAsTheExamplesWriteIt() {
        XCTAssertEqual(time.amzDate, "20130524T000000Z")
        XCTAssertEqual(time.date, "20130524")
    }

    /// The intermediate the example prints: its signing key is the chain of HMACs from "AWS4" + secret.
    func testGetObjectWithARange() throws {
        let signed = try signer.sign(SigningRequest(method: "GET", path: "/test.txt",
                                                    headers: [host, HeaderField("Range", "bytes=0-9")],
                                                    payloadSHA256: SigningRequest.emptyPayloadSHA256), at: time)
        XCTAssertEqual(signed.canonicalRequest.text, """
            GET
            /test.txt

            host:examplebucket.s3.amazonaws.com
            range:bytes=0-9
            x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
            x-amz-date:20130524T000000Z

            host;range;x-amz-content-sha256;x-amz-date
            e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
            """)
        XCTAssertEqual(signed.stringToSign, """
            AWS4-HMAC-SHA256
            20130524T000000Z
            20130524/us-east-1/s3/aws4_request
            7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972
            """)
        XCTAssertEqual(signed.authorization,
                       "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
    }

    /// PUT Object: a `$` in the key is encoded, the body "Welcome to Amazon S3." is hashed, a storage
    /// class and a `Date` header are signed.
    func testPutObject() throws {
        let body = Hex.encode(try Nettle().sha256(Array("Welcome to Amazon S3.".utf8)))
        XCTAssertEqual(body, "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
        let signed = try signer.sign(SigningRequest(
            method: "PUT", path: "/test$file.text",
            headers: [host, HeaderField("Date", "Fri, 24 May 2013 00:00:00 GMT"),
                      HeaderField("x-amz-storage-class", "REDUCED_REDUNDANCY")],
            payloadSHA256: body), at: time)
        XCTAssertEqual(signed.canonicalRequest.uri, "/test%24file.text")
        XCTAssertEqual(signed.authorization,
                       "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd")
    }

    /// GET Bucket lifecycle: `?lifecycle`, a parameter without a value, signs as `lifecycle=`.
    func testGetBucketLifecycle() throws {
        let signed = try signer.sign(SigningRequest(method: "GET", path: "/", query: [QueryParameter("lifecycle")],
                                                    headers: [host], payloadSHA256: SigningRequest.emptyPayloadSHA256),
                                     at: time)
        XCTAssertEqual(signed.canonicalRequest.query, "lifecycle=")
        XCTAssertEqual(signed.signature, "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543")
    }

    /// Get Bucket (list objects): `?max-keys=2&prefix=J`.
    func testListObjects() throws {
        let signed = try signer.sign(SigningRequest(method: "GET", path: "/",
                                                    query: [QueryParameter("prefix", "J"), QueryParameter("max-keys", "2")],
                                                    headers: [host], payloadSHA256: SigningRequest.emptyPayloadSHA256),
                                     at: time)
        XCTAssertEqual(signed.canonicalRequest.query, "max-keys=2&prefix=J")
        XCTAssertEqual(signed.signature, "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7")
    }

    /// What goes on the wire: the request's headers, the signer's, and Authorization last.
    func testTheSignedHeadersAreTheOnesToSend() throws {
        let signed = try signer.sign(SigningRequest(method: "GET", path: "/test.txt", headers: [host],
                                                    payloadSHA256: SigningRequest.emptyPayloadSHA256), at: time)
        XCTAssertEqual(signed.headers.map(\.name), ["Host", "x-amz-date", "x-amz-content-sha256", "Authorization"])
        XCTAssertEqual(signed.headers.last?.value, signed.authorization)
    }
}
