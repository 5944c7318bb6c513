import Foundation
import Upload
import UploadPlatform
import XCTest

/// The credentials file on disk: a private regular file holding a key, or a refusal saying what to do.
final class CredentialsFileTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "CredentialsFileTests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    static let good = "[default]\naws_access_key_id = AKID\naws_secret_access_key = secret\n"

    func write(_ text: String, mode: Int = 0o600, name: String = "upload.credentials") throws -> String {
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    func refusal(_ path: String, line: UInt = #line) -> [String] {
        do {
            _ = try CredentialsFile.load(path: path)
            XCTFail("expected \(path) to be refused", line: line)
            return []
        } catch {
            return error.issues.map(\.description)
        }
    }

    func testAPrivateFileGivesItsKey() throws {
        XCTAssertEqual(try CredentialsFile.load(path: try write(Self.good)), AccessKey(accessKeyID: "AKID", secretAccessKey: "secret"))
        XCTAssertEqual(try CredentialsFile.load(path: try write(Self.good, mode: 0o400)).accessKeyID, "AKID")
    }

    func testAMissingFileSaysWhatToWriteThere() {
        let path = directory + "/absent"
        XCTAssertEqual(refusal(path), ["\(path): does not exist; write the key there ([default], aws_access_key_id, aws_secret_access_key, as the AWS CLI's credentials file) and `chmod 600 \(path)`"])
    }

    func testAFileOthersOrTheGroupCanReadIsRefusedWithTheChmodToRun() throws {
        for mode in [0o644, 0o640, 0o604, 0o620] {
            let path = try write(Self.good, mode: mode)
            XCTAssertEqual(refusal(path), ["\(path): is open to its group or others (mode 0\(String(mode, radix: 8))); a secret key must be private to its owner: `chmod 600 \(path)`"])
        }
    }

    func testADirectoryOrAFIFOIsNotACredentialsFile() throws {
        XCTAssertEqual(refusal(directory), ["\(directory): is a directory, not a credentials file; name the file itself"])
        let fifo = directory + "/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertEqual(refusal(fifo), ["\(fifo): is a FIFO, not a credentials file; name the file itself"])
    }

    func testMalformedContentsAreReportedAtTheirLines() throws {
        let path = try write("[default]\naws_access_key_id AKID\n")
        XCTAssertEqual(refusal(path), [
            "\(path):2: expected name = value (e.g. aws_access_key_id = AKIA…), a [profile] or a # comment",
            "\(path):1: [default] has no aws_access_key_id",
            "\(path):1: [default] has no aws_secret_access_key",
        ])
    }

    func testBytesThatAreNotUTF8AreRefused() throws {
        let path = directory + "/binary"
        FileManager.default.createFile(atPath: path, contents: Data([0xff, 0xfe, 0x00]), attributes: [.posixPermissions: 0o600])
        XCTAssertEqual(refusal(path), ["\(path): is not UTF-8 text; write it with a text editor"])
    }

    /// Under systemd the unit's `LoadCredential=upload:…` copy is read; without one, the configured file.
    func testSystemdsCopyIsPreferredWhenThereIsOne() throws {
        let configured = directory + "/configured"
        XCTAssertEqual(CredentialsFile.location(configured: configured, credentialsDirectory: nil), configured)
        XCTAssertEqual(CredentialsFile.location(configured: configured, credentialsDirectory: directory), configured)
        let copy = try write(Self.good, mode: 0o400, name: "upload")
        XCTAssertEqual(CredentialsFile.location(configured: configured, credentialsDirectory: directory), copy)
        XCTAssertEqual(CredentialsFile.location(configured: configured, credentialsDirectory: ""), configured)
    }

    /// The unit's `SetCredential=upload:…` default is what systemd gives when the file was missing at
    /// start: the configured file is read, so `config check` and the log name the file to write, not
    /// systemd's copy. The default's text is the unit's own line, read from deploy/wayfinder.service.
    func testTheUnitsDefaultCopyFallsBackToTheConfiguredFile() throws {
        let configured = directory + "/configured"
        let unit = try String(contentsOfFile: Self.repository + "/deploy/wayfinder.service", encoding: .utf8)
        let line = try XCTUnwrap(unit.split(separator: "\n").first { $0.hasPrefix("SetCredential=upload:") })
        XCTAssertEqual(String(line.dropFirst("SetCredential=upload:".count)), CredentialsFile.unitDefault,
                       "the unit's default and the text the appliance knows are the same")
        _ = try write(CredentialsFile.unitDefault, mode: 0o400, name: "upload")
        XCTAssertEqual(CredentialsFile.location(configured: configured, credentialsDirectory: directory), configured)
        try FileManager.default.removeItem(atPath: directory + "/upload")
        _ = try write("", mode: 0o400, name: "upload")
        XCTAssertEqual(CredentialsFile.location(configured: configured, credentialsDirectory: directory), configured)
        try FileManager.default.removeItem(atPath: directory + "/upload")
        let copy = try write(Self.good, mode: 0o400, name: "upload")
        XCTAssertEqual(CredentialsFile.location(configured: configured, credentialsDirectory: directory), copy,
                       "a real key is read from the copy")
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}
