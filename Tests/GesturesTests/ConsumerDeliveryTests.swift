@testable import Gestures
import XCTest

/// Delivery to the underlying consumer (docs/gestures.md, "Consumer delivery"): cancels, delayed began
/// and ended, releases.
final class ConsumerDeliveryTests: XCTestCase {
    func testRecognitionCancelsInsteadOfThatFramesEventAndStopsDelivery() throws {
        let p = try pipeline(PanGestureRecognizer(name: "pan"))
        var trace = Trace()
        trace.touch(0, 1, .began, 0.3, 0.5)
        trace.touch(16, 1, .moved, 0.31, 0.5)
        trace.touch(32, 1, .moved, 0.34, 0.5)
        trace.touch(48, 1, .moved, 0.38, 0.5)
        trace.touch(64, 1, .ended, 0.38, 0.5)
        p.feed(trace)
        XCTAssertEqual(p.consumer(of: 1), ["began@0", "moved@16", "cancelled@32"])
    }

    func testWithoutCancelsTheConsumerSeesEverything() throws {
        let pan = PanGestureRecognizer(name: "pan")
        pan.cancelsTouchesInView = false
        let p = try pipeline(pan)
        var trace = Trace()
        trace.stroke(0, 1, from: (0.3, 0.5), to: (0.5, 0.5))
        p.feed(trace)
        XCTAssertEqual(p.consumer(of: 1), ["began@0", "moved@20", "moved@40", "moved@60", "moved@80", "ended@100"])
    }

    func testDelayedBeganIsDiscardedOnRecognitionAndReleasedOnFailure() throws {
        let tap = TapGestureRecognizer(name: "tap")
        tap.delaysTouchesBegan = true
        let p = try pipeline(tap)
        var trace = Trace()
        trace.tap(0, 1)
        trace.touch(200, 2, .began, 0.5, 0.5)
        trace.touch(210, 2, .moved, 0.51, 0.5)
        trace.touch(220, 2, .moved, 0.6, 0.5)     // fails the tap: began and one moved released now
        trace.touch(240, 2, .ended, 0.6, 0.5)
        p.feed(trace)
        XCTAssertEqual(p.consumer(of: 1), [])
        XCTAssertEqual(p.consumer(of: 2), ["began@220", "moved@220", "ended@240"])
        let released = p.output.consumer.filter { $0.id == 2 }
        XCTAssertEqual(released[0].x, 0.5, accuracy: 1e-12)   // the original down position
        XCTAssertEqual(released[1].x, 0.6, accuracy: 1e-12)   // the current one
    }

    func testDoubleTapDelaysTheFirstEndedByTheInterval() throws {
        let p = try pipeline(TapGestureRecognizer(name: "double", numberOfTapsRequired: 2))
        var trace = Trace()
        trace.tap(0, 1)
        p.feed(trace, thenAdvanceTo: 1000)
        XCTAssertEqual(p.consumer(of: 1), ["began@0", "ended@360"])
    }

    func testPendingTapCancelsAtItsRelease() throws {
        let double = TapGestureRecognizer(name: "double", numberOfTapsRequired: 2)
        let tap = TapGestureRecognizer(name: "tap")
        let p = try pipeline(double, tap)
        try p.require(tap, toFail: double)
        var trace = Trace()
        trace.tap(0, 1, duration: 80)
        p.feed(trace, thenAdvanceTo: 1000)
        XCTAssertEqual(p.consumer(of: 1), ["began@0", "cancelled@380"])
    }

    func testIgnoredTouchIsNeitherCancelledNorDelayed() throws {
        let pan = PanGestureRecognizer(name: "pan")
        let p = try pipeline(pan)
        var trace = Trace()
        trace.touch(0, 1, .began, 0.3, 0.5)
        trace.touch(0, 2, .began, 0.6, 0.5)
        trace.control(.ignore(timeMs: 10, recognizer: "pan", touchId: 2))
        trace.touch(20, 1, .moved, 0.35, 0.5)
        trace.touch(30, 2, .moved, 0.7, 0.5)
        trace.touch(40, 2, .ended, 0.7, 0.5)
        trace.touch(60, 1, .ended, 0.35, 0.5)
        p.feed(trace)
        XCTAssertEqual(p.consumer(of: 1), ["began@0", "cancelled@20"])
        XCTAssertEqual(p.consumer(of: 2), ["began@0", "moved@30", "ended@40"])
    }

    func testTouchesNoRecognizerWatchesFlowStraightThrough() throws {
        let tap = TapGestureRecognizer(name: "tap", sides: [.left])
        tap.delaysTouchesBegan = true
        let p = try pipeline(tap)
        var trace = Trace()
        trace.touch(0, 1, .began, 0.2, 0.2, side: .top)
        trace.touch(30, 1, .moved, 0.3, 0.2, side: .top)
        trace.touch(60, 1, .ended, 0.3, 0.2, side: .top)
        p.feed(trace)
        XCTAssertEqual(p.consumer(of: 1), ["began@0", "moved@30", "ended@60"])
    }
}
