@testable import Gestures
import XCTest

/// Reading a recording back after the session died at any moment: a cut anywhere in the last line
/// leaves every earlier line readable and the torn one reported; damage in the middle is skipped and
/// reported without losing what follows; a file that is not a recording is told apart.
final class RecordingReaderTests: XCTestCase {
    static let lines: [RecordingLine] = [
        .prompt(timeMs: 0, sample: 1, label: "swipe right"),
        .touch(TouchEvent(timeMs: 600, id: 1, side: .right, phase: .began, x: 0.2, y: 0.5, rawX: 1, rawY: 2)),
        .touch(TouchEvent(timeMs: 620, id: 1, side: .right, phase: .moved, x: 0.4, y: 0.5)),
        .gesture(GestureTransition(timeMs: 620, recognizer: "swipe", state: .recognized, values: GestureValues())),
        .sampleEnd(timeMs: 1700, sample: 1),
        .touch(TouchEvent(timeMs: 2600.125, id: 1, side: .right, phase: .began, x: 0.5, y: 0.5)),
    ]

    static func bytes(_ lines: [RecordingLine]) -> [UInt8] {
        ([RecordingLine.header(RecordingLineCodecTests.header)] + lines)
            .flatMap { Array(RecordingLineCodec.encode($0).utf8) + [0x0A] }
    }

    func testACutAtEveryByteOfTheLastLineKeepsEveryEarlierLineAndReportsTheTornOne() throws {
        let whole = Self.bytes(Self.lines)
        let lastStart = Self.bytes(Array(Self.lines.dropLast())).count
        XCTAssertGreaterThan(whole.count - lastStart, 40)
        for cut in lastStart..<whole.count {
            let contents = try RecordingReader.read(Array(whole[..<cut]))
            XCTAssertEqual(contents.lines, Array(Self.lines.dropLast()), "cut at \(cut)")
            XCTAssertEqual(contents.header, RecordingLineCodecTests.header)
            XCTAssertEqual(contents.badLines, [])
            if cut == lastStart {
                XCTAssertNil(contents.tornTail, "a cut at a line boundary tears nothing")
            } else {
                // Even the cut that only loses the newline is torn: the newline is the commit mark.
                XCTAssertEqual(contents.tornTail?.byteOffset, lastStart, "cut at \(cut)")
                XCTAssertEqual(contents.tornTail?.length, cut - lastStart, "cut at \(cut)")
                XCTAssertEqual(contents.tornTail?.line, Self.lines.count + 1, "cut at \(cut)")
            }
        }
        let complete = try RecordingReader.read(whole)
        XCTAssertEqual(complete.lines, Self.lines)
        XCTAssertNil(complete.tornTail)
        XCTAssertEqual(complete.completedSamples, 1)
        XCTAssertNil(complete.endReason)
    }

    func testADamagedLineInTheMiddleIsSkippedAndReportedAndReadingGoesOn() throws {
        var whole = Self.bytes(Array(Self.lines.prefix(2)))
        let damagedAt = whole.count
        whole += Array("{\"type\":\"touch\",\"t_ms\":6\u{0}\u{0}\n".utf8)
        whole += Array(repeating: 0, count: 7) + [0x0A] // a page of zeros after a power loss
        whole += Self.bytes(Array(Self.lines.dropFirst(2))).dropFirst(Self.bytes([]).count)
        let contents = try RecordingReader.read(whole)
        XCTAssertEqual(contents.lines, Self.lines)
        XCTAssertEqual(contents.badLines.map(\.line), [4, 5])
        XCTAssertEqual(contents.badLines.first?.byteOffset, damagedAt)
        XCTAssertNil(contents.tornTail)
    }

    func testATornOrMissingHeaderIsNotReadAsASession() {
        let whole = Self.bytes(Self.lines)
        let headerLength = Array(RecordingLineCodec.encode(.header(RecordingLineCodecTests.header)).utf8).count
        for cut in [20, headerLength / 2, headerLength] {
            XCTAssertTrue(RecordingReader.looksLikeRecording(Array(whole[..<cut])))
            XCTAssertThrowsError(try RecordingReader.read(Array(whole[..<cut]))) { error in
                guard case RecordingReader.Failure.headerUnreadable = error else { return XCTFail("\(error)") }
            }
        }
        let scenario = Array(#"{"scenarios": [{"name": "tap"}]}"#.utf8)
        XCTAssertFalse(RecordingReader.looksLikeRecording(scenario))
        XCTAssertThrowsError(try RecordingReader.read(scenario)) { error in
            XCTAssertEqual(error as? RecordingReader.Failure, .notARecording)
        }
    }

    func testANewerFormatVersionIsRefused() {
        var header = RecordingLineCodecTests.header
        header.version = RecordingHeader.currentVersion + 1
        let bytes = Array(RecordingLineCodec.encode(.header(header)).utf8) + [0x0A]
        XCTAssertThrowsError(try RecordingReader.read(bytes)) { error in
            XCTAssertEqual(error as? RecordingReader.Failure, .unsupportedVersion(RecordingHeader.currentVersion + 1))
        }
    }
}
