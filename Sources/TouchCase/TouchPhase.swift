/// Where a touch is in its life. FuffrLib knows began, moved and ended (§6.1); `cancelled` is
/// ours, for touches cut off by a lost link or a reconfiguration, where nobody lifted a finger
/// (gestures.md §2.1 adds it for exactly that).
public enum TouchPhase: String, Sendable, Hashable, CaseIterable {
    case began, moved, ended, cancelled
}
