import Foundation
import Platform

/// A u-blox receiver's DDC port as the driver sees it (see `UBloxDDCReader`): 0xFD/0xFE give the bytes
/// waiting (big-endian), 0xFF streams them without the register pointer advancing, and an empty
/// stream reads 0xFF. Tests queue output, make the count lie (count more than is there, so filler
/// follows), and fail transfers.
final class UBloxDDCModel: I2CTransport, @unchecked Sendable {
    let bus = 1
    let address: UInt8 = 0x42
    private let lock = NSLock()
    private var output: [UInt8] = []
    /// Added to the true count when the count registers are read.
    var countBias = 0
    /// A count register value to return once instead of the real count.
    var nextCountOverride: UInt16?
    var failNextStreamRead = false
    private(set) var reads: [(register: UInt8, count: Int)] = []

    func queue(_ bytes: [UInt8]) { lock.withLock { output += bytes } }

    func readBlock(address: UInt8, register: UInt8, count: Int) throws(I2CError) -> [UInt8] {
        guard address == self.address else { throw I2CError.deviceAbsent(bus: bus, address: address) }
        guard (1...32).contains(count) else { throw I2CError.invalidLength(bus: bus, count: count, limit: 32) }
        lock.lock()
        defer { lock.unlock() }
        do {
            reads.append((register, count))
            switch register {
            case 0xFD:
                let waiting = nextCountOverride ?? UInt16(clamping: output.count + countBias)
                nextCountOverride = nil
                return Array([UInt8(waiting >> 8), UInt8(waiting & 0xFF)].prefix(count))
            case 0xFF:
                if failNextStreamRead {
                    failNextStreamRead = false
                    throw I2CError.deviceAbsent(bus: bus, address: address)
                }
                let taken = Array(output.prefix(count))
                output.removeFirst(taken.count)
                return taken + [UInt8](repeating: 0xFF, count: count - taken.count)
            default:
                return [UInt8](repeating: 0, count: count)
            }
        }
    }

    func readByte(address: UInt8, register: UInt8) throws(I2CError) -> UInt8 {
        try readBlock(address: address, register: register, count: 1)[0]
    }
    func readWord(address: UInt8, register: UInt8) throws(I2CError) -> UInt16 {
        let bytes = try readBlock(address: address, register: register, count: 2)
        return UInt16(bytes[0]) | UInt16(bytes[1]) << 8
    }
    func writeByte(address: UInt8, register: UInt8, value: UInt8) throws(I2CError) {}
    func writeWord(address: UInt8, register: UInt8, value: UInt16) throws(I2CError) {}
    func writeBlock(address: UInt8, register: UInt8, bytes: [UInt8]) throws(I2CError) {}
}
