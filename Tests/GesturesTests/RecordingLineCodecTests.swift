@testable import Gestures
import XCTest

/// The recording's line format (docs/recording.md): every line type survives encode → decode
/// unchanged, the touch line has the exact bytes the documentation shows, and bad lines are refused
/// with a reason instead of being half-read.
final class RecordingLineCodecTests: XCTestCase {
    static let header = RecordingHeader(
        startedUTC: "2026-11-22T07:26:19.123Z", device: "simulated Fuffr case",
        configuration: .object(["sides": .array([.string("right")]), "touches_per_side": .number(5), "config": .null]),
        recognizers: RecognizerSet.standard.document)

    func roundTrip(_ line: RecordingLine, file: StaticString = #filePath, line number: UInt = #line) {
        let text = RecordingLineCodec.encode(line)
        XCTAssertFalse(text.contains("\n"), "a line must not contain a newline: \(text)", file: file, line: number)
        XCTAssertEqual(try RecordingLineCodec.decode(ArraySlice(text.utf8)), line, text, file: file, line: number)
    }

    func testEveryLineTypeRoundTrips() {
        roundTrip(.header(Self.header))
        roundTrip(.prompt(timeMs: 0.125, sample: 3, label: "swipe \"right\"\nthen tap ✂︎"))
        roundTrip(.touch(TouchEvent(timeMs: 1234.567891234, id: 17, side: .left, phase: .moved,
                                                  x: 0.1 + 0.2, y: 1e-7, touchClass: .finger, rawX: 4095, rawY: 0)))
        roundTrip(.touch(TouchEvent(timeMs: 5, id: 1, side: .top, phase: .cancelled, x: 1, y: 0)))
        var values = GestureValues()
        values.location = TouchPoint(x: 0.25, y: 0.75)
        values.translation = TouchPoint(x: -0.5, y: 0.125)
        values.velocityXY = TouchPoint(x: 3.5, y: -1.25)
        values.velocity = 0.5
        values.scale = 1.5
        values.rotation = -0.3
        values.direction = .up
        values.taps = 2
        values.swipe = TouchPoint(x: 0.6, y: 0.01)
        values.numberOfTouches = 2
        values.tapCount = 1
        roundTrip(.gesture(GestureTransition(timeMs: 880.5, recognizer: "tap-swipe", state: .recognized, values: values)))
        roundTrip(.gesture(GestureTransition(timeMs: 1, recognizer: "long-press", state: .began, values: GestureValues())))
        roundTrip(.sampleEnd(timeMs: 2000, sample: 4))
        roundTrip(.end(timeMs: 2500.25, reason: "signal"))
    }

