import Foundation
import Glibc
import Platform
import XCTest

/// The recording's file: created new (never another session's), appended whole, closed for good.
final class AppendOnlyFileTests: XCTestCase {
    func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "wayfinder-append-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { _ = try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testAppendsLandInOrderAndAreThereBeforeClose() throws {
        let path = "\(temporaryDirectory())/session.jsonl"
        let file = try AppendOnlyFile(creating: path)
        try file.append(Array("one\n".utf8))
        try file.append(Array("two\nthree\n".utf8))
        // Already visible to another reader: in the kernel, which is what outlives a kill -9.
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "one\ntwo\nthree\n")
        try file.sync()
        try file.close()
        XCTAssertThrowsError(try file.append(Array("four\n".utf8)))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "one\ntwo\nthree\n")
    }

    func testAnExistingFileIsNeverAppendedTo() throws {
        let path = "\(temporaryDirectory())/session.jsonl"
        try "someone else's\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try AppendOnlyFile(creating: path)) { error in
            XCTAssertEqual((error as? AppendOnlyFile.Failure)?.errno, EEXIST)
            XCTAssertTrue("\(error)".contains(path), "\(error)")
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "someone else's\n")
    }

    func testAFileCreatedWithContentAppearsHoldingIt() throws {
        let directory = temporaryDirectory()
        let path = "\(directory)/session.jsonl"
        let file = try AppendOnlyFile(creating: path, initialContent: Array("header\n".utf8))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "header\n")
        try file.append(Array("line\n".utf8))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "header\nline\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["session.jsonl"],
                       "the hidden partial file is gone once linked")
        XCTAssertThrowsError(try AppendOnlyFile(creating: path, initialContent: Array("other\n".utf8))) { error in
            XCTAssertEqual((error as? AppendOnlyFile.Failure)?.errno, EEXIST)
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "header\nline\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["session.jsonl"])
    }

    func testACreatedFileIsMode0600WhateverTheUmask() throws {
        let directory = temporaryDirectory()
        let previous = umask(0o277)
        defer { umask(previous) }
        _ = try AppendOnlyFile(creating: "\(directory)/empty.jsonl")
        _ = try AppendOnlyFile(creating: "\(directory)/headed.jsonl", initialContent: Array("header\n".utf8))
        for name in ["empty.jsonl", "headed.jsonl"] {
            var info = stat()
            XCTAssertEqual(stat("\(directory)/\(name)", &info), 0)
            XCTAssertEqual(info.st_mode & 0o7777, 0o600, name)
        }
    }
}
