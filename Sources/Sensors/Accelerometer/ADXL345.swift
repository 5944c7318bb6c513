import Vocabulary

/// Analog Devices' ADXL345 (facts from its data sheet's register map, as carried by the public
/// register headers): DEVID 0x00 reads 0xE5; BW_RATE 0x2C ← 0x0A (100 Hz); DATA_FORMAT 0x31 ← 0x08
/// (FULL_RES, ±2 g: 3.9 mg per LSB, i.e. 256 LSB/g); POWER_CTL 0x2D ← 0x08 (Measure, written last
/// so the part starts measuring with the format already set); INT_SOURCE 0x30 bit 7 DATA_READY;
/// DATAX0 0x32…0x37, little-endian, right-justified. The register pointer auto-increments.
package struct ADXL345: AccelerometerDriver {
    package let transport: any I2CTransport
    package let address: UInt8
    package var chip: AccelerometerChip { .adxl345 }

    static let deviceID: UInt8 = 0x00
    static let identity: UInt8 = 0xE5
    static let interruptSource: UInt8 = 0x30
    static let dataX0: UInt8 = 0x32
    static let lsbPerG = 256.0

    package init(transport: any I2CTransport, address: UInt8 = 0x53) {
        self.transport = transport
        self.address = address
    }

    package var setupSteps: [CompassSetupStep] {
        [.write(register: 0x2C, value: 0x0A), .write(register: 0x31, value: 0x08), .write(register: 0x2D, value: 0x08)]
    }

    package func identify() throws(AccelerometerError) {
        try expectIdentity(register: Self.deviceID, Self.identity)
    }

    package func read() throws(AccelerometerError) -> Vector3? {
        guard try readByte(Self.interruptSource) & 0x80 != 0 else { return nil }
        let b = try readBlock(Self.dataX0, count: 6)
        guard b.count == 6 else { return nil }
        func axis(_ i: Int) -> Double { Double(int16(low: b[i], high: b[i + 1])) / Self.lsbPerG }
        return Vector3(axis(0), axis(2), axis(4))
    }
}
