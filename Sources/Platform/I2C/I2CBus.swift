import CI2C

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `/dev/i2c-N`, driven through libi2c's `i2c_smbus_*` calls (linked for real, `-li2c`).
///
/// Why SMBus calls rather than `I2C_RDWR`: the emulated rig's i2c-stub adapter supports only
/// SMBus transfers (Documentation/i2c/i2c-stub.rst), and every sensor we read fits register-style
/// SMBus access.
/// Safe to share between tasks: each call selects the address and transfers under one lock.
package final class I2CBus: I2CTransport, @unchecked Sendable, CustomStringConvertible {
    package let bus: Int
    /// The device node, e.g. "/dev/i2c-1".
    package let path: String

    private let lock = HandleLock()
    // Guarded by `lock`:
    private var fd: Int32
    private var selectedAddress: UInt8?

    /// Opens `/dev/i2c-<bus>` for reading and writing.
    package init(bus: Int) throws(I2CError) {
        self.bus = bus
        path = I2CError.device(bus)
        guard bus >= 0 else { throw I2CError.busNotFound(bus: bus) }
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw I2CError.mappingOpen(errno: errno, bus: bus) }
        self.fd = fd
    }

    deinit {
        if fd >= 0 { Self.closeDescriptor(fd) }
    }

    package var description: String { path }

    /// Closes the bus; later transfers throw `I2CError.closed`.
    package func close() {
        lock.withLock {
            if fd >= 0 { Self.closeDescriptor(fd) }
            fd = -1
            selectedAddress = nil
        }
    }

    package func readByte(address: UInt8, register: UInt8) throws(I2CError) -> UInt8 {
        let value = try transfer(address: address, operation: "reading byte register \(I2CError.hex(register))") { fd in
            i2c_smbus_read_byte_data(fd, register)
        }
        return UInt8(truncatingIfNeeded: value)
    }

    package func writeByte(address: UInt8, register: UInt8, value: UInt8) throws(I2CError) {
        _ = try transfer(address: address, operation: "writing byte register \(I2CError.hex(register))") { fd in
            i2c_smbus_write_byte_data(fd, register, value)
        }
    }

    package func readWord(address: UInt8, register: UInt8) throws(I2CError) -> UInt16 {
        // libi2c returns the SMBus word already assembled low byte first (kernel
        // Documentation/i2c/smbus-protocol.rst, "SMBus Read Word").
        let value = try transfer(address: address, operation: "reading word register \(I2CError.hex(register))") { fd in
            i2c_smbus_read_word_data(fd, register)
        }
        return UInt16(truncatingIfNeeded: value)
    }

    package func writeWord(address: UInt8, register: UInt8, value: UInt16) throws(I2CError) {
        _ = try transfer(address: address, operation: "writing word register \(I2CError.hex(register))") { fd in
            i2c_smbus_write_word_data(fd, register, value)
        }
    }

    package func readBlock(address: UInt8, register: UInt8, count: Int) throws(I2CError) -> [UInt8] {
        try I2CLimits.check(blockLength: count, bus: bus)
        var bytes = [UInt8](repeating: 0, count: count)
        let received = try transfer(address: address, operation: "reading \(count) bytes from \(I2CError.hex(register))") { fd in
            bytes.withUnsafeMutableBufferPointer { buffer in
                i2c_smbus_read_i2c_block_data(fd, register, UInt8(count), buffer.baseAddress)
            }
        }
        guard Int(received) == count else {
            throw I2CError.shortRead(bus: bus, address: address, register: register,
                                     expected: count, received: Int(received))
        }
        return bytes
    }

    package func writeBlock(address: UInt8, register: UInt8, bytes: [UInt8]) throws(I2CError) {
        try I2CLimits.check(blockLength: bytes.count, bus: bus)
        _ = try transfer(address: address, operation: "writing \(bytes.count) bytes to \(I2CError.hex(register))") { fd in
            bytes.withUnsafeBufferPointer { buffer in
                i2c_smbus_write_i2c_block_data(fd, register, UInt8(buffer.count), buffer.baseAddress)
            }
        }
    }

    private static func closeDescriptor(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #elseif canImport(Musl)
        _ = Musl.close(fd)
        #endif
    }

    /// Selects `address` (if not already selected) and runs one libi2c call, mapping a -1
    /// result's errno, all under the lock so another task cannot re-address in between.
    private func transfer(address: UInt8, operation: String, _ call: (Int32) -> Int32) throws(I2CError) -> Int32 {
        try I2CLimits.check(address: address, bus: bus)
        return try lock.withLock { () throws(I2CError) -> Int32 in
            guard fd >= 0 else { throw I2CError.closed(bus: bus) }
            if selectedAddress != address {
                guard ioctl(fd, UInt(I2C_SLAVE), CInt(address)) >= 0 else {
                    throw I2CError.mappingSelect(errno: errno, bus: bus, address: address)
                }
                selectedAddress = address
            }
            let result = call(fd)
            guard result >= 0 else {
                throw I2CError.mapping(errno: errno, bus: bus, address: address, operation: operation)
            }
            return result
        }
    }
}
