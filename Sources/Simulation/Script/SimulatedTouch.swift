import Gestures

/// A scripted touch on the simulated case: straight strokes of fingers on one or more sides, timed
/// from the event. The simulated Fuffr turns them into touch records (the real bytes) and the gesture
/// pipeline recognizes whatever they make; `gesture` notes what the script meant, for the log.
package struct SimulatedTouch: Sendable, Hashable {
    package struct Stroke: Sendable, Hashable {
        package var side: CaseSide
        /// Which finger on that side (0-based); two fingers need `touches_per_side` ≥ 2.
        package var finger: Int
        /// From the event's time to the finger landing.
        package var delay: Duration
        package var duration: Duration
        package var from: TouchPoint
        package var to: TouchPoint

        package init(side: CaseSide, finger: Int = 0, delay: Duration = .zero, duration: Duration,
                    from: TouchPoint, to: TouchPoint? = nil) {
            self.side = side
            self.finger = finger
            self.delay = delay
            self.duration = duration
            self.from = from
            self.to = to ?? from
        }
    }

    package var gesture: RecognizedGesture?
    package var strokes: [Stroke]

    package init(gesture: RecognizedGesture? = nil, strokes: [Stroke]) {
        self.gesture = gesture
        self.strokes = strokes
    }

    /// The strokes a wearer makes for `gesture` on `side`, comfortably inside the recognizers' default
    /// limits (docs/gestures.md): a tap is 80 ms, a swipe travels 0.6 in 150 ms, a long press holds 1.2 s,
    /// a drag travels 0.45 in 2 s (too slow for a swipe: 0.1 in the swipe's 500 ms), four steps of 0.1;
    /// an edge drag starts 0.02 from its edge.
    package init(_ gesture: RecognizedGesture, on side: CaseSide) {
        func p(_ x: Double, _ y: Double) -> TouchPoint { TouchPoint(x: x, y: y) }
        func tap(at delay: Duration) -> Stroke { Stroke(side: side, delay: delay, duration: .milliseconds(80), from: p(0.5, 0.5)) }
        /// The unit step toward `d` in the screen-aligned square (y grows downward).
        func unit(_ d: RecognizedGesture.Direction) -> (Double, Double) {
            switch d {
            case .right: (1, 0)
            case .left: (-1, 0)
            case .down: (0, 1)
            case .up: (0, -1)
            }
        }
        func swipe(_ d: RecognizedGesture.Direction, at delay: Duration) -> Stroke {
            let (dx, dy) = unit(d)
            return Stroke(side: side, delay: delay, duration: .milliseconds(150),
                          from: p(0.5 - 0.3 * dx, 0.5 - 0.3 * dy), to: p(0.5 + 0.3 * dx, 0.5 + 0.3 * dy))
        }
        func drag(_ d: RecognizedGesture.Direction, fromEdge: Bool) -> Stroke {
            let (dx, dy) = unit(d)
            let start = fromEdge ? 0.48 : 0.225
            let from = p(0.5 - start * dx, 0.5 - start * dy)
            return Stroke(side: side, duration: .seconds(2), from: from,
                          to: p(from.x + 0.45 * dx, from.y + 0.45 * dy))
        }
        let strokes: [Stroke] = switch gesture {
        case .tap: [tap(at: .zero)]
        case .doubleTap: [tap(at: .zero), tap(at: .milliseconds(180))]
        case .longPress: [Stroke(side: side, duration: .milliseconds(1200), from: p(0.5, 0.5))]
        case .swipe(let d): [swipe(d, at: .zero)]
        case .tapThenSwipe(let d): [tap(at: .zero), swipe(d, at: .milliseconds(200))]
        case .pan(let d): [drag(d, fromEdge: false)]
        case .edgePan(let d): [drag(d, fromEdge: true)]
        case .pinch(let closing):
            closing
                ? [Stroke(side: side, duration: .milliseconds(300), from: p(0.2, 0.5), to: p(0.4, 0.5)),
                   Stroke(side: side, finger: 1, duration: .milliseconds(300), from: p(0.8, 0.5), to: p(0.6, 0.5))]
                : [Stroke(side: side, duration: .milliseconds(300), from: p(0.4, 0.5), to: p(0.2, 0.5)),
                   Stroke(side: side, finger: 1, duration: .milliseconds(300), from: p(0.6, 0.5), to: p(0.8, 0.5))]
        case .rotation(let clockwise):
            // Clockwise is positive with y growing downward: the right finger goes down, the left one up.
            [Stroke(side: side, duration: .milliseconds(300), from: p(0.3, 0.5), to: p(0.3, clockwise ? 0.4 : 0.6)),
             Stroke(side: side, finger: 1, duration: .milliseconds(300), from: p(0.7, 0.5), to: p(0.7, clockwise ? 0.6 : 0.4))]
        }
        self.init(gesture: gesture, strokes: strokes)
    }

    /// Fingers used on one side at once (what `touches_per_side` must allow).
    package var fingersNeeded: Int { (strokes.map(\.finger).max() ?? 0) + 1 }
}
