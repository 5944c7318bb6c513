import Glibc
import Platform
import XCTest

final class AtomicFileTests: XCTestCase {
    func temporaryDirectory() -> String {
        var template = Array("/tmp/wayfinder-atomic-XXXXXX".utf8CString)
        let path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        addTeardownBlock { _ = try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testReplacesTheFileAndLeavesNoTemporaryBehind() throws {
        let dir = temporaryDirectory()
        let path = "\(dir)/progress.json"
        XCTAssertNil(try AtomicFile.write(Array("old".utf8), to: path))
        XCTAssertNil(try AtomicFile.write(Array("new".utf8), to: path))
        XCTAssertEqual(try AtomicFile.read(path).map { String(decoding: $0, as: UTF8.self) }, "new")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["progress.json"])
    }

    func testReadingAMissingFileIsNil() throws {
        XCTAssertNil(try AtomicFile.read("\(temporaryDirectory())/none"))
    }

    func testAnUnwritableDirectoryIsAnErrorNamingThePath() {
        XCTAssertThrowsError(try AtomicFile.write([1], to: "/nonexistent-dir/progress.json")) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent-dir/progress.json"), "\(error)")
            XCTAssertTrue("\(error)".contains("No such file or directory"), "\(error)")
        }
    }

    /// The permission bits of a path.
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    func testAWrittenFileIsMode0600WhateverTheUmask() throws {
        let path = "\(temporaryDirectory())/progress.json"
        // A umask that would take the owner's write bit: the mode is set explicitly, not left to it.
        let previous = umask(0o277)
        defer { umask(previous) }
        _ = try AtomicFile.write(Array("x".utf8), to: path)
        XCTAssertEqual(Self.mode(path), 0o600)
    }

    func testAFailedDirectorySyncIsReportedAsNotDurableWithTheContentInPlace() throws {
        let dir = temporaryDirectory()
        let path = "\(dir)/progress.json"
        let warning = try AtomicFile.write(Array("new".utf8), to: path, syncDirectory: { _ in errno = EIO; return -1 })
        XCTAssertEqual(warning, AtomicFile.NotDurable(path: path, directory: dir, errno: EIO))
        XCTAssertEqual(try AtomicFile.read(path).map { String(decoding: $0, as: UTF8.self) }, "new", "the rename happened")
        XCTAssertTrue(warning?.description.contains("may not survive a power loss") == true, "\(String(describing: warning))")
        XCTAssertFalse(warning?.description.contains("cannot") == true, "not reported as a failure to write")
    }

    func testTheWriterOfATemporaryFileIsReadFromItsName() {
        XCTAssertEqual(AtomicFile.temporaryWriter(of: "progress.json.tmp-1234"), 1234)
        XCTAssertEqual(AtomicFile.temporaryWriter(of: "a.tmp-1.tmp-77"), 77)
        XCTAssertNil(AtomicFile.temporaryWriter(of: "progress.json"))
        XCTAssertNil(AtomicFile.temporaryWriter(of: ".tmp-12"), "no file name before the marker")
        XCTAssertNil(AtomicFile.temporaryWriter(of: "x.tmp-"))
        XCTAssertNil(AtomicFile.temporaryWriter(of: "x.tmp-12a"))
        XCTAssertNil(AtomicFile.temporaryWriter(of: "x.tmp-0"))
        XCTAssertNil(AtomicFile.temporaryWriter(of: "x.tmp-99999999999"), "beyond a pid")
    }

    /// The file a temporary stands for, so only our own files' leftovers are removed.
    func testATemporaryNamesTheFileItWasToReplace() {
        XCTAssertEqual(AtomicFile.temporary("progress.json.tmp-1234")?.file, "progress.json")
        XCTAssertEqual(AtomicFile.temporary("progress.json.tmp-1234")?.writer, 1234)
        XCTAssertEqual(AtomicFile.temporary("a.tmp-1.tmp-77")?.file, "a.tmp-1")
        XCTAssertNil(AtomicFile.temporary("progress.json"))
    }
}
