import Vocabulary

/// ST LIS3MDL 3-axis magnetometer, at ±4 G, 10 Hz, ultra-high-performance on all axes.
///
/// Registers (ST LIS3MDL datasheet, as in ozzmaker/BerryIMU's `LIS3MDL.h` and Adafruit's driver):
/// WHO_AM_I 0x0F → 0x3D; CTRL1 0x20 OM[6:5] DO[4:2]; CTRL2 0x21 FS[6:5]; CTRL3 0x22 MD[1:0]
/// (00 continuous; power-down by default); CTRL4 0x23 OMZ[3:2]; CTRL5 0x24 BDU b6; STATUS 0x27
/// b3 ZYXDA; data 0x28–0x2D X, Y, Z LSB first. A multi-byte read must set b7 of the
/// sub-address (0xA8) or the chip returns the same register six times.
package struct LIS3MDL: CompassDriver {
    package static let whoAmIRegister: UInt8 = 0x0F
    package static let whoAmI: UInt8 = 0x3D
    static let statusRegister: UInt8 = 0x27
    /// OUT_X_L (0x28) with the auto-increment bit (0x80).
    static let dataRegisterAutoIncrement: UInt8 = 0x28 | 0x80
    /// 6842 LSB/G at ±4 G.
    package static let countsPerMicrotesla = 6842.0 / 100.0

    package let chip = CompassChip.lis3mdl
    package let transport: any I2CTransport
    package let address: UInt8

    package init(transport: any I2CTransport, address: UInt8 = 0x1C) {
        self.transport = transport
        self.address = address
    }

    package var setupSteps: [CompassSetupStep] {
        [.write(register: 0x20, value: 0x70), // OM 11 (ultra-high performance X/Y), DO 100 (10 Hz)
         .write(register: 0x21, value: 0x00), // FS 00: ±4 G
         .write(register: 0x23, value: 0x0C), // OMZ 11: ultra-high performance Z
         .write(register: 0x24, value: 0x40), // BDU: the six bytes come from one measurement
         .write(register: 0x22, value: 0x00)] // MD 00: continuous (last, once configured)
    }

    package func identify() throws(CompassError) {
        try expectIdentity(register: Self.whoAmIRegister, [Self.whoAmI])
    }

    package func read() throws(CompassError) -> CompassSample? {
        guard try readByte(Self.statusRegister) & 0x08 != 0 else { return nil }
        return CompassSample(field: Self.decode(try readBlock(Self.dataRegisterAutoIncrement, count: 6)))
    }

    /// The field in µT from OUT_X_L…OUT_Z_H.
    package static func decode(_ data: [UInt8]) -> Vector3 {
        let x = int16(low: data[0], high: data[1]), y = int16(low: data[2], high: data[3]), z = int16(low: data[4], high: data[5])
        return Vector3(Double(x) / countsPerMicrotesla, Double(y) / countsPerMicrotesla, Double(z) / countsPerMicrotesla)
    }
}
