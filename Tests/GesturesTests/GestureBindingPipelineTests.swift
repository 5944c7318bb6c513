@testable import Controls
@testable import Gestures
import XCTest

/// The gesture actor's pipeline built from `[gestures]` bindings: one recognizer per binding, on its
/// sides, with its parameters, and the relations between bindings.
final class GestureBindingPipelineTests: XCTestCase {
    /// A straight stroke of one finger, sampled every 20 ms (the simulated case's report rate).
    private func stroke(_ p: GestureBindingPipeline, id: Int = 1, side: CaseSide, at start: Double, ms: Double,
                        from: (Double, Double), to: (Double, Double)? = nil) -> [Int] {
        let to = to ?? from
        var made: [Int] = []
        let steps = max(1, Int(ms / 20))
        for i in 0...steps {
            let f = Double(i) / Double(steps)
            let phase: TouchPhase = i == 0 ? .began : .moved
            made += p.process(TouchEvent(timeMs: start + ms * f, id: id, side: side, phase: phase,
                                         x: from.0 + (to.0 - from.0) * f, y: from.1 + (to.1 - from.1) * f))
        }
        made += p.process(TouchEvent(timeMs: start + ms + 10, id: id, side: side, phase: .ended, x: to.0, y: to.1))
        return made
    }

    func testASwipeIsMadeOnlyOnTheSidesItsBindingNames() throws {
        let map = GestureCommandMap([GestureBinding(.swipe(.right), sides: [.right], command: .nextWaypoint),
                                     GestureBinding(.swipe(.left), command: .previousWaypoint)])
        let p = try GestureBindingPipeline(map: map, sensedSides: [.left, .right])
        XCTAssertEqual(stroke(p, side: .right, at: 0, ms: 150, from: (0.2, 0.5), to: (0.8, 0.5)), [0])
        XCTAssertEqual(stroke(p, side: .left, at: 1000, ms: 150, from: (0.2, 0.5), to: (0.8, 0.5)), [],
                       "the right swipe is bound to the right side only")
        XCTAssertEqual(stroke(p, side: .left, at: 2000, ms: 150, from: (0.8, 0.5), to: (0.2, 0.5)), [1])
    }

    func testASideTheCaseDoesNotSenseGetsNoRecognizer() throws {
        let map = GestureCommandMap([GestureBinding(.tap, sides: [.top], command: .announceDirection),
                                     GestureBinding(.tap, command: .pause)])
        let p = try GestureBindingPipeline(map: map, sensedSides: [.left])
        XCTAssertEqual(p.pipeline.recognizers.map(\.name), ["tap#1"])
    }

    /// A single tap waits for the double tap to fail (300 ms interval), so the two never both fire.
    func testATapWaitsForTheDoubleTapAndADoubleTapIsNotAlsoATap() throws {
        let p = try GestureBindingPipeline(map: .defaults, sensedSides: Set(CaseSide.allCases))
        let tap = p.bindings.firstIndex { $0.gesture == .tap }
        let double = p.bindings.firstIndex { $0.gesture == .doubleTap }
        XCTAssertEqual(stroke(p, side: .bottom, at: 0, ms: 80, from: (0.5, 0.5)), [])
        XCTAssertEqual(p.nextDeadlineMs, 390, "the double tap's interval runs from the first tap's end")
        XCTAssertEqual(p.advance(toMs: 389), [])
        XCTAssertEqual(p.advance(toMs: 400), [tap].compactMap { $0 })

        var made = stroke(p, side: .bottom, at: 1000, ms: 80, from: (0.5, 0.5))
        made += stroke(p, side: .bottom, at: 1180, ms: 80, from: (0.5, 0.5))
        made += p.advance(toMs: 3000)
        XCTAssertEqual(made, [double].compactMap { $0 })
    }

