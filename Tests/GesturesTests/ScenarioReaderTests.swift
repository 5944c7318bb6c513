@testable import Gestures
import XCTest

/// The replay harness's reader: Python's NaN/Infinity accepted, hostile documents refused without a
/// crash, malformed scenario items skipped (the pipeline never stops on an item).
final class ScenarioReaderTests: XCTestCase {
    func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(Array(text.utf8)) }

    func testPythonNonFiniteLiteralsAndEscapesParse() throws {
        let value = try parse(#"{"a": [NaN, Infinity, -Infinity, -1.5e-3, true, null], "s": "x\"\u00e9\ud83d\ude00"}"#)
        let numbers = value["a"]?.array?.compactMap(\.double) ?? []
        XCTAssertTrue(numbers[0].isNaN)
        XCTAssertEqual(Array(numbers[1...3]), [.infinity, -.infinity, -0.0015])
        XCTAssertEqual(value["s"]?.string, "x\"é😀")
    }

    func testMalformedDocumentsThrowInsteadOfCrashing() {
        for text in ["", "{", "[1,", #"{"a" 1}"#, "tru", "1 2", #""abc"#, String(repeating: "[", count: 100_000)] {
            XCTAssertThrowsError(try parse(text), text.prefix(20).description)
        }
    }

    /// The toolchain's JSON5 scanner traps on invalid UTF-8 where a key may start (found by the
    /// gesture-scenario and gesture-recording fuzz targets); such text, and text with NUL bytes (which
    /// JSONDecoder would take for UTF-16), is refused before it gets there.
    func testTextThatIsNotUTF8IsRefusedBeforeTheJSON5Scanner() {
        let invalid: [UInt8] = Array(#"{"a": 1, "#.utf8) + [0xFF, 0xFF] + Array(#""b": 2}"#.utf8)
        XCTAssertThrowsError(try JSONValue.parse(invalid)) { error in
            XCTAssertEqual("\(error)", "JSON error: the text is not valid UTF-8")
        }
        let nul: [UInt8] = Array(#"{"a":"#.utf8) + [0] + Array("1}".utf8)
        XCTAssertThrowsError(try JSONValue.parse(nul)) { error in
            XCTAssertEqual("\(error)", "JSON error: a NUL byte at offset 5; JSON text is UTF-8 without NUL bytes")
        }
        XCTAssertEqual(try parse(#"{"é": "ü"}"#)["é"]?.string, "ü", "valid UTF-8 beyond ASCII still reads")
    }

    func testMalformedItemsAreSkippedAndTheRestRuns() throws {
        let json = try parse("""
        {"name": "junk", "pipeline": {"handedness": "sideways"},
         "recognizers": [{"name": "tap", "type": "tap", "params": {"numberOfTapsRequired": "two"}},
                         {"name": "odd", "type": "teleport"}],
         "failureRequirements": [{"recognizer": "tap", "requiresFailureOf": "ghost"}],
         "simultaneous": [["tap"]],
         "input": [{"type": "touch", "t_ms": 0, "id": 1, "side": "front", "phase": "began", "x": 0.5, "y": 0.5},
                   {"type": "touch", "t_ms": 0, "id": 2, "side": "left", "phase": "began", "x": null, "y": 0.5},
                   {"type": "touch", "t_ms": 5, "id": 3, "side": "left", "phase": "began", "x": 0.5, "y": 0.5},
                   {"type": "wiggle", "t_ms": 6},
                   {"type": "touch", "t_ms": "soon", "id": 3, "side": "left", "phase": "ended", "x": 0.5, "y": 0.5},
                   {"type": "touch", "t_ms": NaN, "id": 3, "side": "left", "phase": "ended", "x": 0.5, "y": 0.5},
                   {"type": "touch", "t_ms": 50, "id": 3, "side": "left", "phase": "ended", "x": 0.5, "y": 0.5}],
         "end_t_ms": 1000}
        """)
        var scenario = GestureScenario(json)
        // unknown type, ghost, bad pair, side "front", "wiggle", and two touches without a time
        XCTAssertEqual(scenario.problems.count, 7)
        let output = scenario.run()
        // The tap (defaults where a parameter is unusable) still sees touch 3, which ends at 50 ms.
        XCTAssertEqual(output.transitions.map(\.state), [.recognized])
        XCTAssertEqual(output.transitions.first?.timeMs, 50)
    }
}
