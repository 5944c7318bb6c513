import Foundation
import Upload
import UploadPlatform
import XCTest

/// A file's SHA-256, read in chunks: the same digest as the whole file's bytes, whatever the chunk
/// size, and a missing file as an error naming it.
final class FileSHA256Tests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("FileSHA256Tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func write(_ bytes: [UInt8]) throws -> String {
        let url = directory.appendingPathComponent("file")
        try Data(bytes).write(to: url)
        return url.path
    }

    func testTheMillionAFileHasFIPS180Example3sDigest() throws {
        let path = try write([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        XCTAssertEqual(Hex.encode(try FileSHA256.digest(path: path)),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Chunks that split the file at odd places (7 bytes, one byte, exactly its size) give the same
    /// digest as hashing the bytes at once.
    func testTheChunkSizeDoesNotChangeTheDigest() throws {
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let path = try write(bytes)
        let whole = try Libcrypto().sha256(bytes)
        for chunk in [1, 7, 4096, 10_000, 65_536] {
            XCTAssertEqual(try FileSHA256.digest(path: path, chunkSize: chunk), whole, "chunk \(chunk)")
        }
    }

    func testAnEmptyFileHasTheEmptyDigest() throws {
        XCTAssertEqual(Hex.encode(try FileSHA256.digest(path: try write([]))), SigningRequest.emptyPayloadSHA256)
    }

    func testAMissingFileIsAnErrorNamingItAndTheReason() {
        let path = directory.appendingPathComponent("absent").path
        XCTAssertThrowsError(try FileSHA256.digest(path: path)) { error in
            XCTAssertEqual("\(error)", "\(path): cannot open (No such file or directory)")
        }
    }

    func testADirectoryIsAnErrorNotACrash() {
        XCTAssertThrowsError(try FileSHA256.digest(path: directory.path)) { error in
            XCTAssertEqual("\(error)", "\(directory.path): cannot read (Is a directory)")
        }
    }
}
