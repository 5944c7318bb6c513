import Vocabulary

/// Why a compass could not be found, set up or read, in terms of what to check on the bench.
package enum CompassError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The I2C transfer itself failed (NACK mid-read, timeout, …).
    case bus(I2CError)
    /// `auto` found no known compass; `probed` lists every chip/address tried and what happened.
    case notFound(bus: Int, probed: [CompassProbe])
    /// Something answered at `address` but its identity register(s) held the wrong value.
    case wrongIdentity(chip: CompassChip, address: UInt8, register: UInt8, expected: [UInt8], found: [UInt8])
    /// The sensor saturated: the field exceeds the configured range (a magnet or steel nearby).
    case overflow(chip: CompassChip, address: UInt8)
    /// The bytes cannot be a real reading, e.g. a BNO055 heading beyond 360°, which is what the
    /// Pi's clock-stretching bug produces (raspberrypi/linux #254).
    case implausibleReading(chip: CompassChip, address: UInt8, detail: String)

    package var description: String {
        switch self {
        case let .bus(error):
            return "compass: \(error)"
        case let .notFound(bus, probed):
            let list = probed.map(\.description).joined(separator: "; ")
            return "no known compass on /dev/i2c-\(bus) (probed \(list)): check wiring and power, run "
                + "i2cdetect -y \(bus), or name the chip and address in [compass]"
        case let .wrongIdentity(chip, address, register, expected, found):
            return "the device at \(Self.hex(address)) is not a \(chip): identity register \(Self.hex(register)) "
                + "reads \(found.map(Self.hex)) instead of \(expected.map(Self.hex)); check [compass] source and address"
        case let .overflow(chip, address):
            return "the \(chip) at \(Self.hex(address)) is saturated: the field is beyond its range "
                + "(a magnet, speaker or steel close to the sensor?)"
        case let .implausibleReading(chip, address, detail):
            return "the \(chip) at \(Self.hex(address)) returned an impossible reading (\(detail)): "
                + "corrupted bytes, often clock stretching on the Pi's I2C; lower i2c_arm_baudrate or use i2c-gpio"
        }
    }

    package static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return "0x" + (digits.count < 2 ? "0" + digits : digits)
    }
}
