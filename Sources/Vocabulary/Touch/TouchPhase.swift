/// Where a touch is in its life. FuffrLib knows began, moved and ended (`FFRTouch.h`); `cancelled` is
/// for touches cut off where nobody lifted a finger: a lost link, a reconfiguration, a reused
/// identity, a stale touch.
package enum TouchPhase: String, Sendable, Hashable, CaseIterable {
    case began, moved, ended, cancelled

    /// `ended` or `cancelled`: the touch is gone after this event.
    package var isFinal: Bool { self == .ended || self == .cancelled }
}
