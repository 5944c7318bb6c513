@testable import Gestures
import XCTest

/// Swipe (`UISwipeGestureRecognizer`): decided during the stroke; distance, angle, duration, velocity, direction.
final class SwipeGestureRecognizerTests: XCTestCase {
    func testRightSwipeIsRecognizedWhenTheDistanceIsFirstReached() throws {
        let p = try pipeline(SwipeGestureRecognizer(name: "swipe"))
        var trace = Trace()
        trace.stroke(0, 1, from: (0.2, 0.5), to: (0.44, 0.52))   // 0.06 per 20 ms
        p.feed(trace, thenAdvanceTo: 800)
        XCTAssertEqual(p.states(of: "swipe"), ["recognized@60"])
        XCTAssertEqual(p.log(of: "swipe").first?.values.direction, .right)
        XCTAssertEqual(p.log(of: "swipe").first?.values.location, TouchPoint(x: 0.2, y: 0.5))
    }

    func testEachDirectionOfTheMask() throws {
        for (direction, to) in [(RecognizedGesture.Direction.left, (0.2, 0.5)), (.up, (0.5, 0.2)), (.down, (0.5, 0.8))] {
            let p = try pipeline(SwipeGestureRecognizer(name: "swipe", directions: [.left, .up, .down]))
            var trace = Trace()
            trace.stroke(0, 1, from: (0.5, 0.5), to: to)
            p.feed(trace, thenAdvanceTo: 800)
            XCTAssertEqual(p.log(of: "swipe").map(\.state), [.recognized], "\(direction)")
            XCTAssertEqual(p.log(of: "swipe").first?.values.direction, direction)
        }
    }

    func testWrongDirectionSteepAngleAndSlownessFail() throws {
        var trace = Trace()
        trace.stroke(0, 1, from: (0.5, 0.5), to: (0.2, 0.5))            // leftward
        trace.stroke(1000, 2, from: (0.2, 0.5), to: (0.4, 0.65))        // 36.9° off the axis
        trace.stroke(2000, 3, from: (0.2, 0.5), to: (0.38, 0.5), steps: 4, every: 150) // 0.15 only after 500 ms
        let p = try pipeline(SwipeGestureRecognizer(name: "swipe"))
        p.feed(trace, thenAdvanceTo: 4000)
        XCTAssertEqual(p.states(of: "swipe"), ["failed@100", "failed@1100", "failed@2500"])
    }

    func testMinimumVelocityIsTheAverageAlongTheDirection() throws {
        var trace = Trace()
        trace.stroke(0, 1, from: (0.2, 0.5), to: (0.5, 0.5), steps: 3, every: 100)   // 1 u/s
        trace.stroke(1000, 2, from: (0.2, 0.5), to: (0.5, 0.5), steps: 3, every: 20)  // 5 u/s
        let p = try pipeline(SwipeGestureRecognizer(name: "swipe", minimumVelocity: 2))
        p.feed(trace, thenAdvanceTo: 3000)
        XCTAssertEqual(p.states(of: "swipe"), ["failed@400", "recognized@1040"])
    }
}
