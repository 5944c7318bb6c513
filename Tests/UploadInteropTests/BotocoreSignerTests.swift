import Foundation
import Upload
import UploadPlatform
import XCTest

/// Our S3 signer against Debian's python3-botocore (`botocore.auth.S3SigV4Auth`, the signer of the AWS
/// CLI and boto3) on the requests the upload makes and the keys it may meet: the Authorization headers
/// must be equal byte for byte. botocore is given the key encoded by its own `percent_encode` (what
/// its S3 serializer does to `{Key+}`) and the query by Python's `urllib.parse.quote`, so neither side
/// borrows the other's encoding; its clock is pinned to ours.
final class BotocoreSignerTests: XCTestCase {
    struct Case {
        var method: String
        var path: String
        var query: [QueryParameter] = []
        var headers: [HeaderField] = []
        var body: String = ""
        var key = AccessKey(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
        var region = "us-east-1"
        var seconds: Int64 = 1_795_000_000
    }

    static let host = HeaderField("Host", "127.0.0.1:8333")

    /// The requests of the outbox: a PUT of a walk's file with its metadata and If-None-Match, a HEAD,
    /// multipart's three steps, a listing.
    static let outboxRequests: [Case] = [
        Case(method: "PUT", path: "/wayfinder/study-a/unit-7/walks/2026-11-29T10-00-00Z/track.gpx",
             headers: [host, HeaderField("If-None-Match", "*"), HeaderField("Content-Type", "application/gpx+xml"),
                       HeaderField("x-amz-meta-sha256", "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")],
             body: "<gpx>…</gpx>"),
        Case(method: "HEAD", path: "/wayfinder/unit-7/samples/swipe left 1.json", headers: [host]),
        Case(method: "POST", path: "/wayfinder/unit-7/walks/w/journal.jsonl", query: [QueryParameter("uploads")],
             headers: [host, HeaderField("x-amz-meta-sha256", "ab")]),
        Case(method: "PUT", path: "/wayfinder/unit-7/walks/w/journal.jsonl",
             query: [QueryParameter("uploadId", "VXBsb2FkIElE+/=="), QueryParameter("partNumber", "1")],
             headers: [host], body: String(repeating: "x", count: 1000)),
        Case(method: "POST", path: "/wayfinder/unit-7/walks/w/journal.jsonl",
             query: [QueryParameter("uploadId", "2~abc")],
             headers: [host, HeaderField("Content-Type", "application/xml")],
             body: "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber></Part></CompleteMultipartUpload>"),
        Case(method: "GET", path: "/wayfinder",
             query: [QueryParameter("list-type", "2"), QueryParameter("prefix", "unit 7/walks/"),
                     QueryParameter("continuation-token", "a b+c")],
             headers: [host]),
        Case(method: "PUT", path: "/wayfinder/ünït/walks/日本/trip report (1).html",
             headers: [host, HeaderField("x-amz-meta-note", "  two   spaces  ")], body: "ü",
             key: AccessKey(accessKeyID: "ASIAEXAMPLE", secretAccessKey: "secret/with+signs=",
                            sessionToken: "FwoGZXIvYXdzEJr//////////wEaDM+token=="),
             region: "eu-central-1"),
    ]

    /// Keys drawn from an alphabet of what a file name may hold (spaces, unicode, reserved characters),
    /// by a fixed linear congruential generator so every run signs the same requests.
    static func generatedRequests(count: Int) -> [Case] {
        let alphabet = Array("aZ09-_.~ /!$&'()*+,;=:@%?#[]üß日本é")
        var state: UInt64 = 0x2545F4914F6CDD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { i in
            let name = String((0..<(1 + next(24))).map { _ in alphabet[next(alphabet.count)] })
            var c = Case(method: ["GET", "PUT", "HEAD", "DELETE"][next(4)], path: "/bucket/\(name)",
                         headers: [host, HeaderField("x-amz-meta-i", "\(i)")], body: i % 3 == 0 ? name : "")
            if i % 2 == 1 { c.query = [QueryParameter(String(name.prefix(3)), String(name.suffix(4)))] }
            c.seconds += Int64(i) * 86_399
            return c
        }
    }

