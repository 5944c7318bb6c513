import Foundation
import Glibc
@testable import Platform
import WayfinderTestKit
import XCTest

/// The state directory is the owner's alone: created 0700; an existing one is never changed, and one
/// that lets group or others in is named as such for the caller to refuse.
final class PrivateDirectoryTests: XCTestCase {
    var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "wayfinder-private-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    static func mode(_ path: String) -> mode_t { DirectorySnapshot.mode(path) }

    /// mkdir(2)'s mode less the umask: no umask gives group or others anything.
    func testAMissingDirectoryIsCreatedWithMode0700UnderAUmaskThatTakesNothingOrMore() throws {
        for mask: mode_t in [0, 0o002, 0o022, 0o077] {
            let path = "\(root)/a\(mask)/b/state"
            let previous = umask(mask)
            defer { umask(previous) }
            let report = try PrivateDirectory.prepare(path)
            XCTAssertTrue(report.created)
            XCTAssertEqual(Self.mode(path), 0o700, "under umask \(String(mask, radix: 8))")
        }
    }

    /// Another process makes the directory between the look and the mkdir: it is not ours, so it is
    /// reported as existing (for the caller to judge) and its mode is left as it is.
    func testADirectoryMadeByAnotherBetweenTheLookAndTheCreateIsNotTreatedAsOurs() throws {
        let path = "\(root)/state"
        let report = try PrivateDirectory.prepare(path, afterLooking: {
            XCTAssertEqual(mkdir(path, 0o700), 0)
            XCTAssertEqual(chmod(path, 0o1777), 0)
        })
        XCTAssertFalse(report.created)
        XCTAssertEqual(Self.mode(path), 0o1777)
        XCTAssertEqual(PrivateDirectory.openMode(of: path), 0o1777)
    }

    /// A symbolic link is judged by the directory it leads to, where the files are written.
    func testASymbolicLinkIsJudgedByTheDirectoryItLeadsTo() throws {
        let open = "\(root)/open", closed = "\(root)/closed"
        XCTAssertEqual(mkdir(open, 0o700), 0)
        XCTAssertEqual(chmod(open, 0o1777), 0)
        XCTAssertEqual(mkdir(closed, 0o700), 0)
        XCTAssertEqual(symlink(open, "\(root)/to-open"), 0)
        XCTAssertEqual(symlink(closed, "\(root)/to-closed"), 0)
        XCTAssertEqual(PrivateDirectory.openMode(of: "\(root)/to-open"), 0o1777)
        XCTAssertNil(PrivateDirectory.openMode(of: "\(root)/to-closed"))
        XCTAssertEqual(try PrivateDirectory.prepare("\(root)/to-closed"), PrivateDirectory.Report(), "an existing directory")
        XCTAssertEqual(try PrivateDirectory.prepare("\(root)/to-open"), PrivateDirectory.Report())
        XCTAssertEqual(Self.mode(open), 0o1777, "left as it is")
        XCTAssertEqual(PrivateDirectory.linkTarget(of: "\(root)/to-open"), realpath(open))
        XCTAssertNil(PrivateDirectory.linkTarget(of: open), "not a link")
    }

    func testASymbolicLinkToNothingIsNamedAsSuch() {
        let link = "\(root)/state"
        XCTAssertEqual(symlink("\(root)/gone", link), 0)
        XCTAssertThrowsError(try PrivateDirectory.prepare(link)) { error in
            XCTAssertEqual(error as? PrivateDirectory.Failure,
                           PrivateDirectory.Failure(path: link, step: "follow the symbolic link", errno: ENOENT))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(root)/gone"), "nothing is made at the link's target")
    }

    /// realpath(3) of `path`.
    func realpath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    func testAnExistingOpenDirectoryAndItsFilesAreLeftAsTheyAreAndItsModeIsReported() throws {
        let path = "\(root)/state"
        try FileManager.default.createDirectory(atPath: path + "/tracks", withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: path + "/progress.json", contents: Data("{}".utf8)), "the fixture file was created")
        chmod(path, 0o1777)
        chmod(path + "/tracks", 0o750)
        chmod(path + "/progress.json", 0o644)
        let report = try PrivateDirectory.prepare(path)
        XCTAssertEqual(report, PrivateDirectory.Report())
        XCTAssertEqual(Self.mode(path), 0o1777)
        XCTAssertEqual(Self.mode(path + "/tracks"), 0o750)
        XCTAssertEqual(Self.mode(path + "/progress.json"), 0o644)
        XCTAssertEqual(PrivateDirectory.openMode(of: path), 0o1777)
        XCTAssertEqual(PrivateDirectory.openMode(of: path + "/tracks"), 0o750)
        XCTAssertNil(PrivateDirectory.openMode(of: path + "/progress.json"), "a file is not a directory")
        XCTAssertNil(PrivateDirectory.openMode(of: path + "/missing"), "a missing directory is made private")
        chmod(path, 0o700)
        XCTAssertNil(PrivateDirectory.openMode(of: path))
    }

    func testAPrivateDirectoryIsLeftAsItIs() throws {
        let path = "\(root)/state"
        mkdir(path, 0o700)
        XCTAssertTrue(FileManager.default.createFile(atPath: path + "/progress.json", contents: Data("{}".utf8)), "the fixture file was created")
        chmod(path + "/progress.json", 0o600)
        let report = try PrivateDirectory.prepare(path)
        XCTAssertEqual(report, PrivateDirectory.Report())
    }

    func testASymbolicLinkInsideTheDirectoryIsNotFollowed() throws {
        let path = "\(root)/state"
        mkdir(path, 0o700)
        let outside = "\(root)/outside.txt"
        XCTAssertTrue(FileManager.default.createFile(atPath: outside, contents: Data("x".utf8)), "the fixture file was created")
        chmod(outside, 0o644)
        symlink(outside, path + "/link")
        _ = try PrivateDirectory.prepare(path)
        XCTAssertEqual(Self.mode(outside), 0o644, "a file outside the state directory is not ours to change")
    }

    func testAFileWhereTheDirectoryShouldBeIsAnError() {
        let path = "\(root)/state"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()), "the fixture file was created")
        XCTAssertThrowsError(try PrivateDirectory.prepare(path))
    }
}
