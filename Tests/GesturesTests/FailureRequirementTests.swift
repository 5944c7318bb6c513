@testable import Gestures
import XCTest

/// Failure requirements (`require(toFail:)`): pending, the double-tap delay, chains, cycles, dynamic edges.
final class FailureRequirementTests: XCTestCase {
    func testSingleTapWaitsForTheDoubleTapToFail() throws {
        let double = TapGestureRecognizer(name: "double", numberOfTapsRequired: 2)
        let tap = TapGestureRecognizer(name: "tap")
        let p = try pipeline(double, tap)
        try p.require(tap, toFail: double)
        var trace = Trace()
        trace.tap(0, 1, duration: 80)
        trace.tap(1000, 2, duration: 80)
        trace.tap(1200, 3, duration: 80)
        p.feed(trace, thenAdvanceTo: 3000)
        // Single tap: reported at lift + the double tap's interval (80 + 300). Double tap: no single.
        XCTAssertEqual(p.states(of: "tap"), ["recognized@380", "failed@1280"])
        XCTAssertEqual(p.states(of: "double"), ["failed@380", "recognized@1280"])
        XCTAssertEqual(p.log(of: "tap").first?.values.location, TouchPoint(x: 0.5, y: 0.5))
    }

    func testTripleDoubleSingleChainYieldsOnlyTheWinner() throws {
        let tap = TapGestureRecognizer(name: "tap")
        let double = TapGestureRecognizer(name: "double", numberOfTapsRequired: 2)
        let triple = TapGestureRecognizer(name: "triple", numberOfTapsRequired: 3)
        let p = try pipeline(tap, double, triple)
        try p.require(double, toFail: triple)
        try p.require(tap, toFail: triple)
        try p.require(tap, toFail: double)
        var trace = Trace()
        for n in 0..<3 { trace.tap(Double(n) * 100, n + 1, duration: 40) }
        p.feed(trace, thenAdvanceTo: 1000)
        XCTAssertEqual(p.output.transitions.filter { $0.state != .failed }.map(\.recognizer), ["triple"])
    }

    /// If `tap` requires only `double`, `double` fails when `triple` wins and the pending `tap` then
    /// fires. The outcome must not depend on the registration order (the requirement cascade runs before
    /// exclusivity prevents; otherwise [tap, double, triple] would fail the tap).
    func testTapRequiringOnlyDoubleFiresWhenTripleWinsInEveryRegistrationOrder() throws {
        for order in [["tap", "double", "triple"], ["triple", "double", "tap"], ["double", "tap", "triple"]] {
            let tap = TapGestureRecognizer(name: "tap")
            let double = TapGestureRecognizer(name: "double", numberOfTapsRequired: 2)
            let triple = TapGestureRecognizer(name: "triple", numberOfTapsRequired: 3)
            let byName = ["tap": tap, "double": double, "triple": triple]
            let p = GesturePipeline()
            for name in order { try p.add(try XCTUnwrap(byName[name])) }
            try p.require(double, toFail: triple)
            try p.require(tap, toFail: double)
            var trace = Trace()
            for n in 0..<3 { trace.tap(Double(n) * 150, n + 1, duration: 50) }
            p.feed(trace, thenAdvanceTo: 1000)
            XCTAssertEqual(p.states(of: "triple"), ["recognized@350"], "order \(order)")
            XCTAssertEqual(p.states(of: "double"), ["failed@350"], "order \(order)")
            XCTAssertEqual(p.states(of: "tap"), ["recognized@350"], "order \(order)")
        }
    }

    func testAnIdleRequirementOnAnotherSideDoesNotDelay() throws {
        let double = TapGestureRecognizer(name: "double", sides: [.right], numberOfTapsRequired: 2)
        let tap = TapGestureRecognizer(name: "tap", sides: [.left])
        let p = try pipeline(double, tap)
        try p.require(tap, toFail: double)
        var trace = Trace()
        trace.tap(0, 1, duration: 40, side: .left)
        p.feed(trace, thenAdvanceTo: 1000)
        XCTAssertEqual(p.states(of: "tap"), ["recognized@40"])
    }

    func testPendingContinuousRecognizerBeginsWithItsLatestValues() throws {
        let pan = PanGestureRecognizer(name: "pan")
        let swipe = SwipeGestureRecognizer(name: "swipe", maximumDurationMs: 100)
        let p = try pipeline(pan, swipe)
        try p.require(pan, toFail: swipe)
        var trace = Trace()
        trace.touch(0, 1, .began, 0.3, 0.5)
        for (n, x) in [0.33, 0.36, 0.39, 0.42].enumerated() { trace.touch(Double(n + 1) * 20, 1, .moved, x, 0.5) }
        trace.touch(110, 1, .moved, 0.48, 0.5)
        trace.touch(130, 1, .ended, 0.48, 0.5)
        p.feed(trace)
        XCTAssertEqual(p.states(of: "pan"), ["began@100", "changed@110", "ended@130"])
        XCTAssertEqual(p.log(of: "pan").first?.values.translation?.x ?? 0, 0.12, accuracy: 1e-9)
    }

    func testCyclesAreRejectedWhenAdded() throws {
        let a = TapGestureRecognizer(name: "a"), b = TapGestureRecognizer(name: "b"), c = TapGestureRecognizer(name: "c")
        let p = try pipeline(a, b, c)
        try p.require(a, toFail: b)
        try p.require(b, toFail: c)
        XCTAssertThrowsError(try p.require(c, toFail: a)) { error in
            XCTAssertEqual(error as? GestureConfigurationError, .requirementCycle(["c", "a", "b", "c"]))
        }
        XCTAssertThrowsError(try p.require(a, toFail: a))
        let stranger = TapGestureRecognizer(name: "stranger")
        XCTAssertThrowsError(try p.require(a, toFail: stranger)) { error in
            XCTAssertEqual(error as? GestureConfigurationError, .notRegistered("stranger"))
        }
    }

    func testDelegateCreatesADynamicRequirement() throws {
        final class Waits: GestureRecognizerDelegate {
            func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
                other.name == "double"
            }
        }
        final class Blocks: GestureRecognizerDelegate {
            func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
                other.name == "tap2"
            }
        }
        let double = TapGestureRecognizer(name: "double", numberOfTapsRequired: 2)
        let tap = TapGestureRecognizer(name: "tap", sides: [.right])
        let tap2 = TapGestureRecognizer(name: "tap2", sides: [.left])
        let waits = Waits(), blocks = Blocks()
        tap.delegate = waits
        double.delegate = blocks
        let p = try pipeline(double, tap, tap2)
        var trace = Trace()
        trace.tap(0, 1, duration: 80)
        trace.tap(1000, 2, duration: 80, side: .left)
        p.feed(trace, thenAdvanceTo: 3000)
        XCTAssertEqual(p.states(of: "tap"), ["recognized@380"])
        XCTAssertEqual(p.states(of: "tap2"), ["recognized@1380"])
    }
}
