import Foundation
import Platform

/// A scripted in-memory I2C bus: devices are 256-byte register maps, for testing sensor drivers
/// without hardware.
///
/// Behaves like the i2c-stub adapter the emulated rig uses (Documentation/i2c/i2c-stub.rst): an
/// address with no device is not acknowledged (`I2CError.deviceAbsent`), block transfers walk
/// consecutive registers, words are low byte first. On top of that a test can queue values a
/// register returns on successive reads (status or data-ready registers) and make the next
/// transfers to an address fail, e.g. to simulate a NACK from a sensor that browns out.
package final class RegisterMapI2C: I2CTransport, @unchecked Sendable {
    /// A transfer the simulated devices saw, for asserting what a driver wrote and read.
    package enum Transaction: Sendable, Equatable {
        case read(address: UInt8, register: UInt8, count: Int)
        case write(address: UInt8, register: UInt8, bytes: [UInt8])
    }

    package let bus: Int

    private let mutex = NSLock()
    // Guarded by `mutex`:
    private var devices: [UInt8: [UInt8]] = [:]
    private var scriptedReads: [UInt8: [UInt8: [UInt8]]] = [:]
    private var pendingFailures: [UInt8: [I2CError]] = [:]
    private var log: [Transaction] = []

    package init(bus: Int = 1) {
        self.bus = bus
    }

    // MARK: - Scripting

    /// Makes `address` acknowledge, with all registers zero except those given.
    package func addDevice(at address: UInt8, registers: [UInt8: UInt8] = [:]) {
        var map = [UInt8](repeating: 0, count: 256)
        for (register, value) in registers { map[Int(register)] = value }
        locked { devices[address] = map }
    }

    /// Unplugs the device: from now on `address` is not acknowledged.
    package func removeDevice(at address: UInt8) {
        locked {
            devices[address] = nil
            scriptedReads[address] = nil
        }
    }

    /// Sets consecutive registers from `register` on (wrapping after 0xFF); ignored if the
    /// device does not exist.
    package func setRegisters(of address: UInt8, startingAt register: UInt8, to bytes: [UInt8]) {
        locked {
            guard devices[address] != nil else { return }
            var index = register
            for byte in bytes {
                devices[address]?[Int(index)] = byte
                index &+= 1
            }
        }
    }

    /// The stored value of one register, or nil if there is no device at `address`.
    package func registerValue(_ register: UInt8, of address: UInt8) -> UInt8? {
        locked { devices[address]?[Int(register)] }
    }

    /// Queues values that successive reads of `register` return before falling back to the
    /// stored value (which they do not change).
    package func scriptReads(of address: UInt8, register: UInt8, values: [UInt8]) {
        locked { scriptedReads[address, default: [:]][register, default: []].append(contentsOf: values) }
    }

    /// Makes the next `times` transfers to `address` fail with `error`, by default a NACK
    /// (`.deviceAbsent`), even if the device exists.
    package func failNext(at address: UInt8, with error: I2CError? = nil, times: Int = 1) {
        let failure = error ?? .deviceAbsent(bus: bus, address: address)
        locked {
            pendingFailures[address, default: []].append(contentsOf: repeatElement(failure, count: max(times, 0)))
        }
    }

    /// Every successful transfer so far, oldest first.
    package var transactions: [Transaction] {
        locked { log }
    }

    package func clearTransactions() {
        locked { log.removeAll() }
    }

    // MARK: - I2CTransport

    package func readByte(address: UInt8, register: UInt8) throws(I2CError) -> UInt8 {
        try read(address: address, register: register, count: 1)[0]
    }

    package func writeByte(address: UInt8, register: UInt8, value: UInt8) throws(I2CError) {
        try write(address: address, register: register, bytes: [value])
    }

    package func readWord(address: UInt8, register: UInt8) throws(I2CError) -> UInt16 {
        let bytes = try read(address: address, register: register, count: 2)
        return UInt16(bytes[0]) | UInt16(bytes[1]) << 8
    }

    package func writeWord(address: UInt8, register: UInt8, value: UInt16) throws(I2CError) {
        try write(address: address, register: register,
                  bytes: [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)])
    }

    package func readBlock(address: UInt8, register: UInt8, count: Int) throws(I2CError) -> [UInt8] {
        try I2CLimits.check(blockLength: count, bus: bus)
        return try read(address: address, register: register, count: count)
    }

    package func writeBlock(address: UInt8, register: UInt8, bytes: [UInt8]) throws(I2CError) {
        try I2CLimits.check(blockLength: bytes.count, bus: bus)
        try write(address: address, register: register, bytes: bytes)
    }

    // MARK: - Private

    private func read(address: UInt8, register: UInt8, count: Int) throws(I2CError) -> [UInt8] {
        try I2CLimits.check(address: address, bus: bus)
        return try locked { () throws(I2CError) -> [UInt8] in
            try admit(address)
            guard let map = devices[address] else { throw I2CError.deviceAbsent(bus: bus, address: address) }
            var bytes: [UInt8] = []
            var index = register
            for _ in 0..<count {
                if var queue = scriptedReads[address]?[index], !queue.isEmpty {
                    bytes.append(queue.removeFirst())
                    scriptedReads[address]?[index] = queue
                } else {
                    bytes.append(map[Int(index)])
                }
                index &+= 1
            }
            log.append(.read(address: address, register: register, count: count))
            return bytes
        }
    }

    private func write(address: UInt8, register: UInt8, bytes: [UInt8]) throws(I2CError) {
        try I2CLimits.check(address: address, bus: bus)
        try locked { () throws(I2CError) in
            try admit(address)
            guard devices[address] != nil else { throw I2CError.deviceAbsent(bus: bus, address: address) }
            var index = register
            for byte in bytes {
                devices[address]?[Int(index)] = byte
                index &+= 1
            }
            log.append(.write(address: address, register: register, bytes: bytes))
        }
    }

    private func locked<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        mutex.lock()
        defer { mutex.unlock() }
        return try body()
    }

    /// Throws the next queued failure for `address`, if any. Call with the lock held.
    private func admit(_ address: UInt8) throws(I2CError) {
        guard var queue = pendingFailures[address], !queue.isEmpty else { return }
        let failure = queue.removeFirst()
        pendingFailures[address] = queue.isEmpty ? nil : queue
        throw failure
    }
}
