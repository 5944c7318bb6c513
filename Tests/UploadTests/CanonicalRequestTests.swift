import Upload
import XCTest

/// The canonical request's rules that the published vectors do not reach.
final class CanonicalRequestTests: XCTestCase {
    func canonical(path: String = "/", query: [QueryParameter] = [], headers: [HeaderField] = []) -> CanonicalRequest {
        CanonicalRequest(SigningRequest(method: "PUT", path: path, query: query, headers: headers,
                                        payloadSHA256: "UNSIGNED-PAYLOAD"), path: .s3)
    }

    /// Multipart's first request: `?uploads` signs as `uploads=`.
    func testAValuelessParameterSignsWithAnEmptyValue() {
        XCTAssertEqual(canonical(query: [QueryParameter("uploads")]).query, "uploads=")
    }

    /// `?partNumber=10&uploadId=…`: byte order, so `partNumber` (lower-case p) sorts after `X`-names and
    /// `uploadId`'s `/`, `+` and `=` are encoded.
    func testParametersSortByEncodedNameInByteOrderAndReservedCharactersAreEncoded() {
        let q = canonical(query: [QueryParameter("uploadId", "a/b+c=="), QueryParameter("partNumber", "10"),
                                  QueryParameter("X-Y", "1")]).query
        XCTAssertEqual(q, "X-Y=1&partNumber=10&uploadId=a%2Fb%2Bc%3D%3D")
    }

    func testRepeatedNamesSortByValue() {
        XCTAssertEqual(canonical(query: [QueryParameter("a", "z"), QueryParameter("a", "b")]).query, "a=b&a=z")
    }

    /// A key with spaces, `+`, unicode and `~`: spaces as `%20` (never `+`), `+` encoded, `~` kept.
    func testAKeyIsEncodedOnceWithSlashesKept() {
        XCTAssertEqual(canonical(path: "/bucket/walks/2026-11-29 10:00/trip+report ü~.html").uri,
                       "/bucket/walks/2026-11-29%2010%3A00/trip%2Breport%20%C3%BC~.html")
    }

    /// Repeated header names are joined with commas in the order given; names lower-cased and sorted.
    func testRepeatedHeadersJoinInOrder() {
        let c = canonical(headers: [HeaderField("X-Amz-Meta-B", "2"), HeaderField("x-amz-meta-a", "  one  "),
                                    HeaderField("X-AMZ-META-B", "1")])
        XCTAssertEqual(c.headers, "x-amz-meta-a:one\nx-amz-meta-b:2,1\n")
        XCTAssertEqual(c.signedHeaders, "x-amz-meta-a;x-amz-meta-b")
    }

    func testTabsAndSpacesInsideAValueCollapseToOneSpace() {
        XCTAssertEqual(CanonicalRequest.normalizedValue("\t a \t\t b  "), "a b")
        XCTAssertEqual(CanonicalRequest.normalizedValue("   "), "")
    }

    func testAnEmptyPathIsTheRoot() {
        XCTAssertEqual(canonical(path: "").uri, "/")
    }
}
