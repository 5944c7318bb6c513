/// A change of a device's link, for the owner's log lines and status.
package enum GATTLinkChange: Sendable, Hashable {
    /// Attempt `attempt` (1, 2, … since the last link that came up) began.
    case connecting(attempt: Int)
    /// The link is up and its services were discovered; the session runs.
    case connected
    /// An attempt failed before a session ran (no device, the link refused, discovery failed or
    /// the attempt's time ran out). `linkOpened` when the link had come up (the failure was in
    /// discovery): the peer was reached. `retryIn` is the backoff before the next, nil when none follows.
    case attemptFailed(attempt: Int, GATTError, linkOpened: Bool, retryIn: Duration?)
    /// A link that came up ended. `reason` is nil when this side closed it as asked (`disconnect`,
    /// `stop`); otherwise why (the peer or the controller dropped it, the session closed it, a
    /// request timed out).
    case closed(reason: String?, retryIn: Duration?)
}
