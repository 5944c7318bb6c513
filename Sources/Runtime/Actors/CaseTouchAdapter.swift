import Gestures
import Pencil
import TouchCase

/// The touch case's touch events in the shapes their consumers take: the gesture pipeline's
/// `Gestures.TouchEvent` (milliseconds, the pipeline's side type, the classifier's class) and the
/// classifier's and pairing spot's `TouchInput` (points).
enum CaseTouchAdapter {
    /// FuffrLib places a normalized touch in the app's key window, W×H points (FFROverlaySpaceMapper.m);
    /// the iPhone 5 the case was made for has a 320×568 pt window. The classifier's distance
    /// thresholds are in points, so touches are scaled the same way.
    static let windowPoints = (width: 320.0, height: 568.0)

    static func side(_ side: TouchCase.CaseSide) -> Gestures.CaseSide {
        switch side {
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        }
    }

    static func phase(_ phase: TouchCase.TouchPhase) -> Gestures.TouchPhase {
        switch phase {
        case .began: .began
        case .moved: .moved
        case .ended: .ended
        case .cancelled: .cancelled
        }
    }

    static func touchClass(_ c: TouchClassification?) -> TouchClass {
        switch c {
        case .finger: .finger
        case .palm: .palm
        case .pen: .pen
        case .eraser: .eraser
        case .unknown, .unknownDisconnected, nil: .unknown
        }
    }

    static func gestureEvent(_ e: TouchCase.TouchEvent, touchClass: TouchClass) -> Gestures.TouchEvent {
        Gestures.TouchEvent(timeMs: milliseconds(e.time), id: e.id, side: side(e.side), phase: phase(e.phase),
                            x: e.x, y: e.y, touchClass: touchClass)
    }

    static func classifierInput(_ e: TouchCase.TouchEvent) -> TouchInput {
        let phase: TouchInput.Phase = switch e.phase {
        case .began: .began
        case .moved: .moved
        case .ended: .ended
        case .cancelled: .cancelled
        }
        return TouchInput(id: e.id, phase: phase, x: e.x * windowPoints.width, y: e.y * windowPoints.height, at: e.time)
    }

    /// Session time in the pipeline's unit.
    static func milliseconds(_ d: Duration) -> Double {
        let (s, atto) = d.components
        return Double(s) * 1000 + Double(atto) / 1e15
    }
}
