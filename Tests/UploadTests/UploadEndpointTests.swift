import Upload
import XCTest

/// `[upload] endpoint`: the parts a request needs, and the Host header's port only when it is not the
/// scheme's own.
final class UploadEndpointTests: XCTestCase {
    func parse(_ text: String) -> UploadEndpoint? {
        if case .success(let e) = UploadEndpoint.parse(text) { return e }
        return nil
    }

    func testHostsPortsAndPaths() {
        XCTAssertEqual(parse("HTTPS://s3.example.com"), UploadEndpoint(scheme: .https, host: "s3.example.com", port: nil, path: ""))
        XCTAssertEqual(parse("http://[::1]:8333/s3/"), UploadEndpoint(scheme: .http, host: "[::1]", port: 8333, path: "/s3"))
        XCTAssertEqual(parse("http://10.0.2.2:8333")?.hostHeader, "10.0.2.2:8333")
        XCTAssertEqual(parse("https://s3.example.com:443")?.hostHeader, "s3.example.com")
        XCTAssertEqual(parse("http://s3.example.com:80")?.description, "http://s3.example.com:80")
    }

    func testWhatIsNotAnEndpoint() {
        for text in ["", "s3.example.com", "http://", "http://[::1", "http://[::1]x", "http://host:0", "http://host:+80",
                     "http://host:", "http://ho_st", "http://hōst"] {
            XCTAssertNil(parse(text), text)
        }
    }
}
