@testable import Gestures
import XCTest

/// Actions (UIKit's `addTarget(_:action:)`; docs/gestures.md, "State machine"): several targets, removal,
/// no action for failed, synchronous at frame end.
final class ActionTargetTests: XCTestCase {
    func testEveryTargetHearsEachNonFailedTransitionInOrder() throws {
        let double = TapGestureRecognizer(name: "double", numberOfTapsRequired: 2)
        var first: [String] = [], second: [String] = [], removed: [String] = []
        double.addTarget { first.append("\($0.state.rawValue)@\(Int($0.timeMs))") }
        double.addTarget { second.append($0.recognizer) }
        let token = double.addTarget { removed.append($0.recognizer) }
        double.removeTarget(token)
        let p = try pipeline(double)
        var trace = Trace()
        trace.tap(0, 1)
        trace.tap(1000, 2)
        trace.tap(1100, 3)
        p.feed(trace, thenAdvanceTo: 3000)
        XCTAssertEqual(p.states(of: "double"), ["failed@360", "recognized@1160"])
        XCTAssertEqual(first, ["recognized@1160"])
        XCTAssertEqual(second, ["double"])
        XCTAssertEqual(removed, [])
    }

    func testActionsRunAfterTheFrameWithTheValuesOfTheirTransition() throws {
        let pan = PanGestureRecognizer(name: "pan")
        var seen: [(GestureState, Double, GestureState)] = []
        pan.addTarget { [unowned pan] transition in
            // By the time the action runs the frame is over: a terminal recognizer has reset.
            seen.append((transition.state, transition.values.translation?.x ?? .nan, pan.state))
        }
        let p = try pipeline(pan)
        var trace = Trace()
        trace.stroke(0, 1, from: (0.3, 0.5), to: (0.5, 0.5), steps: 2)
        p.feed(trace)
        XCTAssertEqual(seen.map(\.0), [.began, .changed, .ended])
        XCTAssertEqual(seen[0].1, 0.1, accuracy: 1e-9)
        XCTAssertEqual(seen[2].2, .possible)
        XCTAssertEqual(seen[0].2, .began)
    }

    func testTakeOutputEmptiesIt() throws {
        let p = try pipeline(TapGestureRecognizer(name: "tap"))
        var trace = Trace()
        trace.tap(0, 1)
        p.feed(trace)
        let output = p.takeOutput()
        XCTAssertEqual(output.transitions.map(\.state), [.recognized])
        XCTAssertEqual(output.consumer.map(\.phase), [.began, .cancelled])
        XCTAssertTrue(p.output.isEmpty)
        XCTAssertThrowsError(try p.add(p.recognizers[0]))
    }
}
