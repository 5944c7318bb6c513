import Sensors

/// Where gravity for tilt compensation comes from (`[compass] accelerometer`). Without one the heading
/// is computed as if the sensor were level, which is fine for a belt-mounted sensor on a walker who
/// stands upright; a sensor in a bag or on a strap needs one.
package enum AccelerometerSource: Sendable, Hashable {
    case none
    /// Probe the known parts on the I2C bus.
    case auto
    case chip(AccelerometerChip, address: Int?)

    package static let names = ["none", "auto"] + AccelerometerChip.allCases.map(\.rawValue)
}
