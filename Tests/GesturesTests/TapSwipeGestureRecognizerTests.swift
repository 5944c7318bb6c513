@testable import Gestures
import XCTest

/// FingerBlade's tap-swipe (`UITapSwipeGestureRecognizer`): 0, 1 or 2 taps, then a swipe stroke.
final class TapSwipeGestureRecognizerTests: XCTestCase {
    func testZeroOneAndTwoTapsBeforeTheSwipe() throws {
        for taps in 0...2 {
            let p = try pipeline(TapSwipeGestureRecognizer(name: "cut", numberOfTapsRequired: taps))
            var trace = Trace()
            for n in 0..<taps { trace.tap(Double(n) * 200, n + 1, duration: 40) }
            trace.stroke(Double(taps) * 200, 10, from: (0.3, 0.3), to: (0.5, 0.6))
            p.feed(trace, thenAdvanceTo: 3000)
            let swipeEnd = Double(taps) * 200 + 100
            XCTAssertEqual(p.states(of: "cut"), ["recognized@\(Int(swipeEnd))"], "\(taps) taps")
            let values = p.log(of: "cut").first?.values
            XCTAssertEqual(values?.taps, taps)
            XCTAssertEqual(values?.swipe?.x ?? 0, 0.2, accuracy: 1e-9)
            XCTAssertEqual(values?.swipe?.y ?? 0, 0.3, accuracy: 1e-9)
            XCTAssertEqual(values?.location, TouchPoint(x: 0.3, y: 0.3))
        }
    }

    func testGapMovedTapShortSwipeAndExtraStrokeFail() throws {
        let p = try pipeline(TapSwipeGestureRecognizer(name: "cut", numberOfTapsRequired: 1))
        var trace = Trace()
        trace.tap(0, 1, duration: 40)
        trace.stroke(600, 2, from: (0.3, 0.3), to: (0.6, 0.3))          // gap 560 > 500: failed@540
        trace.touch(2000, 3, .began, 0.5, 0.5)
        trace.touch(2020, 3, .moved, 0.53, 0.5)                           // tap moved 0.03
        trace.touch(2040, 3, .ended, 0.53, 0.5)
        trace.tap(3000, 4, duration: 40)
        trace.stroke(3200, 5, from: (0.3, 0.3), to: (0.35, 0.3))         // too short: gap timer
        trace.stroke(3400, 6, from: (0.3, 0.3), to: (0.7, 0.3))          // stroke N+2
        p.feed(trace, thenAdvanceTo: 5000)
        // The late stroke starts a new attempt as a tap stroke, which its movement fails at 620.
        XCTAssertEqual(p.states(of: "cut"), ["failed@540", "failed@620", "failed@2020", "failed@3400"])
    }

    func testSwipeWithTooManyTouchesFails() throws {
        let p = try pipeline(TapSwipeGestureRecognizer(name: "cut", numberOfTapsRequired: 0))
        var trace = Trace()
        trace.touch(0, 1, .began, 0.3, 0.3)
        trace.touch(10, 2, .began, 0.4, 0.3)
        trace.touch(30, 1, .moved, 0.7, 0.3)
        p.feed(trace)
        XCTAssertEqual(p.states(of: "cut"), ["failed@10"])
    }
}
