/// A device model on the simulated I2C bus: a pure register machine, fed transfers.
///
/// Why transfers rather than single registers: what a chip does depends on the whole transfer
/// (a u-blox DDC stream register does not advance its pointer; reading a QMC5883L data register
/// clears its data-ready bit), so a model sees each SMBus transfer as the chip would.
package protocol SimulatedI2CDevice: Sendable {
    /// One read transfer of `count` bytes starting at `register`.
    mutating func read(register: UInt8, count: Int) -> [UInt8]
    /// One write transfer of `bytes` starting at `register`.
    mutating func write(register: UInt8, bytes: [UInt8])
}
