import Vocabulary

/// Why an accelerometer could not be found or read, in terms of what to check on the bench.
package enum AccelerometerError: Error, Sendable, Equatable, CustomStringConvertible {
    case bus(I2CError)
    /// `auto` found no known accelerometer; `probed` lists each chip/address and what happened.
    case notFound(bus: Int, probed: [String])
    case wrongIdentity(chip: AccelerometerChip, address: UInt8, register: UInt8, expected: UInt8, found: UInt8)

    package var description: String {
        switch self {
        case let .bus(error):
            return "accelerometer: \(error)"
        case let .notFound(bus, probed):
            return "no known accelerometer on /dev/i2c-\(bus) (probed \(probed.joined(separator: "; "))): check wiring "
                + "and power, run i2cdetect -y \(bus), name the chip and address in [compass] accelerometer, "
                + "or set accelerometer = \"none\" to use the compass without tilt compensation"
        case let .wrongIdentity(chip, address, register, expected, found):
            return "the device at \(CompassError.hex(address)) is not an \(chip): identity register "
                + "\(CompassError.hex(register)) reads \(CompassError.hex(found)) instead of \(CompassError.hex(expected)); "
                + "check [compass] accelerometer and accelerometer_address"
        }
    }
}
