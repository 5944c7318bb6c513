import Vocabulary

/// QST QMC5883L 3-axis magnetometer (the common "GY-271" board), at ±8 G, 200 Hz, OSR 512.
///
/// Registers (QST QMC5883L datasheet 1.0, §9.1 register map): X/Y/Z 0x00–0x05 LSB first;
/// STATUS 0x06 (b0 DRDY, b1 OVL, b2 DOR); CTRL1 0x09 = OSR[7:6] RNG[5:4] ODR[3:2] MODE[1:0];
/// SET/RESET period 0x0B ← 0x01 (recommended); chip ID 0x0D → 0xFF.
package struct QMC5883L: CompassDriver {
    package static let chipIDRegister: UInt8 = 0x0D
    package static let chipID: UInt8 = 0xFF
    static let dataRegister: UInt8 = 0x00
    static let statusRegister: UInt8 = 0x06
    static let control1Register: UInt8 = 0x09
    static let setResetPeriodRegister: UInt8 = 0x0B
    /// OSR 512 (00) | ±8 G (01) | 200 Hz (11) | continuous (01) = 0x1D. ±8 G rather than ±2 G so
    /// a belt buckle or phone nearby does not saturate it.
    static let control1Continuous8G: UInt8 = 0x1D
    /// 3000 LSB/G at ±8 G; 1 G = 100 µT.
    package static let countsPerMicrotesla = 3000.0 / 100.0

    package let chip = CompassChip.qmc5883l
    package let transport: any I2CTransport
    package let address: UInt8

    package init(transport: any I2CTransport, address: UInt8 = 0x0D) {
        self.transport = transport
        self.address = address
    }

    package var setupSteps: [CompassSetupStep] {
        [.write(register: Self.setResetPeriodRegister, value: 0x01),
         .write(register: Self.control1Register, value: Self.control1Continuous8G)]
    }

    package func identify() throws(CompassError) {
        try expectIdentity(register: Self.chipIDRegister, [Self.chipID])
    }

    package func read() throws(CompassError) -> CompassSample? {
        let status = try readByte(Self.statusRegister)
        guard status & 0x01 != 0 else { return nil }
        let data = try readBlock(Self.dataRegister, count: 6)
        return CompassSample(field: try Self.decode(status: status, data: data, address: address))
    }

    /// The field in µT from STATUS and the six data bytes; OVL (b1) is an overflow error.
    package static func decode(status: UInt8, data: [UInt8], address: UInt8 = 0x0D) throws(CompassError) -> Vector3 {
        guard status & 0x02 == 0 else { throw .overflow(chip: .qmc5883l, address: address) }
        let x = int16(low: data[0], high: data[1]), y = int16(low: data[2], high: data[3]), z = int16(low: data[4], high: data[5])
        return Vector3(Double(x) / countsPerMicrotesla, Double(y) / countsPerMicrotesla, Double(z) / countsPerMicrotesla)
    }
}
