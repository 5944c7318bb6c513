import Vocabulary

/// Honeywell HMC5883L 3-axis magnetometer, at the default gain (±1.3 Ga), 15 Hz, 8-sample average.
///
/// Registers (Honeywell HMC5883L datasheet, "Registers"): CRA 0x00 avg[6:5] rate[4:2];
/// CRB 0x01 gain[7:5]; MODE 0x02 ← 0x00 continuous; data 0x03–0x08 in the order **X, Z, Y**,
/// MSB first; STATUS 0x09 b0 RDY; identity 0x0A–0x0C = "H43"; an overflowed axis reads −4096.
package struct HMC5883L: CompassDriver {
    package static let identityRegister: UInt8 = 0x0A
    package static let identity: [UInt8] = Array("H43".utf8)
    static let dataRegister: UInt8 = 0x03
    static let statusRegister: UInt8 = 0x09
    /// 8 samples averaged (11), 15 Hz (100), normal measurement (00).
    static let configA: UInt8 = 0x70
    /// Gain 001: ±1.3 Ga, 1090 LSB/G — Earth's field (≤ 0.65 G) fits with room to spare.
    static let configB: UInt8 = 0x20
    package static let countsPerMicrotesla = 1090.0 / 100.0
    static let overflowValue: Int16 = -4096

    package let chip = CompassChip.hmc5883l
    package let transport: any I2CTransport
    package let address: UInt8

    package init(transport: any I2CTransport, address: UInt8 = 0x1E) {
        self.transport = transport
        self.address = address
    }

    package var setupSteps: [CompassSetupStep] {
        [.write(register: 0x00, value: Self.configA),
         .write(register: 0x01, value: Self.configB),
         .write(register: 0x02, value: 0x00)]
    }

    package func identify() throws(CompassError) {
        try expectIdentity(register: Self.identityRegister, Self.identity)
    }

    package func read() throws(CompassError) -> CompassSample? {
        guard try readByte(Self.statusRegister) & 0x01 != 0 else { return nil }
        let data = try readBlock(Self.dataRegister, count: 6)
        return CompassSample(field: try Self.decode(data, address: address))
    }

    /// The field in µT from the six data bytes (X, Z, Y; big-endian).
    package static func decode(_ data: [UInt8], address: UInt8 = 0x1E) throws(CompassError) -> Vector3 {
        let x = int16(low: data[1], high: data[0]), z = int16(low: data[3], high: data[2]), y = int16(low: data[5], high: data[4])
        guard ![x, y, z].contains(overflowValue) else { throw .overflow(chip: .hmc5883l, address: address) }
        return Vector3(Double(x) / countsPerMicrotesla, Double(y) / countsPerMicrotesla, Double(z) / countsPerMicrotesla)
    }
}
