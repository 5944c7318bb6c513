import Foundation
import WayfinderTestKit
import XCTest

/// `config check` on a configuration with `[upload]`: the credentials file must be there, private and
/// well-formed, and the unit id is shown (the machine's pseudonym unless one is configured).
final class UploadConfigCommandLineTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "wayfinder-upload-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The demo's configuration with `[upload]` holding `upload`, and the line `[upload]` is on.
    func config(_ upload: String) throws -> (path: String, line: Int) {
        let path = directory + "/wayfinder.toml"
        let text = try String(contentsOfFile: Repository.demoConfig, encoding: .utf8)
            .replacingOccurrences(of: "routes/demo-walk.gpx", with: Repository.demoRoute)
            .replacingOccurrences(of: "\"../.build/demo-state\"", with: "\"\(directory)/state\"")
        try (text + "\n[upload]\n" + upload + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let line = text.components(separatedBy: "\n").count + 1
        return (path, line)
    }

    func credentials(_ text: String, mode: Int = 0o600) throws -> String {
        let path = directory + "/upload.credentials"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    static let key = "[default]\naws_access_key_id = AKID\naws_secret_access_key = secret\n"

    func testAValidUploadShowsWhereWhatGoesAndTheMachinesPseudonym() throws {
        let key = try credentials(Self.key)
        let (path, _) = try config("endpoint = \"http://127.0.0.1:8333\"\nbucket = \"wayfinder\"\nprefix = \"lab/\"\ncredentials = \"\(key)\"")
        let result = try WayfinderBinary.run(["config", "check", path])
        XCTAssertEqual(result.status, 0, result.errors)
        let line = try XCTUnwrap(result.output.components(separatedBy: "\n").first { $0.hasPrefix("  upload") })
        XCTAssertNotNil(line.range(of: #"^  upload     walks and samples to http://127\.0\.0\.1:8333/wayfinder/lab/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/ while no walk is in progress$"#,
                                    options: .regularExpression), line)
        let machineID = try String(contentsOfFile: "/etc/machine-id", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertFalse(line.replacingOccurrences(of: "-", with: "").contains(machineID.prefix(8)), "the machine id itself is never shown")
    }

    func testAConfiguredUnitIdIsShown() throws {
        let key = try credentials(Self.key)
        let (path, _) = try config("endpoint = \"https://s3.example.com\"\nbucket = \"wayfinder\"\ncredentials = \"\(key)\"\nunit_id = \"unit-07\"\nwhat = [\"samples\"]\nwhen = \"always\"")
        let result = try WayfinderBinary.run(["config", "check", path])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.output.contains("  upload     samples to https://s3.example.com/wayfinder/unit-07/ also during a walk\n"), result.output)
    }

    func testAMissingCredentialsFileIsRefusedAtTheKeyThatNamesIt() throws {
        let missing = directory + "/nowhere.credentials"
        let (path, line) = try config("endpoint = \"http://127.0.0.1:8333\"\nbucket = \"wayfinder\"\ncredentials = \"\(missing)\"")
        let result = try WayfinderBinary.run(["config", "check", path])
        XCTAssertEqual(result.status, 78)
        XCTAssertTrue(result.errors.contains("\(path):\(line + 3):1: upload.credentials: \(missing): does not exist; write the key there"), result.errors)
        XCTAssertTrue(result.errors.contains("`chmod 600 \(missing)`"), result.errors)
    }

    func testACredentialsFileOthersCanReadIsRefusedWithTheChmodToRun() throws {
        let key = try credentials(Self.key, mode: 0o644)
        let (path, line) = try config("endpoint = \"http://127.0.0.1:8333\"\nbucket = \"wayfinder\"\ncredentials = \"\(key)\"")
        let result = try WayfinderBinary.run(["config", "check", path])
        XCTAssertEqual(result.status, 78)
        XCTAssertTrue(result.errors.contains("\(path):\(line + 3):1: upload.credentials: \(key): is open to its group or others (mode 0644); a secret key must be private to its owner: `chmod 600 \(key)`"), result.errors)
    }

    func testAMalformedCredentialsFileIsRefusedAtItsOwnLines() throws {
        let key = try credentials("[default]\naws_access_key_id = AKID\naws_secret_acces_key = s\n")
        let (path, _) = try config("endpoint = \"http://127.0.0.1:8333\"\nbucket = \"wayfinder\"\ncredentials = \"\(key)\"")
        let result = try WayfinderBinary.run(["config", "check", path])
        XCTAssertEqual(result.status, 78)
        XCTAssertTrue(result.errors.contains("\(key):1: [default] has no aws_secret_access_key (is aws_secret_acces_key at line 3 a typo?)"), result.errors)
    }

    /// Under systemd the service reads the unit's `LoadCredential=upload:…` copy: with
    /// `$CREDENTIALS_DIRECTORY` set, the configured path is not needed.
    func testTheCopyInTheCredentialsDirectoryIsChecked() throws {
        let store = directory + "/credentials"
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        try "[default]\naws_access_key_id =\n".write(toFile: store + "/upload", atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: store + "/upload")
        let (path, _) = try config("endpoint = \"http://127.0.0.1:8333\"\nbucket = \"wayfinder\"\ncredentials = \"/nonexistent/upload.credentials\"")
        let result = try WayfinderBinary.run(["config", "check", path], environment: ["CREDENTIALS_DIRECTORY": store])
        XCTAssertEqual(result.status, 78)
        XCTAssertTrue(result.errors.contains("\(store)/upload:2: aws_access_key_id: is empty"), result.errors)
        XCTAssertFalse(result.errors.contains("/nonexistent"), result.errors)
    }
}
