import Foundation
import Sensors
import WayfinderTestKit
import XCTest

/// `wayfinder gps decode` through the built binary: a raw stream on stdin, one JSON line per epoch,
/// the summary last.
final class GPSDecodeCommandLineTests: XCTestCase {
    func run(_ input: [UInt8]) throws -> (status: Int32, outputLines: [String], errors: String) {
        let (process, stdin, output, errors) = try WayfinderBinary.start(["gps", "decode"])
        stdin.write(Data(input))
        try stdin.close()
        process.waitUntilExit()
        return (process.terminationStatus, output.finish().split(separator: "\n").map(String.init), errors.finish())
    }

    func testInterleavedNMEAAndUBXWithDamage() throws {
        var input = try Array(Data(contentsOf: URL(fileURLWithPath: "\(Repository.root)/Tests/SensorsTests/Fixtures/synthetic-ublox-m8-multignss.nmea")))
        input += UBXNavPVTBuilder(second: 20, nano: 250_000_000).frame
        input += Array("$GPGGA,123520.25,5216.368,N,008*00\r\nnoise".utf8)
        let result = try run(input)
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.outputLines, [
            #"{"alt_m":63.1,"course_deg":84.2,"hdop":0.78,"lat":52.2728,"lon":8.0617,"mode":"3d","sats":12,"speed_mps":1.286111,"time":"2026-11-22T12:35:19.000Z"}"#,
            #"{"alt_m":63.1,"course_deg":84.2,"hdop":0.78,"lat":52.272802,"lon":8.0617,"mode":"3d","sats":12,"speed_mps":1.2964,"time":"2026-11-22T12:35:19.250Z"}"#,
            #"{"alt_m":null,"course_deg":null,"hdop":99.99,"lat":null,"lon":null,"mode":"none","sats":0,"speed_mps":null,"time":"2026-11-22T12:35:19.500Z"}"#,
            #"{"alt_m":63.1,"course_deg":84.2,"hdop":null,"lat":52.2728,"lon":8.0617,"mode":"3d","sats":9,"speed_mps":1.3,"time":"2026-11-22T12:35:20.250Z"}"#,
            #"{"summary":{"fixes":4,"rejected":{"checksum":1,"garbage_bytes":5,"malformed":0,"truncated":0,"unsupported":3},"sentences":29}}"#,
        ])
    }

    /// Standard input that cannot be read (a directory: read(2) gives EISDIR) is an I/O error with the
    /// reason, not an empty stream's summary.
    func testUnreadableInputIsAnIOErrorThatSaysWhy() throws {
        let binary = try XCTUnwrap(WayfinderBinary.path, "the wayfinder executable is not built")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" gps decode < /", binary]
        process.environment = [:]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 74, said)  // EX_IOERR
        XCTAssertEqual(printed, "")
        XCTAssertEqual(said, "wayfinder gps decode: cannot read standard input: Is a directory\n")
    }

    func testEmptyInputPrintsOnlyTheSummary() throws {
        let result = try run([])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.outputLines, [
            #"{"summary":{"fixes":0,"rejected":{"checksum":0,"garbage_bytes":0,"malformed":0,"truncated":0,"unsupported":0},"sentences":0}}"#,
        ])
    }
}
