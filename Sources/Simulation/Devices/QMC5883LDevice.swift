import Sensors

/// The QMC5883L magnetometer as a register machine, for the simulated board's compass.
///
/// Registers and bits (QST QMC5883L datasheet 1.0, §9; the driver `QMC5883L` uses the same): X, Y, Z at
/// 0x00–0x05, LSB first, two's complement; STATUS 0x06 (b0 DRDY, b1 OVL, b2 DOR); CTRL1 0x09 =
/// OSR[7:6] RNG[5:4] ODR[3:2] MODE[1:0] (MODE 01 continuous, 00 standby; RNG 00 ±2 G at 12000
/// LSB/G, 01 ±8 G at 3000 LSB/G; ODR 10/50/100/200 Hz); CTRL2 0x0A (b7 soft reset); SET/RESET
/// period 0x0B; chip ID 0x0D → 0xFF. The register pointer increments after each byte.
///
/// In continuous mode the chip samples the field it sits in at its output data rate: `sense` takes
/// the field (µT, in the chip's axes) at a time; a new sample sets DRDY, and a sample that
/// replaces one never read sets DOR (data skipped). Reading any data register clears DRDY and DOR.
/// A component beyond the range sets OVL and reads as the clamped value.
package struct QMC5883LDevice: SimulatedI2CDevice, Sendable {
    package static let address: UInt8 = 0x0D
    static let statusRegister = 0x06
    static let control1Register = 0x09
    static let control2Register = 0x0A
    static let setResetRegister = 0x0B
    static let chipIDRegister = 0x0D
    static let drdy: UInt8 = 0x01, ovl: UInt8 = 0x02, dor: UInt8 = 0x04

    private var registers = [UInt8](repeating: 0, count: 0x0E)
    private var lastSample: Duration?
    /// Samples taken so far.
    package private(set) var samples = 0

    package init() {
        reset()
    }

    /// Counts per µT at the configured range (1 G = 100 µT).
    package var countsPerMicrotesla: Double {
        (registers[Self.control1Register] >> 4) & 0x03 == 0x01 ? 30 : 120
    }

    package var isContinuous: Bool { registers[Self.control1Register] & 0x03 == 0x01 }

    /// The output data rate of CTRL1's ODR bits.
    package var sampleInterval: Duration {
        switch (registers[Self.control1Register] >> 2) & 0x03 {
        case 0: .milliseconds(100)
        case 1: .milliseconds(20)
        case 2: .milliseconds(10)
        default: .milliseconds(5)
        }
    }

    /// The field at the sensor at `now`: sampled if the chip is measuring and a sample is due.
    package mutating func sense(_ field: Vector3, at now: Duration) {
        guard isContinuous else { return }
        if let last = lastSample, now - last < sampleInterval { return }
        lastSample = now
        samples += 1
        var status = registers[Self.statusRegister] & Self.drdy != 0 ? Self.dor : 0
        let scale = countsPerMicrotesla
        for (i, component) in [field.x, field.y, field.z].enumerated() {
            let counts = (component * scale).rounded()
            let clamped: Int16
            if counts.isFinite, counts >= Double(Int16.min), counts <= Double(Int16.max) {
                clamped = Int16(counts)
            } else {
                status |= Self.ovl
                clamped = counts.isNaN ? 0 : (counts < 0 ? Int16.min : Int16.max)
            }
            let raw = UInt16(bitPattern: clamped)
            registers[2 * i] = UInt8(raw & 0xFF)
            registers[2 * i + 1] = UInt8(raw >> 8)
        }
        registers[Self.statusRegister] = (registers[Self.statusRegister] & Self.dor) | status | Self.drdy
    }

    package mutating func read(register: UInt8, count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var pointer = Int(register)
        var readData = false
        for _ in 0..<count {
            if pointer < registers.count {
                bytes.append(registers[pointer])
                if pointer <= 0x05 { readData = true }
            } else {
                bytes.append(0)
            }
            pointer = (pointer + 1) & 0xFF
        }
        if readData { registers[Self.statusRegister] &= ~(Self.drdy | Self.dor) }
        return bytes
    }

    package mutating func write(register: UInt8, bytes: [UInt8]) {
        var pointer = Int(register)
        for byte in bytes {
            switch pointer {
            case Self.control1Register, Self.setResetRegister:
                registers[pointer] = byte
            case Self.control2Register:
                if byte & 0x80 != 0 { reset() } else { registers[pointer] = byte }
            default:
                break // data, status and identity registers are read-only
            }
            pointer += 1
        }
    }

    /// Power-on state: standby, nothing measured, chip ID 0xFF.
    private mutating func reset() {
        registers = [UInt8](repeating: 0, count: 0x0E)
        registers[Self.chipIDRegister] = 0xFF
        lastSample = nil
    }
}
