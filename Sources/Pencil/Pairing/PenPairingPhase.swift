/// The internal states of `FTPenManager.mm` that this port keeps, with the
/// data each needs. Several share one public `PenManagerState`.
package enum PenPairingPhase: Sendable, Hashable {
    case waitingForAdapter
    case single
    case datingScanning(until: Duration)
    case datingAttemptingConnection(pen: String, until: Duration)
    /// Ready; tip and spot both held.
    case engaged(pen: String)
    /// The spot was released first, at `spotReleasedAt`.
    case engagedWaitingForTipRelease(pen: String, spotReleasedAt: Duration, until: Duration)
    /// The tip was released first, at `tipReleasedAt`.
    case engagedWaitingForSpotRelease(pen: String, tipReleasedAt: Duration, until: Duration)
    case married(pen: String)
    case marriedWaitingForLongPressToUnpair(pen: String, onDeck: String?, until: Duration)
    case separated(pen: String)
    case separatedAttemptingConnection(pen: String, until: Duration)
    case separatedWaitingForLongPressToUnpair(pen: String, onDeck: String?, until: Duration)
    /// Waiting for the link to go down; then `next` (a new pairing with an on-deck pen, or single).
    case disconnectingAndBecomingSingle(pen: String, onDeck: String?)
    case disconnectingAndBecomingSeparated(pen: String)

    /// The public value (`FTPenManager.mm` maps each internal state to one).
    package var publicState: PenManagerState {
        switch self {
        case .waitingForAdapter: .uninitialized
        case .single, .disconnectingAndBecomingSingle: .unpaired
        case .datingScanning: .seeking
        case .datingAttemptingConnection: .connecting
        case .engaged, .engagedWaitingForTipRelease, .engagedWaitingForSpotRelease, .married: .connected
        case .marriedWaitingForLongPressToUnpair: .connectedLongPressToUnpair
        case .separated, .disconnectingAndBecomingSeparated: .disconnected
        case .separatedAttemptingConnection: .reconnecting
        case .separatedWaitingForLongPressToUnpair: .disconnectedLongPressToUnpair
        }
    }

    /// When the phase times out, if it does.
    var deadline: Duration? {
        switch self {
        case .datingScanning(let t), .datingAttemptingConnection(_, let t), .engagedWaitingForTipRelease(_, _, let t),
             .engagedWaitingForSpotRelease(_, _, let t), .marriedWaitingForLongPressToUnpair(_, _, let t),
             .separatedAttemptingConnection(_, let t), .separatedWaitingForLongPressToUnpair(_, _, let t):
            t
        default: nil
        }
    }
}
