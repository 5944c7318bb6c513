import Vocabulary

/// What every accelerometer driver offers: its identity check, its set-up writes, and a read of
/// gravity (in g, in the chip's own axes; `AxisMapping` turns them into the body frame).
package protocol AccelerometerDriver: Sendable {
    var chip: AccelerometerChip { get }
    var address: UInt8 { get }
    var transport: any I2CTransport { get }
    /// The register writes that start continuous measurement (the same step type as the compasses,
    /// so one loop brings both up).
    var setupSteps: [CompassSetupStep] { get }
    /// Reads the identity register; throws `.wrongIdentity` or `.bus` unless it is this chip.
    func identify() throws(AccelerometerError)
    /// The latest acceleration in g, or nil if the chip has no new one yet.
    func read() throws(AccelerometerError) -> Vector3?
}

extension AccelerometerDriver {
    /// Performs the writes of `setupSteps`, skipping the waits (none of these parts needs one).
    package func performSetupWrites() throws(AccelerometerError) {
        for step in setupSteps {
            if case let .write(register, value) = step {
                do { try transport.writeByte(address: address, register: register, value: value) } catch { throw .bus(error) }
            }
        }
    }

    func readByte(_ register: UInt8) throws(AccelerometerError) -> UInt8 {
        do { return try transport.readByte(address: address, register: register) } catch { throw .bus(error) }
    }

    func readBlock(_ register: UInt8, count: Int) throws(AccelerometerError) -> [UInt8] {
        do { return try transport.readBlock(address: address, register: register, count: count) } catch { throw .bus(error) }
    }

    func expectIdentity(register: UInt8, _ expected: UInt8) throws(AccelerometerError) {
        let found = try readByte(register)
        guard found == expected else {
            throw .wrongIdentity(chip: chip, address: address, register: register, expected: expected, found: found)
        }
    }
}
