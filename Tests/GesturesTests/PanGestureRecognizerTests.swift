@testable import Gestures
import XCTest

/// Pan and screen-edge pan (`UIPanGestureRecognizer`, `UIScreenEdgePanGestureRecognizer`): hysteresis,
/// translation re-basing, velocity, touch counts, edges.
final class PanGestureRecognizerTests: XCTestCase {
    func testTranslationIsRelativeToTheDownPointAndIncludesTheHysteresis() throws {
        let p = try pipeline(PanGestureRecognizer(name: "pan"))
        var trace = Trace()
        trace.touch(0, 1, .began, 0.3, 0.4)
        trace.touch(16, 1, .moved, 0.31, 0.4)
        trace.touch(32, 1, .moved, 0.33, 0.41)
        trace.touch(48, 1, .moved, 0.36, 0.42)
        trace.touch(64, 1, .ended, 0.36, 0.42)
        p.feed(trace)
        XCTAssertEqual(p.states(of: "pan"), ["began@32", "changed@48", "ended@64"])
        let log = p.log(of: "pan")
        XCTAssertEqual(log[0].values.translation?.x ?? 0, 0.03, accuracy: 1e-9)
        XCTAssertEqual(log[2].values.translation?.x ?? 0, 0.06, accuracy: 1e-9)
        // Velocity of the last moving frame: 0.03 u in 16 ms.
        XCTAssertEqual(log[2].values.velocityXY?.x ?? 0, 1.875, accuracy: 1e-9)
    }

    func testAJoiningTouchDoesNotMakeTheTranslationJump() throws {
        let p = try pipeline(PanGestureRecognizer(name: "pan"))
        var trace = Trace()
        trace.touch(0, 1, .began, 0.3, 0.5)
        trace.touch(20, 1, .moved, 0.35, 0.5)
        trace.touch(40, 2, .began, 0.6, 0.5)
        trace.touch(60, 1, .moved, 0.4, 0.5)
        trace.touch(60, 2, .moved, 0.65, 0.5)
        trace.touch(80, 1, .ended, 0.4, 0.5)
        trace.touch(100, 2, .ended, 0.65, 0.5)
        p.feed(trace)
        XCTAssertEqual(p.states(of: "pan"), ["began@20", "changed@40", "changed@60", "changed@80", "ended@100"])
        let x = p.log(of: "pan").map { (($0.values.translation?.x ?? -1) * 1000).rounded() / 1000 }
        XCTAssertEqual(x, [0.05, 0.05, 0.1, 0.1, 0.1])
    }

    func testTouchCountLimits() throws {
        let two = PanGestureRecognizer(name: "two", minimumNumberOfTouches: 2)
        let one = PanGestureRecognizer(name: "one", maximumNumberOfTouches: 1)
        let p = try pipeline(two)
        var trace = Trace()
        trace.stroke(0, 1, from: (0.3, 0.5), to: (0.5, 0.5))
        p.feed(trace)
        XCTAssertEqual(p.states(of: "two"), ["failed@100"])

        let q = try pipeline(one)
        var second = Trace()
        second.touch(0, 1, .began, 0.3, 0.5)
        second.touch(10, 2, .began, 0.6, 0.5)
        second.touch(20, 1, .moved, 0.4, 0.5)
        q.feed(second)
        XCTAssertEqual(q.states(of: "one"), ["failed@10"])
    }

    func testSurplusTouchesAreRefusedOnceActive() throws {
        let p = try pipeline(PanGestureRecognizer(name: "pan", maximumNumberOfTouches: 1))
        var trace = Trace()
        trace.touch(0, 1, .began, 0.3, 0.5)
        trace.touch(20, 1, .moved, 0.35, 0.5)
        trace.touch(30, 2, .began, 0.6, 0.5)
        trace.touch(40, 2, .moved, 0.9, 0.5)   // refused: no changed, no jump
        trace.touch(60, 1, .ended, 0.35, 0.5)
        p.feed(trace)
        XCTAssertEqual(p.states(of: "pan"), ["began@20", "ended@60"])
        XCTAssertEqual(p.log(of: "pan").last?.values.translation?.x ?? 0, 0.05, accuracy: 1e-9)
    }

    func testScreenEdgePanStartsOnlyNearAConfiguredEdge() throws {
        let edge = ScreenEdgePanGestureRecognizer(name: "edge", edges: [.left])
        let p = try pipeline(edge)
        var trace = Trace()
        trace.stroke(0, 1, from: (0.03, 0.5), to: (0.3, 0.5))
        trace.stroke(1000, 2, from: (0.1, 0.5), to: (0.3, 0.5))
        trace.stroke(2000, 3, from: (0.97, 0.5), to: (0.7, 0.5))
        p.feed(trace)
        XCTAssertEqual(p.states(of: "edge"), ["began@20", "changed@40", "changed@60", "changed@80", "ended@100", "failed@1000", "failed@2000"])
    }

    func testProjectDefaults() {
        let pan = PanGestureRecognizer(name: "p")
        XCTAssertEqual(pan.minimumNumberOfTouches, 1)
        XCTAssertNil(pan.maximumNumberOfTouches)
        XCTAssertEqual(pan.minimumTranslation, 0.02)
        let edge = ScreenEdgePanGestureRecognizer(name: "e")
        XCTAssertEqual(edge.edges, [])
        XCTAssertEqual(edge.edgeMargin, 0.05)
    }
}
