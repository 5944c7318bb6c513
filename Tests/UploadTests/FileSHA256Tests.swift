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

    /// A part's digest: its bytes alone, whatever the chunk size; a range past the end is an error.
    func testARangesDigestIsThatOfItsBytes() throws {
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 1) }
        let path = try write(bytes)
        for (offset, length) in [(0, 10_000), (1, 0), (4096, 4096), (9_999, 1), (123, 7_777)] {
            for chunk in [1, 7, 65_536] {
                XCTAssertEqual(try FileSHA256.digest(path: path, offset: Int64(offset), length: Int64(length), chunkSize: chunk),
                               try Nettle().sha256(Array(bytes[offset..<(offset + length)])), "\(offset)+\(length) chunk \(chunk)")
            }
        }
        XCTAssertThrowsError(try FileSHA256.digest(path: path, offset: 9_000, length: 2_000)) { error in
            XCTAssertEqual(error as? FileDigestError, .cannotRead(path: path, errno: ENODATA), "the file ends before the range")
        }
        XCTAssertThrowsError(try FileSHA256.digest(path: path, offset: -1, length: 1))
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
        let whole = try Nettle().sha256(bytes)
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
