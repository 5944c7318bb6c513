@testable import Gestures
import XCTest

/// Input sanitising, the clock and handedness (docs/gestures.md): garbage is dropped and counted.
final class InputSanitizingTests: XCTestCase {
    func testUnknownDuplicateMismatchedAndNonFiniteEventsAreDroppedAndCounted() throws {
        let p = try pipeline(TapGestureRecognizer(name: "tap"))
        var trace = Trace()
        trace.touch(0, 1, .moved, 0.9, 0.9)                 // not live
        trace.touch(10, 1, .began, 0.5, 0.5)
        trace.touch(20, 1, .moved, 0.9, 0.9, side: .left)   // other strip
        trace.touch(25, 1, .moved, .nan, 0.5)
        trace.touch(26, 1, .moved, 0.5, .infinity)
        trace.touch(40, 1, .ended, 0.5, 0.5)
        trace.touch(45, 1, .ended, 0.5, 0.5)                // duplicate
        p.feed(trace)
        XCTAssertEqual(p.states(of: "tap"), ["recognized@40"])
        XCTAssertEqual(p.counters.unknownTouch, 2)
        XCTAssertEqual(p.counters.sideMismatch, 1)
        XCTAssertEqual(p.counters.nonFinite, 2)
    }

    func testOutOfRangeCoordinatesAreClamped() throws {
        let p = try pipeline(TapGestureRecognizer(name: "tap"))
        var trace = Trace()
        trace.tap(0, 1, at: 1.3, -0.2)
        p.feed(trace)
        XCTAssertEqual(p.log(of: "tap").first?.values.location, TouchPoint(x: 1, y: 0))
        XCTAssertEqual(p.counters.clamped, 2)
    }

    func testReusedIdentityCancelsTheOldTouchInAFrameOfItsOwn() throws {
        let p = try pipeline(PanGestureRecognizer(name: "pan"))
        var trace = Trace()
        trace.touch(0, 1, .began, 0.3, 0.5)
        trace.touch(20, 1, .moved, 0.35, 0.5)
        trace.touch(40, 1, .began, 0.6, 0.6)
        trace.touch(60, 1, .moved, 0.65, 0.6)
        trace.touch(80, 1, .ended, 0.65, 0.6)
        p.feed(trace)
        XCTAssertEqual(p.states(of: "pan"), ["began@20", "cancelled@40", "began@60", "ended@80"])
        XCTAssertEqual(p.counters.reusedIdentity, 1)
    }

    func testEarlierStampsRunAtTheClockAndTimersFireAtTheirDeadline() throws {
        let p = try pipeline(LongPressGestureRecognizer(name: "lp"))
        var trace = Trace()
        trace.touch(0, 1, .began, 0.5, 0.5)
        trace.touch(700, 1, .moved, 0.55, 0.5)
        trace.touch(650, 1, .moved, 0.6, 0.5)
        trace.touch(800, 1, .ended, 0.6, 0.5)
        p.feed(trace)
        XCTAssertEqual(p.states(of: "lp"), ["began@500", "changed@700", "changed@700", "ended@800"])
        XCTAssertEqual(p.clockMs, 800)
    }

    func testStaleTouchIsCancelledAfterTheTimeout() throws {
        let p = try pipeline(PanGestureRecognizer(name: "pan"))
        p.staleTouchTimeoutMs = 200
        var trace = Trace()
        trace.touch(0, 1, .began, 0.3, 0.5)
        trace.touch(20, 1, .moved, 0.35, 0.5)
        p.feed(trace, thenAdvanceTo: 1000)
        XCTAssertEqual(p.states(of: "pan"), ["began@20", "cancelled@220"])
        XCTAssertEqual(p.counters.staleTouches, 1)
    }

    func testLeftHandedInputIsMirroredBeforeEverything() throws {
        let p = try pipeline(SwipeGestureRecognizer(name: "swipe"), handedness: .left)
        var trace = Trace()
        trace.stroke(0, 1, from: (0.8, 0.5), to: (0.5, 0.5))
        p.feed(trace)
        XCTAssertEqual(p.log(of: "swipe").first?.values.direction, .right)
        XCTAssertEqual(p.log(of: "swipe").first?.values.location?.x ?? 0, 0.2, accuracy: 1e-9)
        XCTAssertEqual(p.output.consumer.first?.x ?? 0, 0.2, accuracy: 1e-9)
    }

    func testHostileRecognizerParametersDoNotCrash() throws {
        let p = try pipeline(TapGestureRecognizer(name: "t", numberOfTapsRequired: 0, numberOfTouchesRequired: -1),
                             SwipeGestureRecognizer(name: "s", directions: [], numberOfTouchesRequired: 0, maximumAngleDeg: 500),
                             PanGestureRecognizer(name: "p", minimumNumberOfTouches: 5, maximumNumberOfTouches: 0),
                             PinchGestureRecognizer(name: "pi", scaleThreshold: -1),
                             TapSwipeGestureRecognizer(name: "ts", numberOfTapsRequired: -3))
        var trace = Trace()
        trace.stroke(0, 1, from: (0.2, 0.5), to: (0.8, 0.5))
        trace.tap(500, 2)
        p.feed(trace, thenAdvanceTo: 2000)
        XCTAssertEqual(p.clockMs, 2000)
    }
}
