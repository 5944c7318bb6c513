import Gestures
import Pencil
import TouchCase

/// The touch case's touch events in the shapes their consumers take: the gesture pipeline's
/// `Gestures.TouchEvent` (milliseconds, the classifier's class) and the
/// classifier's and pairing spot's `TouchInput` (points).
enum CaseTouchAdapter {
    /// FuffrLib places a normalized touch in the app's key window, W×H points (FFROverlaySpaceMapper.m);
    /// the iPhone 5 the case was made for has a 320×568 pt window. The classifier's distance
    /// thresholds are in points, so touches are scaled the same way.
    static let windowPoints = (width: 320.0, height: 568.0)

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
        Gestures.TouchEvent(timeMs: milliseconds(e.time), id: e.id, side: e.side, phase: e.phase,
                            x: e.x, y: e.y, touchClass: touchClass)
    }

    static func classifierInput(_ e: TouchCase.TouchEvent) -> TouchInput {
        TouchInput(id: e.id, phase: e.phase, x: e.x * windowPoints.width, y: e.y * windowPoints.height, at: e.time)
    }

    /// Session time in the pipeline's unit.
    static func milliseconds(_ d: Duration) -> Double {
        let (s, atto) = d.components
        return Double(s) * 1000 + Double(atto) / 1e15
    }
}
