/// What the per-link core reports upward.
package enum PenLinkEvent: Sendable, Hashable {
    /// The pen is ready (docs/pencil.md, "The pen service", step 3).
    case ready
    /// The first tip read was 0 on a link that required it: tip released too early (the SDK's
    /// `FTPenErrorConnectionFailedTipNotPressed`).
    case tipNotPressed
    case switchChanged(PenSwitchEvent)
    /// The information object changed (`PenInformation`).
    case information(PenInformation)
    /// Any decoded value, for diagnostics (pressure, motion and encoder are not public in the SDK, `FTPen.h`).
    case value(PenValue)
    /// A value dropped as malformed.
    case malformed(PenDecodeError)
}
