import Foundation
import Glibc
@testable import Runtime
import XCTest

/// At start the state directory is made private and cleared of what interrupted writes left.
final class StateDirectoryTests: XCTestCase {
    var state = ""

    override func setUpWithError() throws {
        state = NSTemporaryDirectory() + "wayfinder-state-\(UUID().uuidString)"
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: state)
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    func testAMissingStateDirectoryIsCreated0700() {
        let notes = StateDirectory.prepare(state)
        XCTAssertEqual(Self.mode(state), 0o700)
        XCTAssertFalse(notes.contains { $0.level == .notice })
    }

    func testAReadableStateDirectoryIsTightenedAndSaidOnceAtNotice() throws {
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: state + "/progress.json", contents: Data("{}".utf8)), "the fixture file was created")
        XCTAssertTrue(FileManager.default.createFile(atPath: state + "/bonds.json", contents: Data("{}".utf8)), "the fixture file was created")
        chmod(state, 0o755)
        chmod(state + "/progress.json", 0o644)
        chmod(state + "/bonds.json", 0o644)
        let notes = StateDirectory.prepare(state)
        XCTAssertEqual(Self.mode(state), 0o700)
        XCTAssertEqual(Self.mode(state + "/progress.json"), 0o600)
        XCTAssertEqual(Self.mode(state + "/bonds.json"), 0o600)
        let notices = notes.filter { $0.level == .notice }
        XCTAssertEqual(notices.count, 1, "\(notes)")
        XCTAssertTrue(notices.first?.message.contains(state + "/progress.json") == true)
        XCTAssertEqual(StateDirectory.prepare(state), [], "the next start has nothing to say")
    }

    func testATemporaryFileOfAnEndedWriteIsRemovedAndLoggedAtInfo() throws {
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        chmod(state, 0o700)
        XCTAssertTrue(FileManager.default.createFile(atPath: state + "/progress.json.tmp-4242", contents: Data("{".utf8),
                                       attributes: [.posixPermissions: 0o600]), "the fixture file was created")
        let notes = StateDirectory.prepare(state, isAlive: { _ in false })
        XCTAssertFalse(FileManager.default.fileExists(atPath: state + "/progress.json.tmp-4242"))
        XCTAssertEqual(notes.map(\.level), [.info])
        XCTAssertTrue(notes.first?.message.contains("progress.json.tmp-4242") == true)
    }

    func testATemporaryFileOfARunningWriterIsKept() throws {
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        chmod(state, 0o700)
        XCTAssertTrue(FileManager.default.createFile(atPath: state + "/bonds.json.tmp-4242", contents: Data("{".utf8),
                                       attributes: [.posixPermissions: 0o600]), "the fixture file was created")
        let notes = StateDirectory.prepare(state, isAlive: { $0 == 4242 })
        XCTAssertTrue(FileManager.default.fileExists(atPath: state + "/bonds.json.tmp-4242"), "wayfinder pair is writing it")
        XCTAssertEqual(notes, [])
    }
}
