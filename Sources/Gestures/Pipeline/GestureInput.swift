/// One item of the ordered input stream (docs/gestures.md, "Frames"): a touch sample, or a control item that
/// takes effect at its frame's time. Control items name a recognizer by its registered name.
package enum GestureInput: Sendable, Hashable {
    case touch(TouchEvent)
    /// Enables or disables a recognizer (UIKit's `isEnabled`): disabling an active one cancels it.
    case setEnabled(timeMs: Double, recognizer: String, enabled: Bool)
    /// Stops a recognizer from seeing one touch (UIKit's `ignore(_:for:)`).
    case ignore(timeMs: Double, recognizer: String, touchId: Int)

    package var timeMs: Double {
        switch self {
        case .touch(let event): event.time.inMilliseconds
        case .setEnabled(let t, _, _), .ignore(let t, _, _): t
        }
    }
}
