@testable import Gestures
import XCTest

/// Pinch (`UIPinchGestureRecognizer`): absolute scale from the pair's first distance, freeze at the first lift.
final class PinchGestureRecognizerTests: XCTestCase {
    func testSpreadBeginsPastTheThresholdAndEndsWhenBothLift() throws {
        let p = try pipeline(PinchGestureRecognizer(name: "pinch"))
        var trace = Trace()
        trace.touch(0, 1, .began, 0.4, 0.5)
        trace.touch(0, 2, .began, 0.6, 0.5)
        trace.touch(16, 1, .moved, 0.39, 0.5)
        trace.touch(16, 2, .moved, 0.61, 0.5)
        trace.touch(32, 1, .moved, 0.37, 0.5)
        trace.touch(32, 2, .moved, 0.63, 0.5)
        trace.touch(48, 2, .ended, 0.63, 0.5)   // freezes, no event
        trace.touch(56, 1, .moved, 0.2, 0.5)    // after the freeze: nothing
        trace.touch(64, 1, .ended, 0.2, 0.5)
        p.feed(trace)
        XCTAssertEqual(p.states(of: "pinch"), ["began@16", "changed@32", "ended@64"])
        let log = p.log(of: "pinch")
        XCTAssertEqual(log[0].values.scale ?? 0, 1.1, accuracy: 1e-9)
        XCTAssertEqual(log[1].values.velocity ?? 0, 12.5, accuracy: 1e-6)
        XCTAssertEqual(log[2].values.scale ?? 0, 1.3, accuracy: 1e-9)
    }

    func testSmallChangesStayBelowTheThresholdAndFailWhenLifted() throws {
        let p = try pipeline(PinchGestureRecognizer(name: "pinch", scaleThreshold: 0.05))
        var trace = Trace()
        trace.touch(0, 1, .began, 0.4, 0.5)
        trace.touch(0, 2, .began, 0.6, 0.5)
        trace.touch(16, 2, .moved, 0.609, 0.5)   // scale 1.045
        trace.touch(30, 1, .ended, 0.4, 0.5)
        trace.touch(40, 2, .ended, 0.609, 0.5)
        p.feed(trace)
        XCTAssertEqual(p.states(of: "pinch"), ["failed@40"])
    }

    func testTwoTouchesOnOnePointNeverDivideByZero() throws {
        let p = try pipeline(PinchGestureRecognizer(name: "pinch"))
        var trace = Trace()
        trace.touch(0, 1, .began, 0.5, 0.5)
        trace.touch(0, 2, .began, 0.5, 0.5)
        trace.touch(16, 2, .moved, 0.6, 0.5)     // the pair forms here: scale 1
        trace.touch(32, 2, .moved, 0.7, 0.5)     // scale 2
        trace.touch(48, 1, .ended, 0.5, 0.5)
        trace.touch(48, 2, .ended, 0.7, 0.5)
        p.feed(trace)
        XCTAssertEqual(p.states(of: "pinch"), ["began@32", "ended@48"])
        for entry in p.log(of: "pinch") {
            XCTAssertTrue(entry.values.scale?.isFinite ?? false)
            XCTAssertTrue(entry.values.velocity?.isFinite ?? false)
        }
        XCTAssertEqual(p.log(of: "pinch")[0].values.scale ?? 0, 2, accuracy: 1e-9)
    }
}
