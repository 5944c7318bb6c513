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

    /// A slow drag along a strip: `pan-up` and `pan-down` share it, each stepping its own way, one
    /// command per 0.1 of travel, and back the other way the other binding steps.
    func testPanUpAndDownOnOneSideStepLikeAKnob() throws {
        let map = GestureCommandMap([GestureBinding(.pan(.up), sides: [.right], command: .intensityUp),
                                     GestureBinding(.pan(.down), sides: [.right], command: .intensityDown)])
        let p = try GestureBindingPipeline(map: map, sensedSides: [.right])
        var made: [Int] = []
        // Up 0.35 in 1 s, then down 0.3 in 1 s, one finger, never lifted.
        for i in 0...50 {
            let y = 0.8 - 0.35 * Double(i) / 50
            made += p.process(TouchEvent(timeMs: Double(20 * i), id: 1, side: .right, phase: i == 0 ? .began : .moved, x: 0.5, y: y))
        }
        XCTAssertEqual(made, [0, 0, 0], "0.35 up is three steps up")
        made = []
        for i in 1...50 {
            let y = 0.45 + 0.3 * Double(i) / 50
            made += p.process(TouchEvent(timeMs: 1000 + Double(20 * i), id: 1, side: .right, phase: .moved, x: 0.5, y: y))
        }
        made += p.process(TouchEvent(timeMs: 2100, id: 1, side: .right, phase: .ended, x: 0.5, y: 0.75))
        XCTAssertEqual(made, [1, 1], "back down to 0.05: a step at 0.2 and at 0.1; turning inside the step "
                       + "above 0.3 was not one, so a wobble at the turn repeats nothing")
    }

    /// The drag waits for the swipe on its side to fail, so a quick stroke is only the swipe and a
    /// slow one only the drag (its steps made at the swipe's failure catch up with the travel).
    func testAQuickStrokeIsTheSwipeAndASlowOneTheDrag() throws {
        let map = GestureCommandMap([GestureBinding(.swipe(.right), command: .nextWaypoint),
                                     GestureBinding(.pan(.right), parameters: ["step": 0.2], command: .intensityUp)])
        let p = try GestureBindingPipeline(map: map, sensedSides: [.bottom])
        XCTAssertEqual(stroke(p, side: .bottom, at: 0, ms: 150, from: (0.2, 0.5), to: (0.8, 0.5)), [0])
        XCTAssertEqual(stroke(p, side: .bottom, at: 1000, ms: 2000, from: (0.1, 0.5), to: (0.55, 0.5)), [1, 1],
                       "0.45 in 2 s fails the swipe's 500 ms, and is two steps of 0.2")
    }

    /// An edge drag begins only at its edge; a pan on the same side waits for it, so a stroke from
    /// the edge is the edge drag's alone and a stroke from the middle the pan's.
    func testAnEdgeDragStartsAtItsEdgeAndTakesThatStrokeFromThePan() throws {
        let map = GestureCommandMap([GestureBinding(.pan(.right), command: .intensityUp),
                                     GestureBinding(.edgePan(.right), command: .nextWaypoint)])
        let p = try GestureBindingPipeline(map: map, sensedSides: [.top])
        XCTAssertEqual(stroke(p, side: .top, at: 0, ms: 2000, from: (0.02, 0.5), to: (0.27, 0.5)), [1, 1],
                       "from the left edge rightward: the edge drag, two steps of 0.1")
        XCTAssertEqual(stroke(p, side: .top, at: 3000, ms: 2000, from: (0.4, 0.5), to: (0.65, 0.5)), [0, 0],
                       "from the middle: the pan")
    }

    func testHandednessMirrorsADragAcrossTheStrip() throws {
        var map = GestureCommandMap([GestureBinding(.pan(.right), command: .intensityUp)])
        map.handedness = .left
        let p = try GestureBindingPipeline(map: map, sensedSides: [.top])
        XCTAssertEqual(stroke(p, side: .top, at: 0, ms: 1000, from: (0.3, 0.5), to: (0.6, 0.5)), [],
                       "for a left hand, a stroke toward higher x is a drag to the left")
        XCTAssertEqual(stroke(p, side: .top, at: 2000, ms: 1000, from: (0.6, 0.5), to: (0.3, 0.5)), [0, 0, 0])
    }

    func testTwoFingersDoNotMoveAOneFingerDrag() throws {
        let map = GestureCommandMap([GestureBinding(.pan(.down), command: .intensityDown)])
        let p = try GestureBindingPipeline(map: map, sensedSides: [.left])
        var made: [Int] = []
        for i in 0...25 {
            let y = 0.2 + 0.4 * Double(i) / 25
            let phase: TouchPhase = i == 0 ? .began : .moved
            made += p.process(TouchEvent(timeMs: Double(40 * i), id: 1, side: .left, phase: phase, x: 0.3, y: y))
            made += p.process(TouchEvent(timeMs: Double(40 * i), id: 2, side: .left, phase: phase, x: 0.7, y: y))
        }
        XCTAssertEqual(made, [])
    }

    func testPenClicksAreShortOrLongByTheConfiguredHold() {
        var map = GestureCommandMap.defaults
        map.longClick = .milliseconds(500)
        XCTAssertEqual(map.command(forClick: .tip, held: .milliseconds(120)), .togglePause)
        XCTAssertNil(map.command(forClick: .tip, held: .milliseconds(500)), "a long tip click is unbound by default")
        XCTAssertEqual(map.command(forClick: .eraser, held: .milliseconds(700)), .stop)
        XCTAssertNil(map.command(forClick: .eraser, held: .milliseconds(499)))
    }

    /// Two taps bound alike on one side: the first registered takes every tap, so the second never
    /// fires (why the configuration refuses it, `ShadowedBinding`).
    func testTheSecondOfTwoLikeBindingsNeverFires() throws {
        let map = GestureCommandMap([GestureBinding(.tap, command: .announceDirection),
                                     GestureBinding(.tap, sides: [.left], parameters: ["numberOfTouchesRequired": 1], command: .pause)])
        XCTAssertEqual(ShadowedBinding.find(in: map.bindings, sensedSides: [.left, .right]),
                       [ShadowedBinding(index: 1, shadowedBy: [0], sides: [.left])])
        let p = try GestureBindingPipeline(map: map, sensedSides: [.left, .right])
        var made = stroke(p, side: .left, at: 0, ms: 80, from: (0.5, 0.5))
        made += stroke(p, side: .left, at: 1000, ms: 80, from: (0.3, 0.5))
        made += p.advance(toMs: 3000)
        XCTAssertEqual(made, [0, 0])
    }

    /// A tap on the left and a tap on the right, then a tap on both: between them the first two take
    /// every tap the third sees, so it never fires, and `ShadowedBinding` names both.
    func testABindingTwoEarlierOnesCoverBetweenThemNeverFires() throws {
        let map = GestureCommandMap([GestureBinding(.tap, sides: [.left], command: .announceDirection),
                                     GestureBinding(.tap, sides: [.right], command: .pause),
                                     GestureBinding(.tap, sides: [.left, .right], command: .stop)])
        XCTAssertEqual(ShadowedBinding.find(in: map.bindings, sensedSides: [.left, .right]),
                       [ShadowedBinding(index: 2, shadowedBy: [0, 1], sides: [.left, .right])])
        let p = try GestureBindingPipeline(map: map, sensedSides: [.left, .right])
        var made = stroke(p, side: .left, at: 0, ms: 80, from: (0.5, 0.5))
        made += stroke(p, side: .right, at: 1000, ms: 80, from: (0.5, 0.5))
        made += stroke(p, side: .left, at: 2000, ms: 80, from: (0.3, 0.5))
        made += stroke(p, side: .right, at: 3000, ms: 80, from: (0.7, 0.5))
        made += p.advance(toMs: 5000)
        XCTAssertEqual(made, [0, 1, 0, 1])
    }

    /// The same two, with the case also sensing the top: the tap on every side is left the top, where
    /// it fires, so it is not shadowed.
    func testABindingEarlierOnesLeaveASideOfFiresThere() throws {
        let map = GestureCommandMap([GestureBinding(.tap, sides: [.left], command: .announceDirection),
                                     GestureBinding(.tap, sides: [.right], command: .pause),
                                     GestureBinding(.tap, command: .stop)])
        XCTAssertEqual(ShadowedBinding.find(in: map.bindings, sensedSides: [.left, .right, .top]), [])
        let p = try GestureBindingPipeline(map: map, sensedSides: [.left, .right, .top])
        var made = stroke(p, side: .left, at: 0, ms: 80, from: (0.5, 0.5))
        made += stroke(p, side: .top, at: 1000, ms: 80, from: (0.5, 0.5))
        made += p.advance(toMs: 3000)
        XCTAssertEqual(made, [0, 2])
    }

    /// Touch classes split between earlier bindings count together, as sides do: a finger long press
    /// and a pen long press, then one for both, on one side.
    func testTouchClassesSplitBetweenEarlierBindingsShadowALaterOne() {
        let map = GestureCommandMap([GestureBinding(.longPress, touchClasses: [.finger, .palm], command: .stop),
                                     GestureBinding(.longPress, touchClasses: [.pen, .eraser, .unknown], command: .pause),
                                     GestureBinding(.longPress, touchClasses: [.finger, .pen], command: .resume)])
        XCTAssertEqual(ShadowedBinding.find(in: map.bindings, sensedSides: [.bottom]),
                       [ShadowedBinding(index: 2, shadowedBy: [0, 1], sides: [.bottom])])
        let fewer = GestureCommandMap(Array(map.bindings.dropFirst()))
        XCTAssertEqual(ShadowedBinding.find(in: fewer.bindings, sensedSides: [.bottom]), [],
                       "without the finger one, the last still fires for a finger")
    }

    /// Only the earlier bindings that take some of its gestures are named: for each side, the first
    /// one there (registered first, it wins), not a later one on the same side nor one elsewhere.
    func testOnlyTheBindingsThatTakeItsGesturesAreNamed() {
        let map = GestureCommandMap([GestureBinding(.tap, sides: [.top], command: .stop),
                                     GestureBinding(.tap, sides: [.left], command: .announceDirection),
                                     GestureBinding(.tap, sides: [.left, .right], command: .pause),
                                     GestureBinding(.tap, sides: [.right, .left], command: .resume)])
        XCTAssertEqual(ShadowedBinding.find(in: map.bindings, sensedSides: [.left, .right, .top]),
                       [ShadowedBinding(index: 3, shadowedBy: [1, 2], sides: [.left, .right])])
    }

    /// A pinch in and a pinch out on one side are one recognizer's gesture: both bound, each fires
    /// for its own sense (the one registered second is not shut out by the first).
    func testAPinchInAndAPinchOutOnOneSideEachFire() throws {
        let map = GestureCommandMap([GestureBinding(.pinch(closing: true), command: .pause),
                                     GestureBinding(.pinch(closing: false), command: .resume)])
        XCTAssertEqual(ShadowedBinding.find(in: map.bindings, sensedSides: [.bottom]), [])
        let p = try GestureBindingPipeline(map: map, sensedSides: [.bottom])
        func pinch(at start: Double, from: Double, by: Double, ids: (Int, Int)) -> [Int] {
            var made: [Int] = []
            for i in 0...10 {
                let d = from + by * Double(i)
                let phase: TouchPhase = i == 0 ? .began : .moved
                made += p.process(TouchEvent(timeMs: start + Double(20 * i), id: ids.0, side: .bottom, phase: phase, x: 0.5 - d, y: 0.5))
                made += p.process(TouchEvent(timeMs: start + Double(20 * i), id: ids.1, side: .bottom, phase: phase, x: 0.5 + d, y: 0.5))
            }
            let d = from + by * 10
            made += p.process(TouchEvent(timeMs: start + 220, id: ids.0, side: .bottom, phase: .ended, x: 0.5 - d, y: 0.5))
            made += p.process(TouchEvent(timeMs: start + 220, id: ids.1, side: .bottom, phase: .ended, x: 0.5 + d, y: 0.5))
            return made
        }
        XCTAssertEqual(pinch(at: 0, from: 0.1, by: 0.02, ids: (1, 2)), [1], "fingers apart: the pinch out")
        XCTAssertEqual(pinch(at: 1000, from: 0.3, by: -0.02, ids: (3, 4)), [0], "fingers together: the pinch in")
    }

    /// A parameter's default is the one the binding's recognizer uses when the key is left out, so
    /// a binding that writes it is the same as one that does not.
    func testParameterDefaultsAreTheRecognizersOwn() throws {
        for gesture in RecognizedGesture.allCases {
            let recognizer = try XCTUnwrap(GestureBinding(gesture, command: .pause).makeRecognizer(name: "r", sides: [.left]))
            var mirrors = [Mirror(reflecting: recognizer)]
            while let up = mirrors.last?.superclassMirror { mirrors.append(up) }
            let properties = Dictionary(mirrors.flatMap(\.children).compactMap { child -> (String, Double)? in
                guard let label = child.label else { return nil }
                if let v = child.value as? Double { return (label, v) }
                if let v = child.value as? Int { return (label, Double(v)) }
                return nil
            }, uniquingKeysWith: { a, _ in a })
            for parameter in GestureParameter.allowed(for: gesture) where parameter.name != GestureParameter.step.name {
                let property = gesture.isContinuous && parameter.name == "numberOfTouchesRequired" ? "minimumNumberOfTouches" : parameter.name
                XCTAssertEqual(properties[property], parameter.defaultValue, "\(gesture) \(parameter.key)")
            }
        }
        XCTAssertEqual(GestureParameter.step.defaultValue, GestureBinding.defaultStep)
    }
}
