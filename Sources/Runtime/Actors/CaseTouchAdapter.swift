import Gestures
import Pencil
import TouchCase

/// The touch case's touch events in the shapes their consumers take: the classifier's verdict as the
/// gesture pipeline's `TouchClass`, and the classifier's and pairing spot's `TouchInput` (points).
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

    static func classifierInput(_ e: TouchEvent) -> TouchInput {
        TouchInput(id: e.id, phase: e.phase, x: e.x * windowPoints.width, y: e.y * windowPoints.height, at: e.time)
    }
}
