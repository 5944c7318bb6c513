/// What `PenManager` asks its actor to do (or tells it). The actor owns the scanner and the link.
package enum PenManagerAction: Sendable, Hashable {
    case startScanning
    case stopScanning
    /// Open a link to `pen`; `requireTipPressed` is the first-pairing rule (`PenLink`).
    case connect(pen: String, requireTipPressed: Bool)
    /// Close the link to `pen` (or cancel the attempt).
    case disconnect(pen: String)
    /// Write ShouldPowerOff = 01 (end of the long press to unpair).
    case powerOff(pen: String)
    /// The pairing to remember across restarts (the SDK's paired peripheral); nil forgets it.
    case storePairing(pen: String?)
    /// The pen is married: the link may now write the central ID.
    case married(pen: String)
    case stateChanged(PenManagerState)
    /// Seeking ended with no pen (the SDK's "did fail to discover pen" notification).
    case failedToDiscoverPen
    /// The tip was released before the pen became ready (`FTPenErrorConnectionFailedTipNotPressed`).
    case tipReleasedTooEarly
    /// The release handshake failed: tip and spot released too far apart.
    case pairingHandshakeFailed
}
