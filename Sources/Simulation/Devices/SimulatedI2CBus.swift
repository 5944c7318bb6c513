import Platform
import Synchronization

/// The simulated board's `/dev/i2c-1`: an `I2CTransport` that hands each transfer to the device
/// model at its address, so the real drivers (`UBloxDDCDriver`, `QMC5883L`, `CompassDetector`) run
/// on it unchanged.
///
/// An address with no device, or one unplugged by a test or the script, is not acknowledged:
/// `I2CError.deviceAbsent`, what `I2CBus` maps the Pi's EREMOTEIO/ENXIO to (Linux Documentation/i2c/fault-codes.rst).
/// Transfers are checked against the same limits as on the Pi (7-bit address, ≤ 32-byte blocks).
/// The board updates the models (new receiver output, a new field) between transfers, under the
/// same lock, as a chip's own clock would.
package final class SimulatedI2CBus: I2CTransport, Sendable {
    package let bus: Int
    private struct State: Sendable {
        var devices: [UInt8: any SimulatedI2CDevice] = [:]
        var unplugged: Set<UInt8> = []
        var transfers = 0
        /// Transfers tried per address, acknowledged or not.
        var attempts: [UInt8: Int] = [:]
    }
    private let state = Mutex(State())

    package init(bus: Int = 1) {
        self.bus = bus
    }

    package func attach(_ device: any SimulatedI2CDevice, at address: UInt8) {
        state.withLock { $0.devices[address] = device }
    }

    /// Unplugs (or plugs back in) the device at `address`: while unplugged it NACKs every transfer but
    /// keeps its state, as a sensor with a loose wire does.
    package func setUnplugged(_ unplugged: Bool, address: UInt8) {
        state.withLock {
            if unplugged { $0.unplugged.insert(address) } else { $0.unplugged.remove(address) }
        }
    }

    /// Transfers acknowledged so far.
    package var transferCount: Int { state.withLock { $0.transfers } }

    /// Transfers tried at `address` so far, acknowledged or not: whether anyone reads the device.
    package func attempts(at address: UInt8) -> Int { state.withLock { $0.attempts[address, default: 0] } }

    /// Runs `body` on the model of type `D` at `address`; nil if there is none of that type.
    package func withDevice<D: SimulatedI2CDevice, R>(at address: UInt8, as type: D.Type, _ body: (inout D) -> R) -> R? {
        state.withLock { s -> R? in
            // Taken out while mutated, so a model holding a buffer is not copied.
            guard let any = s.devices.removeValue(forKey: address) else { return nil }
            guard var device = any as? D else {
                s.devices[address] = any
                return nil
            }
            let result = body(&device)
            s.devices[address] = device
            return result
        }
    }

    // MARK: I2CTransport

    package func readByte(address: UInt8, register: UInt8) throws(I2CError) -> UInt8 {
        let bytes = try read(address: address, register: register, count: 1)
        return bytes.first ?? 0xFF
    }

    package func writeByte(address: UInt8, register: UInt8, value: UInt8) throws(I2CError) {
        try write(address: address, register: register, bytes: [value])
    }

    package func readWord(address: UInt8, register: UInt8) throws(I2CError) -> UInt16 {
        let bytes = try read(address: address, register: register, count: 2)
        // SMBus words are low byte first (Linux Documentation/i2c/smbus-protocol.rst).
        return UInt16(bytes[0]) | UInt16(bytes[1]) << 8
    }

    package func writeWord(address: UInt8, register: UInt8, value: UInt16) throws(I2CError) {
        try write(address: address, register: register,
                  bytes: [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)])
    }

    package func readBlock(address: UInt8, register: UInt8, count: Int) throws(I2CError) -> [UInt8] {
        try checkLength(count)
        return try read(address: address, register: register, count: count)
    }

    package func writeBlock(address: UInt8, register: UInt8, bytes: [UInt8]) throws(I2CError) {
        try checkLength(bytes.count)
        try write(address: address, register: register, bytes: bytes)
    }

    // MARK: Private

    private func checkLength(_ count: Int) throws(I2CError) {
        guard (1...I2CLimits.maxBlockLength).contains(count) else {
            throw .invalidLength(bus: bus, count: count, limit: I2CLimits.maxBlockLength)
        }
    }

    private func read(address: UInt8, register: UInt8, count: Int) throws(I2CError) -> [UInt8] {
        guard address <= I2CLimits.maxAddress else { throw .invalidAddress(bus: bus, address: address) }
        let bus = self.bus
        let result: [UInt8]? = state.withLock { s in
            s.attempts[address, default: 0] += 1
            guard !s.unplugged.contains(address), s.devices[address] != nil else { return nil }
            s.transfers += 1
            let bytes = s.devices[address]?.read(register: register, count: count) ?? []
            // A model answering short would be a model bug; pad as an idle bus reads (all ones).
            return bytes.count >= count ? Array(bytes.prefix(count)) : bytes + [UInt8](repeating: 0xFF, count: count - bytes.count)
        }
        guard let result else { throw .deviceAbsent(bus: bus, address: address) }
        return result
    }

    private func write(address: UInt8, register: UInt8, bytes: [UInt8]) throws(I2CError) {
        guard address <= I2CLimits.maxAddress else { throw .invalidAddress(bus: bus, address: address) }
        let acknowledged: Bool = state.withLock { s in
            s.attempts[address, default: 0] += 1
            guard !s.unplugged.contains(address), s.devices[address] != nil else { return false }
            s.transfers += 1
            s.devices[address]?.write(register: register, bytes: bytes)
            return true
        }
        guard acknowledged else { throw .deviceAbsent(bus: bus, address: address) }
    }
}
