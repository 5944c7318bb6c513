import Upload
import UploadPlatform
import XCTest

/// AWS's Signature Version 4 test suite, as botocore keeps it (github.com/boto/botocore,
/// tests/unit/auth/aws4_testsuite/: each case's .req, .creq, .sts and .authz; the keys and scope are
/// tests/unit/auth/test_sigv4.py's). The suite signs for service "service", whose paths are normalized
/// and encoded again (`.normalizedAndEncodedAgain`); the request line's path is passed as it is.
final class SigV4TestSuiteTests: XCTestCase {
    static let key = AccessKey(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY")
    /// 20150830T123600Z.
    static let time = SigningTime(secondsSince1970: 1_440_938_160)
    let signer = SigV4Signer(key: key, region: "us-east-1", service: "service", path: .normalizedAndEncodedAgain,
                             hashes: Nettle())

    func get(_ path: String, query: [QueryParameter] = [], headers: [HeaderField] = []) -> SigningRequest {
        SigningRequest(method: "GET", path: path, query: query,
                       headers: [HeaderField("Host", "example.amazonaws.com")] + headers
                           + [HeaderField("X-Amz-Date", "20150830T123600Z")],
                       payloadSHA256: SigningRequest.emptyPayloadSHA256)
    }

    func check(_ request: SigningRequest, creq: String, sts: String, authz: String,
               file: StaticString = #filePath, line: UInt = #line) throws {
        let signed = try signer.sign(request, at: Self.time)
        XCTAssertEqual(signed.canonicalRequest.text, creq, "canonical request", file: file, line: line)
        XCTAssertEqual(signed.stringToSign, sts, "string to sign", file: file, line: line)
        XCTAssertEqual(signed.authorization, authz, "Authorization", file: file, line: line)
    }

    static func sts(_ hash: String) -> String {
        "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\n\(hash)"
    }

    static let plainHeaders = "host:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n"
    static let empty = SigningRequest.emptyPayloadSHA256

    func testGetVanilla() throws {
        try check(get("/"),
                  creq: "GET\n/\n\n\(Self.plainHeaders)\(Self.empty)",
                  sts: Self.sts("bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63"),
                  authz: "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31")
    }

    /// `GET /?Param2=value2&Param1=value1`: parameters sorted by name.
    func testGetVanillaQueryOrderKeyCase() throws {
        try check(get("/", query: [QueryParameter("Param2", "value2"), QueryParameter("Param1", "value1")]),
                  creq: "GET\n/\nParam1=value1&Param2=value2\n\(Self.plainHeaders)\(Self.empty)",
                  sts: Self.sts("816cd5b414d056048ba4f7c5386d6e0533120fb1fcfa93762cf0fc39e2cf19e0"),
                  authz: "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500")
    }

    /// `GET /ሴ`: the path's UTF-8 bytes percent-encoded.
    func testGetUTF8() throws {
        try check(get("/ሴ"),
                  creq: "GET\n/%E1%88%B4\n\n\(Self.plainHeaders)\(Self.empty)",
                  sts: Self.sts("2a0a97d02205e45ce2e994789806b19270cfbbb0921b278ccf58f5249ac42102"),
                  authz: "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85")
    }

    /// `GET /?ሴ=bar`: a query name's UTF-8 bytes percent-encoded.
    func testGetVanillaUTF8Query() throws {
        let signed = try signer.sign(get("/", query: [QueryParameter("ሴ", "bar")]), at: Self.time)
        XCTAssertEqual(signed.canonicalRequest.query, "%E1%88%B4=bar")
        XCTAssertEqual(signed.signature, "2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04")
    }

    /// normalize-path/get-space: `GET /example space/`, the space as `%20`, the trailing `/` kept.
    func testGetSpace() throws {
        try check(get("/example space/"),
                  creq: "GET\n/example%20space/\n\n\(Self.plainHeaders)\(Self.empty)",
                  sts: Self.sts("63ee75631ed7234ae61b5f736dfc7754cdccfedbff4b5128a915706ee9390d86"),
                  authz: "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=652487583200325589f1fba4c7e578f72c47cb61beeca81406b39ddec1366741")
    }

    /// Values trimmed and their inner runs of spaces collapsed, quotes or not.
    func testGetHeaderValueTrim() throws {
        try check(get("/", headers: [HeaderField("My-Header1", " value1"), HeaderField("My-Header2", " \"a   b   c\"")]),
                  creq: "GET\n/\n\nhost:example.amazonaws.com\nmy-header1:value1\nmy-header2:\"a b c\"\nx-amz-date:20150830T123600Z\n\nhost;my-header1;my-header2;x-amz-date\n\(Self.empty)",
                  sts: Self.sts("a726db9b0df21c14f559d0a978e563112acb1b9e05476f0a6a1c7d68f28605c7"),
                  authz: "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;my-header1;my-header2;x-amz-date, Signature=acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736")
    }

    /// A form body: its hash is the payload's, its content type a signed header.
    func testPostXWWWFormURLEncoded() throws {
        let body = try Nettle().sha256(Array("Param1=value1".utf8))
        let request = SigningRequest(
            method: "POST", path: "/",
            headers: [HeaderField("Content-Type", "application/x-www-form-urlencoded"),
                      HeaderField("Host", "example.amazonaws.com"), HeaderField("X-Amz-Date", "20150830T123600Z")],
            payloadSHA256: Hex.encode(body))
        try check(request,
                  creq: "POST\n/\n\ncontent-type:application/x-www-form-urlencoded\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\ncontent-type;host;x-amz-date\n9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e",
                  sts: Self.sts("42a5e5bb34198acb3e84da4f085bb7927f2bc277ca766e6d19c73c2154021281"),
                  authz: "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a")
    }

    /// normalize-path/get-slash (`//`), get-slashes (`//example//`), get-relative-relative
    /// (`/example1/example2/../..`): normalized as the suite expects, so signed as get-vanilla where
    /// the path comes to `/`.
    func testNormalizePathCases() throws {
        let vanilla = "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"
        XCTAssertEqual(try signer.sign(get("//"), at: Self.time).signature, vanilla)
        XCTAssertEqual(try signer.sign(get("/example1/example2/../.."), at: Self.time).signature, vanilla)
        let slashes = try signer.sign(get("//example//"), at: Self.time)
        XCTAssertEqual(slashes.canonicalRequest.uri, "/example/")
        XCTAssertEqual(slashes.signature, "9a624bd73a37c9a373b5312afbebe7a714a789de108f0bdfe846570885f57e84")
    }

    /// Outside S3 the path on the request line is already encoded, and is encoded again: a `%20` there
    /// signs as `%2520`. S3 takes the key as written and encodes it once.
    func testOtherServicesEncodeThePathTwiceAndS3Once() throws {
        XCTAssertEqual(try signer.sign(get("/example%20space/"), at: Self.time).canonicalRequest.uri,
                       "/example%2520space/")
        var s3 = signer
        s3.path = .s3
        XCTAssertEqual(try s3.sign(get("/example space/"), at: Self.time).canonicalRequest.uri, "/example%20space/")
    }

    /// S3 keys are not paths to normalize: `//`, `.` and `..` are part of the key and signed as written.
    func testS3KeepsSlashesAndDotSegments() throws {
        var s3 = signer
        s3.path = .s3
        XCTAssertEqual(try s3.sign(get("//example//"), at: Self.time).canonicalRequest.uri, "//example//")
        XCTAssertEqual(try s3.sign(get("/a/./b/../c"), at: Self.time).canonicalRequest.uri, "/a/./b/../c")
    }
}
