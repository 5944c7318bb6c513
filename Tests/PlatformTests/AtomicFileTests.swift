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
        try AtomicFile.write(Array("old".utf8), to: path)
        try AtomicFile.write(Array("new".utf8), to: path)
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
}
