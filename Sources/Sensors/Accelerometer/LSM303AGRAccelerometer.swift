import Vocabulary

/// The LSM303AGR's accelerometer (ST LSM303AGR datasheet, §8 register description): WHO_AM_I_A
/// 0x0F reads 0x33; CTRL_REG1_A 0x20 ← 0x57 (100 Hz, X/Y/Z on, normal mode); CTRL_REG4_A 0x23 ← 0x80
/// (block data update, ±2 g); STATUS_REG_A 0x27 bit 3 ZYXDA; OUT_X_L_A 0x28…0x2D, little-endian,
/// left-justified 10-bit in normal mode, 4 mg per digit after the shift. A multi-byte read needs
/// sub-address bit 7 set for the register pointer to advance (ST's convention, as on the LIS3MDL).
package struct LSM303AGRAccelerometer: AccelerometerDriver {
    package let transport: any I2CTransport
    package let address: UInt8
    package var chip: AccelerometerChip { .lsm303agr }

    static let whoAmI: UInt8 = 0x0F
    static let identity: UInt8 = 0x33
    static let status: UInt8 = 0x27
    static let outXLow: UInt8 = 0x28
    static let autoIncrement: UInt8 = 0x80
    /// g per digit of the 10-bit value at ±2 g, normal mode.
    static let gPerDigit = 0.004

    package init(transport: any I2CTransport, address: UInt8 = 0x19) {
        self.transport = transport
        self.address = address
    }

    package var setupSteps: [CompassSetupStep] {
        [.write(register: 0x20, value: 0x57), .write(register: 0x23, value: 0x80)]
    }

    package func identify() throws(AccelerometerError) {
        try expectIdentity(register: Self.whoAmI, Self.identity)
    }

    package func read() throws(AccelerometerError) -> Vector3? {
        guard try readByte(Self.status) & 0x08 != 0 else { return nil }
        let b = try readBlock(Self.outXLow | Self.autoIncrement, count: 6)
        guard b.count == 6 else { return nil }
        func axis(_ i: Int) -> Double { Double(int16(low: b[i], high: b[i + 1]) >> 6) * Self.gPerDigit }
        return Vector3(axis(0), axis(2), axis(4))
    }
}
