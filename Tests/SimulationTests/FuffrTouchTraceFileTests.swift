import Simulation
import TouchCase
import XCTest

/// `wayfinder record --simulated --trace FILE`: the trace file's strokes, its defaults, and the
/// first bad stroke named with what is wrong.
final class FuffrTouchTraceFileTests: XCTestCase {
    func testStrokesAreReadWithTheirDefaults() throws {
        let trace = try FuffrTouchTrace(json: Array("""
        {"strokes": [
          {"side": "right", "start_ms": 600, "duration_ms": 250, "from": [0.2, 0.5], "to": [0.8, 0.5]},
          {"side": "top", "finger": 1, "start_ms": 2600.5, "duration_ms": 80, "from": [0.5, 0.25], "release": false}
        ]}
        """.utf8))
        XCTAssertEqual(trace.strokes, [
            FuffrTouchTrace.Stroke(side: .right, start: .milliseconds(600), duration: .milliseconds(250),
                                   from: (0.2, 0.5), to: (0.8, 0.5)),
            FuffrTouchTrace.Stroke(side: .top, finger: 1, start: .microseconds(2_600_500), duration: .milliseconds(80),
                                   from: (0.5, 0.25), sendsRelease: false),
        ])
        XCTAssertEqual(trace.end, .microseconds(2_680_500))
        XCTAssertEqual(trace.shifted(by: .seconds(10)).strokes.map(\.start), [.milliseconds(10_600), .microseconds(12_600_500)])
    }

    func testTheFirstBadStrokeIsNamed() {
        let cases: [(String, String)] = [
            (#"{"strokes": [{"side": "front", "start_ms": 0, "duration_ms": 10, "from": [0.5, 0.5]}]}"#, #"strokes[0]: "side""#),
            (#"{"strokes": [{"side": "left", "start_ms": 0, "duration_ms": 10, "from": [0.5, 0.5]}, {"side": "left", "start_ms": 0, "duration_ms": 0, "from": [0.5, 0.5]}]}"#, #"strokes[1]: "duration_ms""#),
            (#"{"strokes": [{"side": "left", "start_ms": 0, "duration_ms": 10, "from": [1.5, 0.5]}]}"#, #"strokes[0]: "from""#),
            (#"{"strokes": [{"side": "left", "finger": 5, "start_ms": 0, "duration_ms": 10, "from": [0.5, 0.5]}]}"#, #"strokes[0]: "finger""#),
            (#"{"strokes": [{"side": "left", "start_ms": -1, "duration_ms": 10, "from": [0.5, 0.5]}]}"#, #"strokes[0]: "start_ms""#),
            (#"{"strokes": [{"side": "left", "start_ms": 0, "duration_ms": 10, "from": [0.5, 0.5], "to": [0.5]}]}"#, #"strokes[0]: "to""#),
            (#"{"strokes": [{"side": "left", "start_ms": 1e300, "duration_ms": 10, "from": [0.5, 0.5]}]}"#, #"strokes[0]: "start_ms""#),
            (#"{"strokes": [{"side": "left", "start_ms": 0, "duration_ms": 1e300, "from": [0.5, 0.5]}]}"#, #"strokes[0]: "duration_ms""#),
            (#"{"taps": []}"#, "no \"strokes\""),
            (#"{"strokes": [}"#, "JSON"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try FuffrTouchTrace(json: Array(text.utf8)), text) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(text): \(error)")
            }
        }
    }
}
