/// The SMBus-style register transfers sensor drivers need, addressed per call.
///
/// Why a protocol: drivers (compass, GPS over DDC) are tested against the test kit's `RegisterMapI2C`, a
/// scripted register map, on machines without `/dev/i2c-*`; on the Pi they get an `I2CBus`.
/// Why the address on every call: the GPS and the compass share `/dev/i2c-1`, and selecting
/// the address plus the transfer must be one atomic step.
///
/// Words are SMBus words: the register's byte is the low byte, the next register's the high
/// byte (little-endian on the wire). Blocks are plain register blocks (auto-incrementing
/// register pointer), at most `I2CLimits.maxBlockLength` bytes, as libi2c's
/// `i2c_smbus_read_i2c_block_data` moves them (`<i2c/smbus.h>`).
package protocol I2CTransport: Sendable {
    /// Bus number N of `/dev/i2c-N`, for messages.
    var bus: Int { get }
    func readByte(address: UInt8, register: UInt8) throws(I2CError) -> UInt8
    func writeByte(address: UInt8, register: UInt8, value: UInt8) throws(I2CError)
    func readWord(address: UInt8, register: UInt8) throws(I2CError) -> UInt16
    func writeWord(address: UInt8, register: UInt8, value: UInt16) throws(I2CError)
    func readBlock(address: UInt8, register: UInt8, count: Int) throws(I2CError) -> [UInt8]
    func writeBlock(address: UInt8, register: UInt8, bytes: [UInt8]) throws(I2CError)
}
