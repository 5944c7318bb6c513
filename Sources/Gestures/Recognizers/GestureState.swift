/// UIKit's recognizer states (`UIGestureRecognizer.State`). `recognized` is the discrete recognizers' name for
/// `ended`; both are kept so the log says which kind of recognizer finished.
public enum GestureState: String, Sendable, Hashable, CaseIterable {
    case possible, began, changed, ended, cancelled, failed, recognized

    /// began or changed: the gesture is under way and blocks recognizers that share its touches.
    public var isActive: Bool { self == .began || self == .changed }

    /// A state after which the recognizer resets to `possible` at the end of the frame.
    public var isTerminal: Bool {
        self == .ended || self == .cancelled || self == .failed || self == .recognized
    }
}
