@testable import Gestures
import XCTest

/// Long press (`UILongPressGestureRecognizer`): continuous, began by the timer, free movement once active.
final class LongPressGestureRecognizerTests: XCTestCase {
    func testHoldBeginsAtTheDeadlineChangesOnMovesAndEndsAtLift() throws {
        let p = try pipeline(LongPressGestureRecognizer(name: "lp"))
        var trace = Trace()
        trace.touch(0, 1, .began, 0.4, 0.6)
        trace.touch(200, 1, .moved, 0.41, 0.6)
        trace.touch(600, 1, .moved, 0.6, 0.7)   // far, but the press is active: allowed
        trace.touch(800, 1, .ended, 0.6, 0.7)
        p.feed(trace, thenAdvanceTo: 1000)
        XCTAssertEqual(p.states(of: "lp"), ["began@500", "changed@600", "ended@800"])
        XCTAssertEqual(p.log(of: "lp").first?.values.location, TouchPoint(x: 0.41, y: 0.6))
    }

    func testMovingOrLiftingBeforeTheDeadlineFails() throws {
        let p = try pipeline(LongPressGestureRecognizer(name: "lp", allowableMovement: 0.03))
        var trace = Trace()
        trace.touch(0, 1, .began, 0.4, 0.5)
        trace.touch(100, 1, .moved, 0.44, 0.5)
        trace.touch(150, 1, .ended, 0.44, 0.5)
        trace.tap(1000, 2, duration: 499)
        p.feed(trace, thenAdvanceTo: 3000)
        XCTAssertEqual(p.states(of: "lp"), ["failed@100", "failed@1499"])
    }

    func testPressAfterARequiredTap() throws {
        let p = try pipeline(LongPressGestureRecognizer(name: "lp", numberOfTapsRequired: 1))
        var trace = Trace()
        trace.tap(0, 1, duration: 50)
        trace.touch(200, 2, .began, 0.5, 0.5)
        trace.touch(900, 2, .ended, 0.5, 0.5)
        trace.touch(2000, 3, .began, 0.5, 0.5)  // a press without the tap
        trace.touch(2900, 3, .ended, 0.5, 0.5)
        p.feed(trace, thenAdvanceTo: 4000)
        XCTAssertEqual(p.states(of: "lp"), ["began@700", "ended@900", "failed@2500"])
    }
}