    func testTouchLineBytesAreTheDocumentedOnes() {
        // docs/recording.md, "The file": the conformance input item's keys and the raw sensor values,
        // sorted, whole numbers without a fraction.
        let line = RecordingLine.touch(TouchEvent(timeMs: 612.5, id: 1, side: .right, phase: .began,
                                                  x: 0.2, y: 0.5, rawX: 2048, rawY: 819))
        XCTAssertEqual(RecordingLineCodec.encode(line),
                       #"{"id":1,"phase":"began","raw_x":2048,"raw_y":819,"side":"right","t_ms":612.5,"type":"touch","x":0.2,"y":0.5}"#)
        XCTAssertEqual(RecordingLineCodec.encode(.sampleEnd(timeMs: 2000, sample: 4)),
                       #"{"sample":4,"t_ms":2000,"type":"sample_end"}"#)
    }

    func testLinesWrittenWithTypeFirstStillRead() throws {
        // Recordings made before keys were sorted put `type` first and wrote 5.0 for five.
        let old = #"{"type":"touch","t_ms":612.0,"id":1,"side":"right","phase":"began","x":0.2,"y":0.5,"raw_x":2048,"raw_y":819}"#
        XCTAssertEqual(try RecordingLineCodec.decode(ArraySlice(old.utf8)),
                       .touch(TouchEvent(timeMs: 612, id: 1, side: .right, phase: .began, x: 0.2, y: 0.5,
                                         rawX: 2048, rawY: 819)))
    }

    func testATouchTimeRoundTripsToTheNanosecond() throws {
        // A recording replays bit-identical only if a time written as t_ms reads back as the same Duration.
        for ns: Int64 in [0, 1, 999_999, 1_000_001, 86_399_999_999_999, 4_294_967_295_999_999, -7] {
            let event = TouchEvent(side: .top, id: 1, phase: .moved, x: 0.5, y: 0.5, time: .nanoseconds(ns))
            let text = RecordingLineCodec.encode(.touch(event))
            XCTAssertEqual(try RecordingLineCodec.decode(ArraySlice(text.utf8)), .touch(event), text)
        }
    }

    func testAHeaderIsRecognizedWhetherWholeTornOrOld() {
        let header = RecordingLineCodec.encode(.header(Self.header)) + "\n"
        XCTAssertTrue(header.hasPrefix(#"{"configuration":"#), "the header's first sorted key: \(header.prefix(40))")
        XCTAssertTrue(RecordingReader.looksLikeRecording(Array(header.utf8)))
        XCTAssertTrue(RecordingReader.looksLikeRecording(Array(header.utf8.prefix(20))), "a torn header still counts")
        XCTAssertTrue(RecordingReader.looksLikeRecording(Array(#"{"type":"header","format":"wayfinder-gesture-recording","version":1}"#.utf8)))
        XCTAssertTrue(RecordingReader.looksLikeRecording(Array(#"{"device":"x","format":"wayfinder-gesture-recording","type":"header"}"#.utf8)),
                      "a header another tool wrote in another key order, known by the format it names")
        XCTAssertFalse(RecordingReader.looksLikeRecording(Array(#"{"scenarios":[{"name":"tap","input":[]}]}"#.utf8)))
        XCTAssertFalse(RecordingReader.looksLikeRecording(Array("[\n".utf8)))
    }

    func testANonFiniteCoordinateIsWrittenAsNullAndReadAsNaN() throws {
        let text = RecordingLineCodec.encode(.touch(TouchEvent(timeMs: 1, id: 2, side: .right, phase: .moved,
                                                                             x: .nan, y: .infinity)))
        XCTAssertTrue(text.contains(#""x":null,"y":null"#), text)
        guard case .touch(let touch) = try RecordingLineCodec.decode(ArraySlice(text.utf8)) else { return XCTFail() }
        XCTAssertTrue(touch.x.isNaN)
        XCTAssertTrue(touch.y.isNaN)
    }

    func testBadLinesAreRefusedWithTheReason() {
        let cases: [(String, String)] = [
            (#"{"type":"touch","t_ms":1,"id":1,"phase":"began","x":0,"y":0}"#, "side"),
            (#"{"type":"touch","t_ms":1,"id":1.5,"side":"right","phase":"began","x":0,"y":0}"#, "id"),
            (#"{"type":"swipe","t_ms":1}"#, "unknown line type"),
            (#"{"type":"prompt","sample":1,"label":"x"}"#, "t_ms"),
            (#"{"type":"gesture","t_ms":1,"recognizer":"tap","state":"wobbling"}"#, "state"),
            (#"{"t_ms":1}"#, "type"),
            (#"{"type":"end","t_ms":1,"#, "JSON"),
            (#"{"type":"touch","t_ms":1e300,"id":1,"side":"right","phase":"began","x":0,"y":0}"#, "t_ms"),
            (#"{"type":"touch","t_ms":1,"id":1,"side":"right","phase":"began","x":0,"y":0,"raw_x":70000}"#, "raw_x"),
            ("\u{0}\u{0}\u{0}", "JSON"),
        ]
        for (text, reason) in cases {
            XCTAssertThrowsError(try RecordingLineCodec.decode(ArraySlice(text.utf8)), text) { error in
                XCTAssertTrue("\(error)".contains(reason), "\(text): \(error)")
            }
        }
    }
}