    func testParametersReachTheRecognizer() throws {
        let map = GestureCommandMap([GestureBinding(.longPress, parameters: ["minimumPressDurationMs": 800], command: .stop)])
        let p = try GestureBindingPipeline(map: map, sensedSides: [.bottom])
        _ = p.process(TouchEvent(timeMs: 0, id: 1, side: .bottom, phase: .began, x: 0.5, y: 0.5))
        XCTAssertEqual(p.advance(toMs: 799), [], "the default 500 ms is not used")
        XCTAssertEqual(p.advance(toMs: 800), [0], "a long press counts when it begins")
    }

    func testPinchAndTapSwipeAreMadeOnlyInTheBoundSense() throws {
        let map = GestureCommandMap([GestureBinding(.pinch(closing: true), command: .pause),
                                     GestureBinding(.tapThenSwipe(.left), command: .previousWaypoint)])
        let p = try GestureBindingPipeline(map: map, sensedSides: [.bottom])
        // Fingers apart: a pinch out, which the pinch-in binding ignores.
        var made: [Int] = []
        for i in 0...10 {
            let d = 0.1 + 0.02 * Double(i)
            let phase: TouchPhase = i == 0 ? .began : .moved
            made += p.process(TouchEvent(timeMs: Double(20 * i), id: 1, side: .bottom, phase: phase, x: 0.5 - d, y: 0.5))
            made += p.process(TouchEvent(timeMs: Double(20 * i), id: 2, side: .bottom, phase: phase, x: 0.5 + d, y: 0.5))
        }
        made += p.process(TouchEvent(timeMs: 220, id: 1, side: .bottom, phase: .ended, x: 0.2, y: 0.5))
        made += p.process(TouchEvent(timeMs: 220, id: 2, side: .bottom, phase: .ended, x: 0.8, y: 0.5))
        XCTAssertEqual(made, [])
        // Fingers together: a pinch in.
        made = []
        for i in 0...10 {
            let d = 0.3 - 0.02 * Double(i)
            let phase: TouchPhase = i == 0 ? .began : .moved
            made += p.process(TouchEvent(timeMs: 1000 + Double(20 * i), id: 3, side: .bottom, phase: phase, x: 0.5 - d, y: 0.5))
            made += p.process(TouchEvent(timeMs: 1000 + Double(20 * i), id: 4, side: .bottom, phase: phase, x: 0.5 + d, y: 0.5))
        }
        made += p.process(TouchEvent(timeMs: 1220, id: 3, side: .bottom, phase: .ended, x: 0.4, y: 0.5))
        made += p.process(TouchEvent(timeMs: 1220, id: 4, side: .bottom, phase: .ended, x: 0.6, y: 0.5))
        XCTAssertEqual(made, [0])

        // A tap, then a swipe to the right: not the bound left.
        made = stroke(p, side: .bottom, at: 3000, ms: 80, from: (0.5, 0.5))
        made += stroke(p, side: .bottom, at: 3200, ms: 150, from: (0.2, 0.5), to: (0.8, 0.5))
        made += p.advance(toMs: 5000)
        XCTAssertEqual(made, [])
        made = stroke(p, side: .bottom, at: 6000, ms: 80, from: (0.5, 0.5))
        made += stroke(p, side: .bottom, at: 6200, ms: 150, from: (0.8, 0.5), to: (0.2, 0.5))
        made += p.advance(toMs: 8000)
        XCTAssertEqual(made, [1])
    }

    func testPenClicksAreShortOrLongByTheConfiguredHold() {
        var map = GestureCommandMap.defaults
        map.longClick = .milliseconds(500)
        XCTAssertEqual(map.command(forClick: .tip, held: .milliseconds(120)), .togglePause)
        XCTAssertNil(map.command(forClick: .tip, held: .milliseconds(500)), "a long tip click is unbound by default")
        XCTAssertEqual(map.command(forClick: .eraser, held: .milliseconds(700)), .stop)
        XCTAssertNil(map.command(forClick: .eraser, held: .milliseconds(499)))
    }
}
