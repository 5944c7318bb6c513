/// The lifecycle of one touch. The case itself has no `cancelled`; the pipeline adds it for a lost
/// link, a reused identity and stale touches (gestures.md §2.1, §2.4).
public enum TouchPhase: String, Sendable, Hashable, CaseIterable {
    case began, moved, ended, cancelled

    /// `ended` or `cancelled`: the touch is gone after this event.
    var isFinal: Bool { self == .ended || self == .cancelled }
}
