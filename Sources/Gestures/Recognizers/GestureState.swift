/// UIKit's recognizer states (`UIGestureRecognizer.State`). `recognized` is the discrete recognizers' name for
/// `ended`; both are kept so the log says which kind of recognizer finished.
package enum GestureState: String, Sendable, Hashable, CaseIterable {
    case possible, began, changed, ended, cancelled, failed, recognized

    /// began or changed: the gesture is under way and blocks recognizers that share its touches.
    package var isActive: Bool { self == .began || self == .changed }

    /// A state after which the recognizer resets to `possible` at the end of the frame.
    package var isTerminal: Bool {
        self == .ended || self == .cancelled || self == .failed || self == .recognized
    }
}
