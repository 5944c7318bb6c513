import Config
import TouchCase
import Gestures

extension FuffrTouchTrace.Stroke {
    /// A scripted stroke of `[simulation]` placed at session time `at` (the event's time).
    init?(_ stroke: SimulatedTouch.Stroke, at: Duration) {
        guard let side = CaseSide(rawValue: stroke.side.rawValue) else { return nil }
        self.init(side: side, finger: stroke.finger, start: at + stroke.delay, duration: stroke.duration,
                  from: (stroke.from.x, stroke.from.y), to: (stroke.to.x, stroke.to.y))
    }
}
