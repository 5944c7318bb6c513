/// What `PenManager` is fed, each with the session time it happened at.
package enum PenManagerInput: Sendable, Hashable {
    /// The Bluetooth adapter is (not) powered; anything but on resets the pairing.
    case adapter(poweredOn: Bool)
    /// The pairing spot is pressed; `viaControl`: by the configured pair control rather than a case
    /// touch (docs/pencil.md), which changes the release handshake.
    case spotPressed(viaControl: Bool)
    case spotReleased
    case discovered(PenAdvertisement)
    /// The link to `pen` failed to open.
    case connectionFailed(pen: String)
    /// The link to `pen` is down (whoever closed it).
    case disconnected(pen: String)
    /// The link's GATT set-up finished: the pen is ready (`PenLink`).
    case ready(pen: String)
    /// The first tip read was "not pressed" on a link that required it.
    case tipNotPressed(pen: String)
    /// A tip switch change on a ready link.
    case tip(pressed: Bool)
}
