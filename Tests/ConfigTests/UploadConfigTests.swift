import Config
import Platform
import Upload
import WayfinderTestKit
import XCTest

/// `[upload]`: off without the table, its defaults, and every key's mistakes at their lines.
final class UploadConfigTests: XCTestCase {
    let loader = ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]), files: DiskFiles())
    let path = "/etc/wayfinder/wayfinder.toml"

    /// A Pi file whose `[upload]` table (line 4 on) holds `upload`.
    func text(_ upload: String) -> String {
        """
        board = "pi-4b"
        [route]
        gpx = "\(Repository.demoRoute)"
        [upload]
        \(upload)
        """
    }

    static let minimal = "endpoint = \"http://127.0.0.1:8333\"\nbucket = \"wayfinder\""

    func issues(_ upload: String, file: StaticString = #filePath, line: UInt = #line) -> [ConfigIssue] {
        do {
            _ = try loader.load(text: text(upload), path: path)
            XCTFail("expected the configuration to be rejected", file: file, line: line)
            return []
        } catch {
            return error.issues
        }
    }

    func testWithoutAnUploadTableNothingIsUploaded() throws {
        let c = try loader.load(text: "board = \"pi-4b\"\n[route]\ngpx = \"\(Repository.demoRoute)\"", path: path)
        XCTAssertNil(c.upload)
    }

    func testTheDefaults() throws {
        let u = try XCTUnwrap(try loader.load(text: text(Self.minimal), path: path).upload)
        XCTAssertEqual(u.endpoint, UploadEndpoint(scheme: .http, host: "127.0.0.1", port: 8333, path: ""))
        XCTAssertEqual(u.bucket, "wayfinder")
        XCTAssertEqual(u.region, "us-east-1")
        XCTAssertEqual(u.prefix, "")
        XCTAssertEqual(u.credentials, "/etc/wayfinder/upload.credentials")
        XCTAssertEqual(u.what, [.walks, .samples])
        XCTAssertEqual(u.when, .idle)
        XCTAssertNil(u.unitID)
        XCTAssertFalse(u.deleteAfterUpload)
    }

    func testEveryKeyIsRead() throws {
        let u = try XCTUnwrap(try loader.load(text: text("""
            endpoint = "https://s3.eu-central-1.amazonaws.com/"
            bucket = "lab.walks-2026"
            region = "eu-central-1"
            prefix = "study-a/"
            credentials = "keys/upload.credentials"
            what = ["samples"]
            when = "always"
            unit_id = "unit-07"
            delete_after_upload = true
            """), path: path).upload)
        XCTAssertEqual(u, UploadSettings(endpoint: UploadEndpoint(scheme: .https, host: "s3.eu-central-1.amazonaws.com", port: nil, path: ""),
                                         bucket: "lab.walks-2026", region: "eu-central-1", prefix: "study-a/",
                                         credentials: "/etc/wayfinder/keys/upload.credentials", what: [.samples],
                                         when: .always, unitID: "unit-07", deleteAfterUpload: true))
        XCTAssertEqual(u.summary, "samples to https://s3.eu-central-1.amazonaws.com/lab.walks-2026/study-a/unit-07/ also during a walk, deleted once stored")
    }

    func testATableWithoutEndpointOrBucketSaysWhatToAdd() {
        XCTAssertEqual(issues("region = \"us-east-1\"").map(\.description), [
            "\(path):4:1: upload: has no endpoint; name the storage, e.g. endpoint = \"https://s3.eu-central-1.amazonaws.com\"",
            "\(path):4:1: upload: has no bucket; name it, e.g. bucket = \"wayfinder-walks\"",
        ])
    }

    func testEndpointsThatAreNotHTTPURLsAreRefusedAtTheirLine() {
        let cases = [
            "ftp://example.com": "must start with http:// or https://",
            "http://user:pw@example.com": "must not hold a user name or password; the key belongs in the credentials file",
            "http://example.com:99999": "has a port that is not 1–65535",
            "http://:8333": "has no host",
            "https://example.com/?x=1": "must not have a query or a fragment (? or #)",
            "http://exa mple.com": "must not hold spaces",
        ]
        for (endpoint, expected) in cases {
            let found = issues("endpoint = \"\(endpoint)\"\nbucket = \"wayfinder\"")
            XCTAssertEqual(found.map(\.keyPath), ["upload.endpoint"], endpoint)
            XCTAssertEqual(found.first?.line, 5, endpoint)
            XCTAssertTrue(found.first?.message.hasPrefix("\"\(endpoint)\" \(expected)") ?? false, "\(endpoint): \(found)")
        }
    }

    func testBucketNamesFollowS3sRules() {
        let cases = [
            "ab": "must be 3 to 63 characters long (it has 2)",
            "Walks": "may hold only lower-case letters, digits, dots and hyphens",
            "-walks": "must begin and end with a letter or a digit",
            "a..b": "must not hold two dots in a row",
            "192.168.5.4": "must not be written like an IP address",
            "xn--walks": "must not begin with \"xn--\" (reserved by Amazon S3)",
            "walks-s3alias": "must not end with \"-s3alias\" (reserved by Amazon S3)",
        ]
        for (bucket, expected) in cases {
            let found = issues("endpoint = \"http://127.0.0.1:8333\"\nbucket = \"\(bucket)\"")
            XCTAssertEqual(found.map(\.message), ["\"\(bucket)\" is not a valid bucket name: it \(expected)"], bucket)
            XCTAssertEqual(found.first?.line, 6)
        }
    }

    func testPrefixesThatMakeOddKeysAreRefused() {
        XCTAssertEqual(issues(Self.minimal + "\nprefix = \"/study\"").map(\.message),
                       ["\"/study\" starts with /; a key prefix starts with its first name, e.g. \"study-a/\""])
        XCTAssertEqual(issues(Self.minimal + "\nprefix = \"a//b/\"").map(\.message),
                       ["\"a//b/\" has an empty, . or .. part between slashes; S3-compatible servers differ on such keys"])
    }

    func testWhatWhenAndUnitIdAreCheckedWithSuggestions() {
        let found = issues(Self.minimal + "\nwhat = [\"walk\", \"samples\", \"samples\"]\nwhen = \"idel\"\nunit_id = \"unit 7\"\nregion = \"EU\"")
        XCTAssertEqual(found.map(\.keyPath), ["upload.what[0]", "upload.what[2]", "upload.when", "upload.unit_id", "upload.region"])
        XCTAssertEqual(found[0].message, "\"walk\" is not one of \"walks\", \"samples\"; did you mean \"walks\"?")
        XCTAssertEqual(found[1].message, "\"samples\" is named twice")
        XCTAssertEqual(found[2].message, "\"idel\" is not one of \"idle\", \"always\"; did you mean \"idle\"?")
        XCTAssertTrue(found[3].message.hasPrefix("\"unit 7\" is not a key-safe name"))
        XCTAssertTrue(found[4].message.hasPrefix("\"EU\" is not a region name"))
    }

    func testAnUnknownKeyGetsASuggestion() {
        let found = issues(Self.minimal + "\ndelete_after_uplaod = true")
        XCTAssertEqual(found.map(\.description), ["\(path):7:1: upload.delete_after_uplaod: unknown key; did you mean \"delete_after_upload\"?"])
    }

    func testWrongTypesAreRefused() {
        let found = issues(Self.minimal + "\ndelete_after_upload = \"yes\"\nwhat = \"walks\"")
        XCTAssertEqual(found.map(\.message), ["expected true or false, found a string (\"yes\")",
                                              "expected an array of strings, found a string (\"walks\")"])
    }

    /// `config show` and the reload compare list the keys, all applied at a restart.
    func testTheSettingsListTheKeysAsRestartOnly() throws {
        let c = try loader.load(text: text(Self.minimal), path: path)
        let upload = c.settings.filter { $0.keyPath.hasPrefix("upload.") }
        XCTAssertEqual(upload.map(\.keyPath), ["upload.endpoint", "upload.bucket", "upload.region", "upload.prefix",
                                               "upload.credentials", "upload.what", "upload.when", "upload.delete_after_upload"])
        XCTAssertEqual(upload.first?.value, "\"http://127.0.0.1:8333\"")
        XCTAssertTrue(upload.allSatisfy { $0.effect == .restart })
    }
}
