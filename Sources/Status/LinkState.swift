/// A Bluetooth device's link, as `status` names it.
package enum LinkState: String, Sendable, Equatable, Codable {
    /// Not configured, or released on request.
    case off
    case searching
    case connecting
    case connected
    /// The link was lost and is being made again.
    case reconnecting
}
