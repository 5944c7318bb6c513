@testable import Gestures
import XCTest

/// Exclusivity and simultaneous recognition, and the side filter's part in it (docs/gestures.md,
/// "Exclusivity", "Filters").
final class ExclusivityTests: XCTestCase {
    func rightStroke() -> Trace {
        var trace = Trace()
        trace.stroke(0, 1, from: (0.2, 0.5), to: (0.44, 0.5))
        return trace
    }

    func testFirstToBeginFailsTheOtherThatSharesTheTouch() throws {
        let p = try pipeline(PanGestureRecognizer(name: "pan"), SwipeGestureRecognizer(name: "swipe"))
        p.feed(rightStroke())
        XCTAssertEqual(p.states(of: "pan"), ["began@20", "changed@40", "changed@60", "changed@80", "ended@100"])
        XCTAssertEqual(p.states(of: "swipe"), ["failed@20"])
    }

    func testDeclaredPairRecognizesTogether() throws {
        let pan = PanGestureRecognizer(name: "pan"), swipe = SwipeGestureRecognizer(name: "swipe")
        let p = try pipeline(pan, swipe)
        try p.allowSimultaneous(pan, swipe)
        p.feed(rightStroke())
        XCTAssertEqual(p.states(of: "swipe"), ["recognized@60"])
        XCTAssertEqual(p.states(of: "pan").count, 5)
    }

    func testDelegateAllowsSimultaneity() throws {
        final class Together: GestureRecognizerDelegate {
            func gestureRecognizer(_ recognizer: GestureRecognizer,
                                   shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
        }
        let together = Together()
        let pan = PanGestureRecognizer(name: "pan"), swipe = SwipeGestureRecognizer(name: "swipe")
        swipe.delegate = together
        let p = try pipeline(pan, swipe)
        p.feed(rightStroke())
        XCTAssertEqual(p.states(of: "swipe"), ["recognized@60"])
    }

    func testTapNeverPreventsATapNeedingMoreTaps() throws {
        let p = try pipeline(TapGestureRecognizer(name: "tap"), TapGestureRecognizer(name: "double", numberOfTapsRequired: 2))
        var trace = Trace()
        trace.tap(0, 1, duration: 40)
        trace.tap(100, 2, duration: 40)
        p.feed(trace, thenAdvanceTo: 1000)
        XCTAssertEqual(p.states(of: "tap"), ["recognized@40", "recognized@140"])
        XCTAssertEqual(p.states(of: "double"), ["recognized@140"])
    }

    func testShouldBeginFalseFailsAndPreventsNothing() throws {
        final class No: GestureRecognizerDelegate {
            func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { false }
        }
        let no = No()
        let a = TapGestureRecognizer(name: "a"), b = TapGestureRecognizer(name: "b")
        a.delegate = no
        let p = try pipeline(a, b)
        var trace = Trace()
        trace.tap(0, 1, duration: 40)
        p.feed(trace)
        XCTAssertEqual(p.states(of: "a"), ["failed@40"])
        XCTAssertEqual(p.states(of: "b"), ["recognized@40"])
    }

    func testRecognizersOnDisjointSidesDoNotInterfere() throws {
        let left = TapGestureRecognizer(name: "left", sides: [.left])
        let right = PanGestureRecognizer(name: "right", sides: [.right])
        let p = try pipeline(left, right)
        var trace = Trace()
        trace.touch(0, 1, .began, 0.5, 0.5, side: .left)
        trace.touch(0, 2, .began, 0.3, 0.5, side: .right)
        trace.touch(20, 2, .moved, 0.4, 0.5, side: .right)
        trace.touch(40, 1, .ended, 0.5, 0.5, side: .left)
        trace.touch(60, 2, .ended, 0.4, 0.5, side: .right)
        p.feed(trace)
        XCTAssertEqual(p.states(of: "left"), ["recognized@40"])
        XCTAssertEqual(p.states(of: "right"), ["began@20", "ended@60"])
    }

    func testTouchClassRestriction() throws {
        let fingers = SwipeGestureRecognizer(name: "fingers")
        fingers.touchClasses = [.finger]
        let p = try pipeline(fingers)
        var trace = Trace()
        trace.touch(0, 1, .began, 0.2, 0.5, touchClass: .palm)
        trace.touch(30, 1, .moved, 0.5, 0.5, touchClass: .palm)
        trace.touch(40, 1, .ended, 0.5, 0.5, touchClass: .palm)
        trace.touch(100, 2, .began, 0.2, 0.5, touchClass: .finger)
        trace.touch(130, 2, .moved, 0.5, 0.5, touchClass: .finger)
        trace.touch(140, 2, .ended, 0.5, 0.5, touchClass: .finger)
        p.feed(trace)
        XCTAssertEqual(p.states(of: "fingers"), ["recognized@130"])
    }
}
