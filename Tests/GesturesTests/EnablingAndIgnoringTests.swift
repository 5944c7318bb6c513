@testable import Gestures
import XCTest

/// Enable/disable, ignore(touch) and shouldReceiveTouch, reset exclusion (UIKit's `isEnabled`, `ignore(_:for:)`,
/// `gestureRecognizer(_:shouldReceive:)`, `reset()`).
final class EnablingAndIgnoringTests: XCTestCase {
    func testDisablingAnActivePanCancelsItWithAnAction() throws {
        let pan = PanGestureRecognizer(name: "pan")
        var actions: [GestureState] = []
        pan.addTarget { actions.append($0.state) }
        let p = try pipeline(pan)
        var trace = Trace()
        trace.touch(0, 1, .began, 0.3, 0.5)
        trace.touch(20, 1, .moved, 0.35, 0.5)
        trace.control(.setEnabled(timeMs: 50, recognizer: "pan", enabled: false))
        trace.touch(60, 1, .moved, 0.4, 0.5)
        trace.control(.setEnabled(timeMs: 70, recognizer: "pan", enabled: true))
        trace.touch(80, 1, .moved, 0.5, 0.5)         // began before re-enabling: still excluded
        trace.touch(100, 2, .began, 0.5, 0.5)
        trace.touch(120, 2, .moved, 0.55, 0.5)
        trace.touch(140, 1, .ended, 0.5, 0.5)
        trace.touch(150, 2, .ended, 0.55, 0.5)
        p.feed(trace)
        XCTAssertEqual(p.states(of: "pan"), ["began@20", "cancelled@50", "began@120", "ended@150"])
        XCTAssertEqual(actions, [.began, .cancelled, .began, .ended])
        XCTAssertEqual(p.log(of: "pan")[1].values.translation?.x ?? 0, 0.05, accuracy: 1e-9)
    }

    func testDisablingAnEngagedTapFailsItAndAnIdleOneStopsReceiving() throws {
        let tap = TapGestureRecognizer(name: "tap")
        let p = try pipeline(tap)
        p.process(frame: [.touch(TouchEvent(timeMs: 0, id: 1, side: .right, phase: .began, x: 0.5, y: 0.5))])
        p.setEnabled(tap, false, atMs: 30)
        p.process(frame: [.touch(TouchEvent(timeMs: 60, id: 1, side: .right, phase: .ended, x: 0.5, y: 0.5))])
        p.process(frame: [.touch(TouchEvent(timeMs: 100, id: 2, side: .right, phase: .began, x: 0.5, y: 0.5))])
        p.process(frame: [.touch(TouchEvent(timeMs: 150, id: 2, side: .right, phase: .ended, x: 0.5, y: 0.5))])
        XCTAssertEqual(p.states(of: "tap"), ["failed@30"])
        XCTAssertFalse(tap.isEnabled)
    }

    func testIgnoredTouchNoLongerMovesThePan() throws {
        let pan = PanGestureRecognizer(name: "pan")
        let p = try pipeline(pan)
        var trace = Trace()
        trace.touch(0, 1, .began, 0.3, 0.5)
        trace.touch(0, 2, .began, 0.5, 0.5)
        trace.touch(20, 1, .moved, 0.35, 0.5)
        trace.touch(20, 2, .moved, 0.55, 0.5)
        trace.control(.ignore(timeMs: 30, recognizer: "pan", touchId: 2))
        trace.touch(40, 1, .moved, 0.4, 0.5)
        trace.touch(40, 2, .moved, 0.9, 0.9)
        trace.touch(60, 1, .ended, 0.4, 0.5)
        p.feed(trace)
        XCTAssertEqual(p.states(of: "pan"), ["began@20", "changed@40", "ended@60"])
        XCTAssertEqual(p.log(of: "pan")[1].values.translation?.x ?? 0, 0.1, accuracy: 1e-9)
        XCTAssertEqual(p.log(of: "pan")[1].values.location?.x ?? 0, 0.4, accuracy: 1e-9)
    }

