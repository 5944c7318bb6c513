/// When a `GATTDeviceDriver` connects.
package enum GATTLinkPolicy: Sendable, Hashable {
    /// Connect at start and again after every failure or loss, waiting out the backoff between them
    /// (the belt, the touch case: FuffrLib reconnects 0.5 s after a loss, FFRBLEManager.m).
    case keepConnected(RestartBackoff)
    /// Connect only when asked, one attempt each time (the Pencil, whose pairing state machine alone
    /// decides when to connect, FTPenManager.mm; and one-shot command-line use).
    case whenAsked
}
