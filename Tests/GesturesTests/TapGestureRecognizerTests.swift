@testable import Gestures
import XCTest

/// Tap (`UITapGestureRecognizer`): taps × touches, the duration and interval timers, movement and separation.
final class TapGestureRecognizerTests: XCTestCase {
    func testSingleTapIsRecognizedAtLiftWithItsDownPoint() throws {
        let tap = TapGestureRecognizer(name: "tap")
        let p = try pipeline(tap)
        var trace = Trace()
        trace.touch(0, 1, .began, 0.4, 0.6)
        trace.touch(80, 1, .ended, 0.41, 0.6)
        p.feed(trace, thenAdvanceTo: 600)
        XCTAssertEqual(p.states(of: "tap"), ["recognized@80"])
        XCTAssertEqual(p.log(of: "tap").first?.values.location, TouchPoint(x: 0.4, y: 0.6))
    }

    func testHoldingExactlyTheMaximumDurationFails() throws {
        // The limit is exclusive, because the timer fires before the lift frame at the same time.
        let p = try pipeline(TapGestureRecognizer(name: "tap", maximumTapDurationMs: 300))
        var trace = Trace()
        trace.tap(0, 1, duration: 300)
        p.feed(trace, thenAdvanceTo: 1000)
        XCTAssertEqual(p.states(of: "tap"), ["failed@300"])
    }

    func testMovingBeyondAllowableMovementFailsAtThatMove() throws {
        let p = try pipeline(TapGestureRecognizer(name: "tap", allowableMovement: 0.03))
        var trace = Trace()
        trace.touch(0, 1, .began, 0.5, 0.5)
        trace.touch(20, 1, .moved, 0.52, 0.5)
        trace.touch(30, 1, .moved, 0.54, 0.5)
        trace.touch(60, 1, .ended, 0.54, 0.5)
        p.feed(trace, thenAdvanceTo: 600)
        XCTAssertEqual(p.states(of: "tap"), ["failed@30"])
    }

    func testTwoFingerTapReportsTheCentroidAndFailsWithOneFinger() throws {
        let p = try pipeline(TapGestureRecognizer(name: "two", numberOfTouchesRequired: 2))
        var trace = Trace()
        trace.touch(0, 1, .began, 0.2, 0.5, side: .left)
        trace.touch(10, 2, .began, 0.8, 0.5, side: .right)
        trace.touch(50, 1, .ended, 0.2, 0.5, side: .left)
        trace.touch(60, 2, .ended, 0.8, 0.5, side: .right)
        trace.tap(500, 3)
        p.feed(trace, thenAdvanceTo: 1000)
        XCTAssertEqual(p.states(of: "two"), ["recognized@60", "failed@560"])
        // The unit square is shared: one finger on the left strip and one on the right average directly.
        XCTAssertEqual(p.log(of: "two").first?.values.location, TouchPoint(x: 0.5, y: 0.5))
    }

    func testDoubleTapNeedsTheSecondTapWithinIntervalAndSeparation() throws {
        let p = try pipeline(TapGestureRecognizer.fuffrDoubleTap(name: "double"))
        var trace = Trace()
        trace.tap(0, 1)
        trace.tap(200, 2, at: 0.52)          // within 300 ms and 0.08: recognized
        trace.tap(1000, 3)
        trace.tap(1400, 4)                   // 340 ms after the lift: too late
        trace.tap(3000, 5)
        trace.tap(3100, 6, at: 0.6)          // 0.1 away: too far
        p.feed(trace, thenAdvanceTo: 5000)
        XCTAssertEqual(p.states(of: "double"), ["recognized@260", "failed@1360", "failed@1760", "failed@3100"])
    }

    func testThreeQuickTapsGiveOneDoubleTapAndAFailedAttempt() throws {
        let p = try pipeline(TapGestureRecognizer(name: "double", numberOfTapsRequired: 2))
        var trace = Trace()
        trace.tap(0, 1)
        trace.tap(150, 2)
        trace.tap(300, 3)
        p.feed(trace, thenAdvanceTo: 1000)
        XCTAssertEqual(p.states(of: "double"), ["recognized@210", "failed@660"])
    }

    func testFuffrDoubleTapIsAConfiguredTapWithProjectDefaults() {
        let double = TapGestureRecognizer.fuffrDoubleTap(name: "d")
        XCTAssertEqual(double.numberOfTapsRequired, 2)
        XCTAssertEqual(double.maximumTapDurationMs, 350)
        XCTAssertEqual(double.maximumTapIntervalMs, 300)
        XCTAssertEqual(double.allowableMovement, 0.03)
        XCTAssertEqual(double.maximumTapSeparation, 0.08)
    }
}