    /// Ignoring the only touch of an active long press takes it out of the tracked set, so the count
    /// drops below the required one and the press ends; otherwise it would stay active and swallow the
    /// next press's touch.
    func testIgnoringTheOnlyTouchEndsAnActiveLongPress() throws {
        let press = LongPressGestureRecognizer(name: "lp")
        let p = try pipeline(press)
        var trace = Trace()
        trace.touch(0, 1, .began, 0.4, 0.5)
        trace.control(.ignore(timeMs: 700, recognizer: "lp", touchId: 1))
        trace.touch(900, 1, .ended, 0.4, 0.5)
        trace.touch(1000, 2, .began, 0.5, 0.5)
        trace.touch(1600, 2, .ended, 0.5, 0.5)
        p.feed(trace)
        XCTAssertEqual(p.states(of: "lp"), ["began@500", "ended@700", "began@1500", "ended@1600"])
    }

    /// A pinch whose two touches are both ignored ends (value frozen) instead of staying active.
    func testIgnoringBothTouchesEndsAnActivePinch() throws {
        let pinch = PinchGestureRecognizer(name: "pinch")
        let p = try pipeline(pinch)
        var trace = Trace()
        trace.touch(0, 1, .began, 0.4, 0.5)
        trace.touch(0, 2, .began, 0.6, 0.5)
        trace.touch(20, 2, .moved, 0.7, 0.5)
        trace.control(.ignore(timeMs: 40, recognizer: "pinch", touchId: 1))
        trace.touch(45, 2, .moved, 0.9, 0.5)
        trace.control(.ignore(timeMs: 50, recognizer: "pinch", touchId: 2))
        p.feed(trace)
        XCTAssertEqual(p.states(of: "pinch"), ["began@20", "ended@50"])
        XCTAssertEqual(p.log(of: "pinch")[1].values.scale ?? 0, 1.5, accuracy: 1e-9)
    }

    /// A swipe whose only touch is ignored fails at once, so the next stroke is a new attempt.
    func testIgnoringTheOnlyTouchFailsAPossibleSwipe() throws {
        let swipe = SwipeGestureRecognizer(name: "swipe")
        let p = try pipeline(swipe)
        var trace = Trace()
        trace.touch(0, 1, .began, 0.2, 0.5)
        trace.control(.ignore(timeMs: 10, recognizer: "swipe", touchId: 1))
        trace.touch(40, 1, .ended, 0.4, 0.5)
        trace.touch(100, 2, .began, 0.2, 0.5)
        trace.touch(120, 2, .moved, 0.4, 0.5)
        trace.touch(140, 2, .ended, 0.4, 0.5)
        p.feed(trace)
        XCTAssertEqual(p.states(of: "swipe"), ["failed@10", "recognized@120"])
    }

    func testDeniedTouchIsInvisible() throws {
        final class Deny: GestureRecognizerDelegate {
            func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: TouchEvent) -> Bool { touch.id != 1 }
        }
        let deny = Deny()
        let tap = TapGestureRecognizer(name: "tap")
        tap.delegate = deny
        let p = try pipeline(tap)
        var trace = Trace()
        trace.touch(0, 1, .began, 0.1, 0.1)      // denied: not "too many touches"
        trace.tap(10, 2, duration: 40)
        p.feed(trace)
        XCTAssertEqual(p.states(of: "tap"), ["recognized@50"])
    }

    func testTouchStillDownAtResetIsExcludedSoALaterTapWorks() throws {
        let p = try pipeline(TapGestureRecognizer(name: "tap"))
        var trace = Trace()
        trace.touch(0, 1, .began, 0.1, 0.1)      // a resting palm
        trace.tap(400, 2, duration: 60)
        p.feed(trace, thenAdvanceTo: 1000)
        XCTAssertEqual(p.states(of: "tap"), ["failed@350", "recognized@460"])
    }
}
