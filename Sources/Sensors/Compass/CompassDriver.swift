import Vocabulary

/// What every compass driver offers: its identity check, its set-up writes, and a read.
package protocol CompassDriver: Sendable {
    var chip: CompassChip { get }
    var address: UInt8 { get }
    var transport: any I2CTransport { get }
    /// The register writes (and pauses) that start continuous measurement.
    var setupSteps: [CompassSetupStep] { get }
    /// Reads the identity register(s); throws `.wrongIdentity` or `.bus` unless it is this chip.
    func identify() throws(CompassError)
    /// The latest measurement, or nil if the chip reports none ready yet.
    func read() throws(CompassError) -> CompassSample?
}

extension CompassDriver {
    /// Performs the writes of `setupSteps`, skipping the waits: for callers that space the
    /// steps themselves, and for tests.
    package func performSetupWrites() throws(CompassError) {
        for step in setupSteps {
            if case let .write(register, value) = step { try write(register, value) }
        }
    }

    /// Runs `setupSteps`, sleeping through `pause` for each wait.
    package func start(pause: (Duration) async throws -> Void) async throws {
        for step in setupSteps {
            switch step {
            case let .write(register, value): try write(register, value)
            case let .wait(duration): try await pause(duration)
            }
        }
    }

    func write(_ register: UInt8, _ value: UInt8) throws(CompassError) {
        do { try transport.writeByte(address: address, register: register, value: value) } catch { throw .bus(error) }
    }

    func readByte(_ register: UInt8) throws(CompassError) -> UInt8 {
        do { return try transport.readByte(address: address, register: register) } catch { throw .bus(error) }
    }

    func readBlock(_ register: UInt8, count: Int) throws(CompassError) -> [UInt8] {
        do { return try transport.readBlock(address: address, register: register, count: count) } catch { throw .bus(error) }
    }

    /// Checks `count` identity bytes from `register` against `expected`.
    func expectIdentity(register: UInt8, _ expected: [UInt8]) throws(CompassError) {
        let found = expected.count == 1 ? [try readByte(register)] : try readBlock(register, count: expected.count)
        guard found == expected else {
            throw .wrongIdentity(chip: chip, address: address, register: register, expected: expected, found: found)
        }
    }
}

/// Two's-complement 16-bit from two bytes.
@inline(__always)
func int16(low: UInt8, high: UInt8) -> Int16 {
    Int16(bitPattern: UInt16(high) << 8 | UInt16(low))
}
