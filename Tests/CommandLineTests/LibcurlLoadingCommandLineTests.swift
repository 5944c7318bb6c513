import Foundation
import WayfinderTestKit
import XCTest

/// libcurl is loaded when the upload first sends, not linked: a start never maps it, and a system
/// without it uploads nothing but says why and what to install (docs/upload.md, "Troubleshooting").
final class LibcurlLoadingCommandLineTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "wayfinder-libcurl-\(UUID().uuidString)"
        for sub in ["state", "state/tracks"] {
            try FileManager.default.createDirectory(atPath: "\(directory)/\(sub)", withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The demo's configuration with `[upload]` to a port nobody listens on, a key, and a finished walk
    /// waiting to go up.
    func configWithAWalkWaiting(extra: String = "") throws -> String {
        let key = directory + "/upload.credentials"
        try "[default]\naws_access_key_id = AKIDEXAMPLE\naws_secret_access_key = secret\n"
            .write(toFile: key, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: key)
        for suffix in [".gpx", ".events.jsonl", ".html", ".manifest.json"] {
            try Data("x\n".utf8).write(to: URL(fileURLWithPath: "\(directory)/state/tracks/\(UploadCommandLineTests.walk)\(suffix)"))
        }
        let port = try XCTUnwrap(SeaweedServer.freePorts(1).first)
        let path = directory + "/wayfinder.toml"
        let text = try String(contentsOfFile: Repository.demoConfig, encoding: .utf8)
            .replacingOccurrences(of: "routes/demo-walk.gpx", with: Repository.demoRoute)
            .replacingOccurrences(of: "\"../.build/demo-state\"", with: "\"\(directory)/state\"")
        try (text + "\n[upload]\nendpoint = \"http://127.0.0.1:\(port)\"\nbucket = \"walks\"\nprefix = \"lab/\"\n"
             + "unit_id = \"unit-7\"\ncredentials = \"\(key)\"\n\(extra)").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The binary's dynamic section (`readelf -d`) names the C libraries it links, libcurl not among
    /// them: the ~27 libraries libcurl needs are not mapped at every start. Nor is OpenSSL's libcrypto,
    /// whose first digest loads its configuration and provider: the hashes come from Nettle.
    func testTheBinaryDoesNotLinkLibcurl() throws {
        let binary = try XCTUnwrap(WayfinderBinary.path, "the wayfinder executable is not built")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
        process.arguments = ["-d", binary]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "readelf -d \(binary)")
        let needed = text.split(separator: "\n").filter { $0.contains("(NEEDED)") }
            .compactMap { line in line.split(separator: "[").last.map { String($0.dropLast()) } }
        XCTAssertTrue(needed.contains("libc.so.6"), "readelf's NEEDED entries were read: \(needed)")
        XCTAssertTrue(needed.contains { $0.hasPrefix("libnettle.so") }, "Nettle's hashes are linked: \(needed)")
        XCTAssertFalse(needed.contains { $0.hasPrefix("libcrypto") }, "libcrypto is linked: \(needed)")
        XCTAssertFalse(needed.contains { $0.hasPrefix("libcurl") }, "libcurl is linked: \(needed)")
    }

    /// A libcurl that cannot be loaded (a file that does not exist, as on a system without Debian's
    /// libcurl4): the upload fails as when the server cannot be reached, 69 (EX_UNAVAILABLE), with one
    /// line naming the file and what to do, and no request sent. A dry run needs no libcurl.
    func testALibcurlThatCannotBeLoadedExits69SayingWhy() throws {
        let path = try configWithAWalkWaiting()
        let missing = "\(directory)/nowhere/libcurl.so.4"
        let result = try WayfinderBinary.run(["upload", "--json", path], environment: ["WAYFINDER_LIBCURL": missing])
        XCTAssertEqual(result.status, 69, result.errors)
        let summary = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        XCTAssertEqual(summary?["outcome"] as? String, "unreachable")
        XCTAssertEqual(summary?["pending_files"] as? Int, 4)
        let reason = try XCTUnwrap(summary?["reason"] as? String)
        XCTAssertTrue(reason.hasPrefix("PUT lab/unit-7/walks/\(UploadCommandLineTests.walk)/"), reason)
        XCTAssertTrue(reason.hasSuffix(": cannot load \(missing), named by WAYFINDER_LIBCURL "
                                       + "(cannot open shared object file: No such file or directory): "
                                       + "name Debian's libcurl there, or unset it to load libcurl.so.4"), reason)

        let plain = try WayfinderBinary.run(["upload", path], environment: ["WAYFINDER_LIBCURL": missing])
        XCTAssertEqual(plain.status, 69)
        XCTAssertTrue(plain.errors.hasSuffix("wayfinder upload: \(reason)\n"), plain.errors)

        let dryRun = try WayfinderBinary.run(["upload", "--dry-run", path], environment: ["WAYFINDER_LIBCURL": missing])
        XCTAssertEqual(dryRun.status, 0, dryRun.errors)
        XCTAssertTrue(dryRun.output.hasSuffix("4 files, 8 bytes would go up (dry run: nothing sent)\n"), dryRun.output)
    }

    /// A library that is not libcurl (glibc's own): refused by the functions it lacks, never called.
    func testALibraryThatIsNotLibcurlIsRefused() throws {
        let path = try configWithAWalkWaiting()
        let result = try WayfinderBinary.run(["upload", "--json", path], environment: ["WAYFINDER_LIBCURL": "libc.so.6"])
        XCTAssertEqual(result.status, 69, result.errors)
        let summary = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let reason = try XCTUnwrap(summary?["reason"] as? String)
        XCTAssertTrue(reason.contains(": cannot load libc.so.6, named by WAYFINDER_LIBCURL ("), reason)
        XCTAssertTrue(reason.contains("undefined symbol: curl_global_init"), reason)
    }

    /// The appliance without libcurl keeps running: the walk goes on, the outbox keeps the files and
    /// retries, and `status` says why nothing goes up.
    func testTheApplianceWithoutLibcurlKeepsRunningAndStatusSaysWhy() throws {
        let path = try configWithAWalkWaiting(extra: "when = \"always\"\n")
        let missing = "\(directory)/nowhere/libcurl.so.4"
        let socket = directory + "/control.sock"
        let (process, _, output, errors) = try WayfinderBinary.start(
            ["run", path, "--fresh", "--control-socket", socket], environment: ["WAYFINDER_LIBCURL": missing])
        defer { if process.isRunning { process.terminate() } }
        func log() -> String { output.text.suffix(3000) + "\n" + errors.text.suffix(3000) }

        var upload: [String: Any] = [:]
        try WayfinderBinary.eventually("the upload's error in status", from: process, timeout: .seconds(60), log: log) {
            let status = try WayfinderBinary.run(["status", "--json", "--socket", socket])
            guard status.status == 0,
                  let report = try? JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [String: Any],
                  let part = report["upload"] as? [String: Any], part["last_error"] is String else { return false }
            upload = part
            return true
        }
        let lastError = try XCTUnwrap(upload["last_error"] as? String)
        XCTAssertTrue(lastError.hasSuffix(": cannot load \(missing), named by WAYFINDER_LIBCURL "
                                          + "(cannot open shared object file: No such file or directory): "
                                          + "name Debian's libcurl there, or unset it to load libcurl.so.4"), lastError)
        XCTAssertEqual(upload["pending_files"] as? Int, 4, "the walk's files are kept for later")
        XCTAssertNil(upload["stopped"], "a missing library is retried, not a stop")
        let page = try WayfinderBinary.run(["status", "--socket", socket])
        XCTAssertTrue(page.output.contains("; last error: \(lastError)"), page.output)
        XCTAssertTrue(process.isRunning, log())
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, log())
    }
}
