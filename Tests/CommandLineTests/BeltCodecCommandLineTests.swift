import Foundation
import WayfinderTestKit
import XCTest

/// `wayfinder belt encode|decode` as a hardware check uses it: JSON lines in, one JSON line out per
/// line, a bad line reported in place.
final class BeltCodecCommandLineTests: XCTestCase {
    func run(_ arguments: [String], input: String = "") throws -> (status: Int32, lines: [String]) {
        let result = try WayfinderBinary.run(arguments, input: input)
        return (result.status, result.outputLines)
    }

    func testEncodePrintsOneLinePerCommandAndReportsBadLinesInPlace() throws {
        let input = """
        {"cmd":"configureVibrationChannel","channelIndex":0,"pattern":"continuous","intensity":-1,"orientationType":"magneticBearing","orientation":90,"patternIterations":1,"patternPeriod":3000,"patternStartTime":0,"exclusiveChannel":false,"clearOtherChannels":true}
        {"cmd":"changeMode","mode":"sleep"}

        not json
        {"cmd":"requestBatteryStatus"}
        {"cmd":"stopVibration","channelIndex":2}
        """
        let result = try run(["belt", "encode"], input: input)
        XCTAssertEqual(result.status, 1, "a bad line makes the exit status 1")
        XCTAssertEqual(result.lines, [
            #"{"characteristic":"fe03","hex":"00 01 AA AA 00 00 03 5A 00 00 00 01 B8 0B 00 00 00 01"}"#,
            #"{"error":"mode: \"sleep\" is not one of standby, wait, compass, app, pause, calibration, crossing, unknown","line":2}"#,
            #"{"error":"not JSON: not json","line":4}"#,
            #"{"characteristic":"fe09","hex":"","operation":"read"}"#,
            #"{"characteristic":"fe03","hex":"30 02"}"#,
        ])
    }

    /// A misspelt key is named as unknown with the command's parameters; an intensity above 100 is
    /// refused rather than sent as 100.
    func testEncodeNamesAnUnknownKeyAndRefusesAnIntensityAbove100() throws {
        let input = """
        {"cmd":"vibrateAtAngle","angel":90}
        {"cmd":"vibrateAtAngle","angle":90,"intensity":150}
        {"cmd":"vibrateAtAngle","angle":90,"intensity":100}
        """
        let result = try run(["belt", "encode"], input: input)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.lines, [
            #"{"error":"unknown key \"angel\"; vibrateAtAngle takes angle, direction, intensity, signal, channelIndex, stopOtherChannels","line":1}"#,
            #"{"error":"intensity: 150 is outside -1…100","line":2}"#,
            #"{"characteristic":"fe03","hex":"01 01 64 00 00 00 02 5A 00 00 00 00 F4 01 00 00 00 00"}"#,
        ])
    }

    func testEncodeExitsZeroWhenEveryLineIsACommand() throws {
        let result = try run(["belt", "encode"], input: "{\"cmd\":\"changeMode\",\"mode\":\"app\"}\n")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.lines, [#"{"characteristic":"fe05","hex":"01 81 03 00"}"#])
    }

    func testDecodeFromArguments() throws {
        let mode = try run(["belt", "decode", "fe06", "01", "01", "02"])
        XCTAssertEqual(mode.status, 0)
        XCTAssertEqual(mode.lines, [#"{"characteristic":"fe06","mode":"compass","notification":"mode"}"#])
        let stop = try run(["belt", "decode", "--from", "central", "FE03", "30FF"])
        XCTAssertEqual(stop.lines, [#"{"channelIndex":-1,"characteristic":"fe03","cmd":"stopVibration"}"#])
        let bad = try run(["belt", "decode", "fe0c", "02 A6"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(bad.lines, [#"{"error":"fe0c [02 A6]: truncated: 2 bytes, expected 16"}"#])
    }

    /// `belt encode | belt decode` gives the commands back.
    func testDecodeReadsWhatEncodePrints() throws {
        let encoded = try run(["belt", "encode"], input: """
        {"cmd":"startOrientationNotifications"}
        {"cmd":"signal","signalType":"goalReached"}
        """)
        let decoded = try run(["belt", "decode"], input: encoded.lines.joined(separator: "\n") + "\n{\"characteristic\":\"fe99\"}\n")
        XCTAssertEqual(decoded.status, 1)
        XCTAssertEqual(decoded.lines, [
            #"{"characteristic":"fe0c","cmd":"startOrientationNotifications"}"#,
            #"{"characteristic":"fe03","cmd":"signal","signalType":"goalReached"}"#,
            #"{"error":"characteristic: fe99 is none of fe01, fe02, fe03, fe04, fe05, fe06, fe07, fe09, fe0a, fe0b, fe0c, fe13, fe14","line":3}"#,
        ])
    }
}
