import Sensors

/// Where position fixes come from.
package enum GPSSource: Sendable, Hashable {
    /// The simulated board's receiver.
    case simulated
    /// u-blox over I2C (DDC), default address 0x42.
    case ubloxI2C(address: Int)
    case uart(device: String, baud: Int)
    case gpsd(host: String, port: Int)
    case none

    package static let names = ["sim", "ublox-i2c", "uart", "gpsd", "none"]
}

/// Where the body heading comes from (only needed with `heading_source = "external"`).
package enum CompassSource: Sendable, Hashable {
    case simulated
    case none
    /// Probe the known parts on the I2C bus.
    case auto
    case chip(name: String, address: Int?)

    /// The drivers' chips, by their configuration names.
    package static let chips = CompassChip.allCases.map(\.rawValue)
    package static let names = ["sim", "none", "auto"] + chips
}
