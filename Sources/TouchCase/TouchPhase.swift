/// Where a touch is in its life. FuffrLib knows began, moved and ended (`FFRTouch.h`); `cancelled` is
/// ours, for touches cut off by a lost link or a reconfiguration, where nobody lifted a finger
/// (the gesture pipeline's `TouchPhase` has it for exactly that).
public enum TouchPhase: String, Sendable, Hashable, CaseIterable {
    case began, moved, ended, cancelled
}
