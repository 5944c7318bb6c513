import Vocabulary

/// Bosch BNO055 9-axis fusion chip in NDOF mode: heading, roll and pitch fused on the chip.
///
/// Registers (Bosch BNO055 datasheet rev 1.4, §4.2 register map): CHIP_ID 0x00 → 0xA0
/// (ACC_ID 0x01 → 0xFB, MAG_ID 0x02 → 0x32, GYR_ID 0x03 → 0x0F); PAGE_ID 0x07; Euler heading,
/// roll, pitch 0x1A–0x1F LSB first, 16 LSB/°; CALIB_STAT 0x35; OPR_MODE 0x3D (0x00 CONFIG,
/// 0x0C NDOF); PWR_MODE 0x3E. Mode switches take ~7 ms from CONFIG and ~19 ms to CONFIG
/// (Table 3-6). Its heading is magnetic and already tilt-compensated. It stretches the clock, which
/// the Pi's hardware I2C mishandles (raspberrypi/linux #254, #4884): corrupted bytes surface as
/// `.implausibleReading`.
package struct BNO055: CompassDriver {
    package static let chipIDRegister: UInt8 = 0x00
    package static let chipID: UInt8 = 0xA0
    static let pageRegister: UInt8 = 0x07
    static let eulerRegister: UInt8 = 0x1A
    static let calibrationStatusRegister: UInt8 = 0x35
    static let operationModeRegister: UInt8 = 0x3D
    static let powerModeRegister: UInt8 = 0x3E
    static let configMode: UInt8 = 0x00
    static let ndofMode: UInt8 = 0x0C
    package static let countsPerDegree = 16.0

    package let chip = CompassChip.bno055
    package let transport: any I2CTransport
    package let address: UInt8

    package init(transport: any I2CTransport, address: UInt8 = 0x28) {
        self.transport = transport
        self.address = address
    }

    package var setupSteps: [CompassSetupStep] {
        [.write(register: Self.pageRegister, value: 0x00),
         .write(register: Self.operationModeRegister, value: Self.configMode),
         .wait(.milliseconds(19)),
         .write(register: Self.powerModeRegister, value: 0x00), // normal power
         .write(register: Self.operationModeRegister, value: Self.ndofMode),
         .wait(.milliseconds(7))]
    }

    package func identify() throws(CompassError) {
        try expectIdentity(register: Self.chipIDRegister, [Self.chipID])
    }

    package func read() throws(CompassError) -> CompassSample? {
        let euler = try Self.decodeEuler(try readBlock(Self.eulerRegister, count: 6), address: address)
        let status = try readByte(Self.calibrationStatusRegister)
        return CompassSample(orientation: euler, calibrationStatus: status)
    }

    /// Heading, roll, pitch in degrees from the six Euler bytes. The datasheet ranges are heading
    /// 0…360°, roll ±90° and pitch ±180° (Windows orientation); anything outside is corruption.
    package static func decodeEuler(_ data: [UInt8], address: UInt8 = 0x28) throws(CompassError) -> EulerAngles {
        let heading = Double(int16(low: data[0], high: data[1])) / countsPerDegree
        let roll = Double(int16(low: data[2], high: data[3])) / countsPerDegree
        let pitch = Double(int16(low: data[4], high: data[5])) / countsPerDegree
        guard (0...360).contains(heading), (-180...180).contains(roll), (-180...180).contains(pitch) else {
            throw .implausibleReading(chip: .bno055, address: address,
                                      detail: "heading \(heading)°, roll \(roll)°, pitch \(pitch)°")
        }
        return EulerAngles(heading: heading == 360 ? 0 : heading, roll: roll, pitch: pitch)
    }
}
