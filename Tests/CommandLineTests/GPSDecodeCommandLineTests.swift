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
            #"{"time":"2026-11-22T12:35:19.000Z","lat":52.2728,"lon":8.0617,"alt_m":63.1,"speed_mps":1.286111,"course_deg":84.2,"mode":"3d","sats":12,"hdop":0.78}"#,
            #"{"time":"2026-11-22T12:35:19.250Z","lat":52.272802,"lon":8.0617,"alt_m":63.1,"speed_mps":1.2964,"course_deg":84.2,"mode":"3d","sats":12,"hdop":0.78}"#,
            #"{"time":"2026-11-22T12:35:19.500Z","lat":null,"lon":null,"alt_m":null,"speed_mps":null,"course_deg":null,"mode":"none","sats":0,"hdop":99.99}"#,
            #"{"time":"2026-11-22T12:35:20.250Z","lat":52.2728,"lon":8.0617,"alt_m":63.1,"speed_mps":1.3,"course_deg":84.2,"mode":"3d","sats":9,"hdop":null}"#,
            #"{"summary":{"sentences":29,"fixes":4,"rejected":{"checksum":1,"malformed":0,"truncated":0,"unsupported":3,"garbage_bytes":5}}}"#,
        ])
    }

    func testEmptyInputPrintsOnlyTheSummary() throws {
        let result = try run([])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.outputLines, [
            #"{"summary":{"sentences":0,"fixes":0,"rejected":{"checksum":0,"malformed":0,"truncated":0,"unsupported":0,"garbage_bytes":0}}}"#,
        ])
    }
}
