import Foundation
@testable import Runtime
import XCTest

/// The married pen kept across restarts, as the SDK keeps its paired peripheral.
final class PenPairingStoreTests: XCTestCase {
    func directory() throws -> String {
        let path = NSTemporaryDirectory() + "wayfinder-pen-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testAStoredPenIsTakenBackAndAForgottenOneIsGone() throws {
        let store = PenPairingStore(directory: try directory())
        XCTAssertNil(try store.load(), "nothing paired yet")
        try store.save("C0:11:22:33:44:55")
        XCTAssertEqual(try store.load(), "C0:11:22:33:44:55")
        var info = stat()
        XCTAssertEqual(stat(store.path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        try store.save(nil)
        XCTAssertNil(try store.load())
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path))
        XCTAssertNoThrow(try store.save(nil), "forgetting twice is not an error")
    }

    func testAFileThatIsNotAPairingIsMovedAsideAndSaidSo() throws {
        let store = PenPairingStore(directory: try directory())
        try Data(#"{"pen": "not an address"}"#.utf8).write(to: URL(fileURLWithPath: store.path))
        XCTAssertThrowsError(try store.load()) { error in
            XCTAssertTrue("\(error)".contains("is not a Bluetooth address"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path), "moved aside")
        XCTAssertNil(try store.load())
    }
}