    func testOurAuthorizationHeadersAreBotocores() throws {
        let cases = Self.outboxRequests + Self.generatedRequests(count: 60)
        let theirs = try Botocore.sign(cases.map(Self.json))
        XCTAssertEqual(theirs.count, cases.count, "botocore signed \(theirs.count) of \(cases.count) requests")
        let crypto = Nettle()
        for (i, (c, expected)) in zip(cases, theirs).enumerated() {
            let signer = SigV4Signer(key: c.key, region: c.region, hashes: crypto)
            let request = SigningRequest(method: c.method, path: c.path, query: c.query, headers: c.headers,
                                         payloadSHA256: Hex.encode(try crypto.sha256(Array(c.body.utf8))))
            let ours = try signer.sign(request, at: SigningTime(secondsSince1970: c.seconds))
            XCTAssertEqual(ours.authorization, expected, "request \(i): \(c.method) \(c.path) \(c.query)")
        }
    }

    static func json(_ c: Case) -> [String: Any] {
        [
            "method": c.method, "path": c.path, "body": c.body, "region": c.region, "seconds": c.seconds,
            "query": c.query.map { [$0.name, $0.value] }, "headers": c.headers.map { [$0.name, $0.value] },
            "access": c.key.accessKeyID, "secret": c.key.secretAccessKey, "token": c.key.sessionToken ?? NSNull(),
        ]
    }
}

/// Runs botocore's S3 signer in Debian's python3 on a JSON list of requests; one Authorization a line.
enum Botocore {
    static let script = #"""
    import datetime, json, sys, urllib.parse
    import botocore.auth, botocore.credentials, botocore.awsrequest, botocore.utils
    out = []
    for c in json.load(sys.stdin):
        moment = datetime.datetime.fromtimestamp(c["seconds"], datetime.timezone.utc).replace(tzinfo=None)
        # botocore 1.29 (Debian 12) reads datetime.datetime.utcnow(), later ones get_current_datetime().
        class Pinned(datetime.datetime):
            @classmethod
            def utcnow(cls, moment=moment):
                return moment
        botocore.auth.datetime = type("pinned", (), {"datetime": Pinned})
        botocore.auth.get_current_datetime = lambda moment=moment: moment
        host = next(v for n, v in c["headers"] if n.lower() == "host")
        url = "http://" + host + botocore.utils.percent_encode(c["path"], safe="/~")
        if c["query"]:
            url += "?" + "&".join(urllib.parse.quote(n, safe="-_.~") + ("=" + urllib.parse.quote(v, safe="-_.~") if v else "")
                                  for n, v in c["query"])
        request = botocore.awsrequest.AWSRequest(method=c["method"], url=url, data=c["body"].encode())
        for n, v in c["headers"]:
            request.headers[n] = v
        credentials = botocore.credentials.Credentials(c["access"], c["secret"], c["token"])
        botocore.auth.S3SigV4Auth(credentials, "s3", c["region"]).add_auth(request)
        out.append(request.headers["Authorization"])
    print("\n".join(out))
    """#

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    static func sign(_ cases: [[String: Any]]) throws -> [String] {
        let probe = try run(["-c", "import botocore"], input: Data())
        guard probe.status == 0 else {
            throw Missing(description: "python3-botocore is not installed: apt-get install python3-botocore (make test installs it)")
        }
        let input = try JSONSerialization.data(withJSONObject: cases)
        let result = try run(["-c", script], input: input)
        guard result.status == 0 else {
            throw Missing(description: "botocore's signer failed: \(String(decoding: result.error, as: UTF8.self))")
        }
        return String(decoding: result.output, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    static func run(_ arguments: [String], input: Data) throws -> (status: Int32, output: Data, error: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            throw Missing(description: "/usr/bin/python3 cannot be run (\(error)): apt-get install python3 python3-botocore")
        }
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let error = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output, error)
    }
}
