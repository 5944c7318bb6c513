/// What the per-link core reports upward.
public enum PenLinkEvent: Sendable, Hashable {
    /// The pen is ready (§4 step 8).
    case ready
    /// The first tip read was 0 on a link that required it: tip released too early (§4 step 8).
    case tipNotPressed
    case switchChanged(PenSwitchEvent)
    /// The information object changed (§6).
    case information(PenInformation)
    /// Any decoded value, for diagnostics (pressure, motion and encoder are not public in the SDK, §3.1).
    case value(PenValue)
    /// A value dropped as malformed.
    case malformed(PenDecodeError)
}
