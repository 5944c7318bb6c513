/// A Bluetooth device's link, as `status` names it.
package enum LinkState: String, Sendable, Equatable, Codable {
    /// Not configured, or released on request.
    case off
    case searching
    case connecting
    case connected
    /// The link was lost and is being made again.
    case reconnecting
    /// The wearer switched the device off (the belt's power button): the appliance listens for it
    /// to be switched on again and warns about nothing.
    case standby
}
