import Foundation
import Glibc
import Platform
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

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    func testAMissingDirectoryIsCreatedWithMode0700WhateverTheUmask() throws {
        let path = "\(root)/a/b/state"
        let previous = umask(0o022)
        defer { umask(previous) }
        let report = try PrivateDirectory.prepare(path)
        XCTAssertTrue(report.created)
        XCTAssertEqual(Self.mode(path), 0o700)
        XCTAssertEqual(report.failures, [])
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

    func testASymbolicLinkIsNotFollowed() throws {
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
