/// The accelerometers Wayfinder reads for tilt compensation, named as in the configuration
/// (`[compass] accelerometer`). The BNO055 needs none: its heading is fused on the chip.
package enum AccelerometerChip: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The accelerometer half of ST's LSM303AGR e-compass (its magnetometer is at 0x1E).
    case lsm303agr
    /// Analog Devices' ADXL345, the common "GY-291" breakout.
    case adxl345

    package var description: String {
        switch self {
        case .lsm303agr: "LSM303AGR accelerometer"
        case .adxl345: "ADXL345"
        }
    }

    /// The 7-bit addresses the part can have, default first. LSM303AGR accelerometer: 0x19
    /// (ST's LSM303AGR datasheet). ADXL345: 0x53 with ALT ADDRESS low, 0x1D with it high (Analog
    /// Devices' ADXL345 data sheet, "Serial communications", as in the public register headers).
    package var addresses: [UInt8] {
        switch self {
        case .lsm303agr: [0x19]
        case .adxl345: [0x53, 0x1D]
        }
    }
}
