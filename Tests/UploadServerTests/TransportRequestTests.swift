import Upload
import UploadPlatform
import UploadTransport
import XCTest

/// What goes on the wire for a signed request, without a server: the URL is the canonical request's
/// path and query, so the server canonicalises what was signed, and the headers curl adds are the ones
/// the signature allows for.
final class TransportRequestTests: XCTestCase {
    let signer = SigV4Signer(key: AccessKey(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "secret"),
                             region: "us-east-1", hashes: Nettle())
    let endpoint = UploadEndpoint(scheme: .http, host: "127.0.0.1", port: 8333, path: "")

    func sign(_ method: String, _ path: String, _ query: [QueryParameter] = [], _ headers: [HeaderField] = []) throws -> SignedRequest {
        try signer.sign(SigningRequest(method: method, path: path, query: query,
                                       headers: [HeaderField("Host", endpoint.hostHeader)] + headers,
                                       payloadSHA256: SigningRequest.emptyPayloadSHA256),
                        at: SigningTime(secondsSince1970: 1_795_000_000))
    }

    func testTheURLIsTheCanonicalPathAndSortedQuery() throws {
        let signed = try sign("PUT", "/walks/unit 7/ünï/trip report (1).html",
                              [QueryParameter("uploadId", "a b+c"), QueryParameter("partNumber", "2")])
        let request = TransportRequest(method: .put, endpoint: endpoint, signed: signed, body: .empty)
        XCTAssertEqual(request.url, "http://127.0.0.1:8333/walks/unit%207/%C3%BCn%C3%AF/trip%20report%20%281%29.html?partNumber=2&uploadId=a%20b%2Bc")
        XCTAssertEqual(request.headers, signed.headers)
    }

    func testCreateMultipartUploadsQueryIsSentAsSigned() throws {
        let request = TransportRequest(method: .post, endpoint: endpoint, signed: try sign("POST", "/walks/k", [QueryParameter("uploads")]),
                                       body: .empty)
        XCTAssertEqual(request.url, "http://127.0.0.1:8333/walks/k?uploads=")
    }

    func testExpectIsSwitchedOffAndAPostGetsNoFormContentType() throws {
        let post = TransportRequest(method: .post, url: "http://h/b/k?uploads=", headers: [HeaderField("x-amz-meta-sha256", "ab")], body: .empty)
        XCTAssertEqual(S3Transport.headerLines(post), ["x-amz-meta-sha256: ab", "Expect:", "Content-Type:"])
        let xml = TransportRequest(method: .post, url: "http://h/b/k?uploadId=1", headers: [HeaderField("Content-Type", "application/xml")],
                                   body: .bytes([0x3C]))
        XCTAssertEqual(S3Transport.headerLines(xml), ["Content-Type: application/xml", "Expect:"])
    }

    /// curl drops a header written "Name:"; "Name;" sends it with an empty value, as it was signed.
    func testAnEmptyHeaderValueIsSentNotDropped() {
        let put = TransportRequest(method: .put, url: "http://h/b/k", headers: [HeaderField("x-amz-meta-note", "")], body: .empty)
        XCTAssertEqual(S3Transport.headerLines(put), ["x-amz-meta-note;", "Expect:"])
    }
}
