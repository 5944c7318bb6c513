import Foundation
import WayfinderTestKit
import XCTest

/// `wayfinder upload` through the built binary against SeaweedFS on loopback: 0 with everything stored
/// (read back with Debian's python3-boto3), 77 when the server refuses the key, 69 when nothing
/// listens, and `--dry-run` listing keys and sizes without a request.
final class UploadCommandLineTests: XCTestCase {
    var directory = ""
    var server: SeaweedServer?
    static let walk = "2026-11-26T0815Z-demo-walk"

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "wayfinder-upload-cli-\(UUID().uuidString)"
        // Private, as the appliance asks of its state directory.
        for sub in ["state", "state/tracks", "state/samples"] {
            try FileManager.default.createDirectory(atPath: "\(directory)/\(sub)", withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The demo's configuration with `[upload]` to `endpoint`, and a credentials file with `secret`.
    func config(endpoint: String, secret: String = SeaweedServer.secretAccessKey) throws -> String {
        let key = directory + "/upload.credentials"
        try "[default]\naws_access_key_id = \(SeaweedServer.accessKeyID)\naws_secret_access_key = \(secret)\n"
            .write(toFile: key, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: key)
        let path = directory + "/wayfinder.toml"
        let text = try String(contentsOfFile: Repository.demoConfig, encoding: .utf8)
            .replacingOccurrences(of: "routes/demo-walk.gpx", with: Repository.demoRoute)
            .replacingOccurrences(of: "\"../.build/demo-state\"", with: "\"\(directory)/state\"")
        try (text + "\n[upload]\nendpoint = \"\(endpoint)\"\nbucket = \"walks\"\nprefix = \"lab/\"\n"
             + "unit_id = \"unit-7\"\ncredentials = \"\(key)\"\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A finished walk's four files, a sample last written three minutes ago and one being written now.
    func writeFiles() throws -> [String: [UInt8]] {
        var objects: [String: [UInt8]] = [:]
        for (suffix, name) in [(".gpx", "track.gpx"), (".events.jsonl", "events.jsonl"), (".html", "report.html"),
                               (".manifest.json", "manifest.json")] {
            let bytes = Array("\(name) of the walk\n".utf8)
            try Data(bytes).write(to: URL(fileURLWithPath: "\(directory)/state/tracks/\(Self.walk)\(suffix)"))
            objects["lab/unit-7/walks/\(Self.walk)/\(name)"] = bytes
        }
        let sample = "\(directory)/state/samples/gestures-20261129T101500Z.jsonl"
        let sampleBytes = Array("{\"sample\":1}\n".utf8)
        try Data(sampleBytes).write(to: URL(fileURLWithPath: sample))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -180)], ofItemAtPath: sample)
        objects["lab/unit-7/samples/gestures-20261129T101500Z.jsonl"] = sampleBytes
        try Data("{\"sample\":2".utf8).write(to: URL(fileURLWithPath: "\(directory)/state/samples/gestures-20261129T120000Z.jsonl"))
        return objects
    }

    /// Runs `script` with boto3 against the server: argv[1] the endpoint, then `arguments`.
    func boto3(_ script: String, _ arguments: [String]) throws -> Data {
        let server = try XCTUnwrap(server)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", """
            import sys, boto3
            from botocore.config import Config
            s3 = boto3.client("s3", endpoint_url=sys.argv[1], aws_access_key_id="\(SeaweedServer.accessKeyID)",
                              aws_secret_access_key="\(SeaweedServer.secretAccessKey)", region_name="us-east-1",
                              config=Config(s3={"addressing_style": "path"}))
            \(script)
            """, server.endpoint] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Boto3Failure(description: "boto3: \(String(decoding: message, as: UTF8.self).suffix(1500))")
        }
        return data
    }

    struct Boto3Failure: Error, CustomStringConvertible {
        let description: String
    }

    func createBucket() throws { _ = try boto3("s3.create_bucket(Bucket='walks')", []) }

    func keys() throws -> [String] {
        let listing = try boto3("print('\\n'.join(o['Key'] for o in s3.list_objects_v2(Bucket='walks').get('Contents', [])))", [])
        return String(decoding: listing, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
    }

    func testEverythingPendingIsStoredAndTheCommandExits0() throws {
        server = try SeaweedServer()
        try createBucket()
        let objects = try writeFiles()
        let path = try config(endpoint: try XCTUnwrap(server).endpoint)
        let result = try WayfinderBinary.run(["upload", path])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.output, "uploaded 5 files, nothing left to send\n")
        XCTAssertEqual(try keys(), objects.keys.sorted(), "the walk and the settled sample; not the sample still written")
        for (key, bytes) in objects {
            XCTAssertEqual(Array(try boto3("sys.stdout.buffer.write(s3.get_object(Bucket='walks', Key=sys.argv[2])['Body'].read())", [key])),
                           bytes, key)
        }
        let again = try WayfinderBinary.run(["upload", "--json", "--config", path])
        XCTAssertEqual(again.status, 0, again.errors)
        let summary = try JSONSerialization.jsonObject(with: Data(again.output.utf8)) as? [String: Any]
        XCTAssertEqual(summary?["outcome"] as? String, "done")
        XCTAssertEqual(summary?["stored"] as? Int, 0, "nothing sent twice")
        XCTAssertEqual(summary?["pending_files"] as? Int, 0)
    }

    func testARefusedKeyExits77WithOneLineSayingWhy() throws {
        server = try SeaweedServer()
        try createBucket()
        _ = try writeFiles()
        let endpoint = try XCTUnwrap(server).endpoint
        let path = try config(endpoint: endpoint, secret: "not-the-secret")
        let result = try WayfinderBinary.run(["upload", path])
        XCTAssertEqual(result.status, 77, result.errors)
        XCTAssertEqual(result.output, "")
        let last = result.errors.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertEqual(last, "wayfinder upload: \(endpoint) refused by the server (403 SignatureDoesNotMatch): "
                       + "check the key in \(directory)/upload.credentials and the bucket's access")
        XCTAssertEqual(try keys(), [], "nothing stored")
    }

    func testAServerThatCannotBeReachedExits69WithOneLineSayingWhy() throws {
        _ = try writeFiles()
        let port = try XCTUnwrap(SeaweedServer.freePorts(1).first)
        let path = try config(endpoint: "http://127.0.0.1:\(port)")
        let result = try WayfinderBinary.run(["upload", "--json", path])
        XCTAssertEqual(result.status, 69, result.errors)
        let summary = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        XCTAssertEqual(summary?["outcome"] as? String, "unreachable")
        XCTAssertEqual(summary?["pending_files"] as? Int, 5)
        let reason = try XCTUnwrap(summary?["reason"] as? String)
        XCTAssertTrue(reason.hasPrefix("PUT lab/unit-7/") && reason.contains(": http://127.0.0.1:\(port) refused the connection"),
                      "the request and why it got no answer: \(reason)")
        let plain = try WayfinderBinary.run(["upload", path])
        XCTAssertEqual(plain.status, 69)
        XCTAssertTrue(plain.errors.hasSuffix("wayfinder upload: \(reason)\n"), plain.errors)
    }

    func testADryRunListsKeysAndSizesWithoutARequest() throws {
        _ = try writeFiles()
        // Nothing listens there: a request would fail the run.
        let port = try XCTUnwrap(SeaweedServer.freePorts(1).first)
        let path = try config(endpoint: "http://127.0.0.1:\(port)")
        let result = try WayfinderBinary.run(["upload", "--dry-run", path])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.output.split(separator: "\n").map(String.init).sorted(), [
            "5 files, 110 bytes would go up (dry run: nothing sent)",
            "lab/unit-7/samples/gestures-20261129T101500Z.jsonl  13 bytes",
            "lab/unit-7/walks/\(Self.walk)/events.jsonl  25 bytes",
            "lab/unit-7/walks/\(Self.walk)/manifest.json  26 bytes",
            "lab/unit-7/walks/\(Self.walk)/report.html  24 bytes",
            "lab/unit-7/walks/\(Self.walk)/track.gpx  22 bytes",
        ].sorted())
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(directory)/state/outbox"), "no record written")
    }

    /// `wayfinder run` with `[upload]`: the demo walk, once it arrives, goes up from the running
    /// appliance by itself, its manifest naming the unit and the configuration's SHA-256.
    func testTheDemoWalkGoesUpOnceItArrives() throws {
        let helper = self
        helper.server = try SeaweedServer()
        try helper.createBucket()
        let path = try helper.config(endpoint: try XCTUnwrap(helper.server).endpoint)
        let (process, _, output, errors) = try WayfinderBinary.start(
            ["run", path, "--acceleration", "150", "--fresh", "--control-socket", "none"])
        defer { if process.isRunning { process.terminate() } }
        try WayfinderBinary.eventually("the walk's manifest stored", from: process, timeout: .seconds(120),
                                       log: { output.text + errors.text }) {
            (output.text + errors.text).contains(".manifest.json") && (output.text + errors.text).contains("stored lab/unit-7/walks/")
                && (output.text + errors.text).range(of: #"stored lab/unit-7/walks/[^ ]+/manifest\.json"#, options: .regularExpression) != nil
        }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, errors.finish())
        let keys = try helper.keys()
        let walk = try XCTUnwrap(keys.first { $0.hasSuffix("/manifest.json") }?.split(separator: "/").dropLast().last)
        XCTAssertEqual(keys.filter { $0.contains("/walks/\(walk)/") }.sorted(),
                       ["events.jsonl", "manifest.json", "report.html", "track.gpx"].map { "lab/unit-7/walks/\(walk)/\($0)" })
        let manifest = try helper.boto3("sys.stdout.buffer.write(s3.get_object(Bucket='walks', Key=sys.argv[2])['Body'].read())",
                                        ["lab/unit-7/walks/\(walk)/manifest.json"])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: manifest) as? [String: Any])
        XCTAssertEqual(object["unit_id"] as? String, "unit-7")
        XCTAssertEqual(object["walk"] as? String, String(walk))
        let hash = try helper.boto3("import hashlib; print(hashlib.sha256(open(sys.argv[2], 'rb').read()).hexdigest())", [path])
        XCTAssertEqual(object["configuration_sha256"] as? String,
                       String(decoding: hash, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        XCTAssertNotNil(object["end_time"] as? Double, "a finished walk's end")
    }
}
