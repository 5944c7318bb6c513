import Foundation
import Navigation
@testable import Runtime
import XCTest

/// Route progress survives restarts, and a progress file that cannot be used is kept aside for a look
/// and never read again.
final class ProgressStoreTests: XCTestCase {
    var directory = ""

    override func setUp() {
        directory = NSTemporaryDirectory() + "wayfinder-progress-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    func testSavedProgressLoadsBackUnchanged() throws {
        let store = ProgressStore(directory: directory)
        XCTAssertNil(try store.load(), "no file: no progress")
        let progress = RouteProgress(routeIdentity: "abc", currentIndex: 3, skipped: [1], destinationReached: false)
        try store.save(progress)
        XCTAssertEqual(try store.load(), progress)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["progress.json"],
                       "no temporary file is left beside it")
    }

    /// A progress.json from before "navigating" existed is the wearer's walk, not a corrupt file: it
    /// loads (as not under way, so the update does not start a walk by itself) and stays in place.
    func testAFileFromBeforeTheNavigatingKeyLoadsAsNotUnderWayAndIsNotMovedAside() throws {
        let store = ProgressStore(directory: directory)
        try Data("""
            {
              "currentIndex" : 4,
              "destinationReached" : false,
              "routeIdentity" : "abc",
              "skipped" : [

              ]
            }
            """.utf8).write(to: URL(fileURLWithPath: store.path))
        XCTAssertEqual(try store.load(), RouteProgress(routeIdentity: "abc", currentIndex: 4, isNavigating: false))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["progress.json"])
    }

    func testAWalkUnderWayIsSavedAsNavigatingAndLoadsBack() throws {
        let store = ProgressStore(directory: directory)
        let progress = RouteProgress(routeIdentity: "abc", currentIndex: 2, skipped: [1], isNavigating: true)
        try store.save(progress)
        XCTAssertEqual(try store.load(), progress)
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        XCTAssertTrue(text.contains("\"navigating\" : true"), text)
    }

    func testACorruptFileIsMovedAsideAndReportedWithWhere() throws {
        let store = ProgressStore(directory: directory)
        try Data("{\"routeIdentity\": \"abc\", \"currentI".utf8).write(to: URL(fileURLWithPath: store.path))
        XCTAssertThrowsError(try store.load()) { error in
            guard let unreadable = error as? StateFileUnreadable else { return XCTFail("\(error)") }
            XCTAssertEqual(unreadable.reason, "not JSON")
            let aside = try? XCTUnwrap(unreadable.movedTo)
            XCTAssertTrue(aside?.hasPrefix(store.path + ".unreadable-") ?? false, "\(String(describing: aside))")
            XCTAssertTrue(FileManager.default.fileExists(atPath: aside ?? ""), "the bytes are kept")
            XCTAssertTrue(unreadable.description.contains("moved aside to \(aside ?? "?")"), unreadable.description)
        }
        XCTAssertNil(try store.load(), "the next start finds no progress instead of the same corrupt file")
    }

    func testAForeignJSONFileIsNotTakenForProgress() throws {
        let store = ProgressStore(directory: directory)
        try Data("{\"bonds\": []}".utf8).write(to: URL(fileURLWithPath: store.path))
        XCTAssertThrowsError(try store.load()) { error in
            XCTAssertEqual((error as? StateFileUnreadable)?.reason, "no \"routeIdentity\"")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        XCTAssertEqual(names.count, 1)
        XCTAssertTrue(names[0].hasPrefix("progress.json.unreadable-"), "\(names)")
    }

    func testTwoCorruptFilesInOneSecondAreBothKept() throws {
        let store = ProgressStore(directory: directory)
        for text in ["garbage one", "garbage two"] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
            XCTAssertThrowsError(try store.load())
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory)
            .map { try String(contentsOfFile: directory + "/" + $0, encoding: .utf8) }.sorted()
        XCTAssertEqual(kept, ["garbage one", "garbage two"])
    }

    func testASavedProgressIsMode0600() throws {
        let store = ProgressStore(directory: directory)
        try store.save(RouteProgress(routeIdentity: "abc"))
        var info = stat()
        XCTAssertEqual(stat(store.path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o600)
    }

    func testAFailedDirectorySyncIsAWarningAndTheProgressIsSaved() throws {
        let store = ProgressStore(directory: directory, syncDirectory: { _ in errno = EIO; return -1 })
        let progress = RouteProgress(routeIdentity: "abc", currentIndex: 2)
        let warning = try store.save(progress)
        XCTAssertEqual(warning?.errno, EIO)
        XCTAssertEqual(warning?.path, store.path)
        XCTAssertEqual(try store.load(), progress, "the new progress is in place")
    }
}
