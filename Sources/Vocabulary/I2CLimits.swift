/// Bounds every `I2CTransport` checks before touching the bus, so a bad argument is a clear
/// error rather than a kernel EINVAL.
package enum I2CLimits {
    /// Highest 7-bit address (`I2C_SLAVE` takes 7-bit addresses unless ten-bit mode is on).
    package static let maxAddress: UInt8 = 0x7F
    /// `I2C_SMBUS_BLOCK_MAX` from <linux/i2c.h>: the most bytes one SMBus block transfer moves.
    package static let maxBlockLength = 32

    package static func check(address: UInt8, bus: Int) throws(I2CError) {
        guard address <= maxAddress else { throw I2CError.invalidAddress(bus: bus, address: address) }
    }

    package static func check(blockLength count: Int, bus: Int) throws(I2CError) {
        guard (1...maxBlockLength).contains(count) else {
            throw I2CError.invalidLength(bus: bus, count: count, limit: maxBlockLength)
        }
    }
}
