/// The lifecycle of one touch. The case itself has no `cancelled`; the pipeline adds it for a lost
/// link, a reused identity and stale touches (docs/gestures.md, "Sanitising").
public enum TouchPhase: String, Sendable, Hashable, CaseIterable {
    case began, moved, ended, cancelled

    /// `ended` or `cancelled`: the touch is gone after this event.
    var isFinal: Bool { self == .ended || self == .cancelled }
}
