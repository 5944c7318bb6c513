import Foundation
import Platform
@testable import Sensors
import WayfinderTestKit

/// Helpers for the compass tests: register encodings of known fields, a seeded RNG, and a bus
/// wrapper that behaves like ST's sub-address auto-increment and can NACK one register.
enum CompassTestSupport {
    static func le(_ value: Int) -> [UInt8] {
        let v = UInt16(bitPattern: Int16(value))
        return [UInt8(v & 0xFF), UInt8(v >> 8)]
    }

    static func be(_ value: Int) -> [UInt8] { Array(le(value).reversed()) }

    /// Rotation from NED to the body frame for yaw ψ, pitch θ, roll φ (aerospace z-y-x order),
    /// as a passive rotation: body = Rx(φ)·Ry(θ)·Rz(ψ)·ned.
    static func toBody(_ v: Vector3, yaw: Double, pitch: Double, roll: Double) -> Vector3 {
        let (cy, sy) = (cosine(yaw), sine(yaw))
        let (cp, sp) = (cosine(pitch), sine(pitch))
        let (cr, sr) = (cosine(roll), sine(roll))
        let z = Vector3(cy * v.x + sy * v.y, -sy * v.x + cy * v.y, v.z)
        let y = Vector3(cp * z.x - sp * z.z, z.y, sp * z.x + cp * z.z)
        return Vector3(y.x, cr * y.y + sr * y.z, -sr * y.y + cr * y.z)
    }

    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    static func sine(_ radians: Double) -> Double { sin(radians) }
    static func cosine(_ radians: Double) -> Double { cos(radians) }

    /// Signed difference a − b folded into (−180, 180].
    static func angleDifference(_ a: Double, _ b: Double) -> Double {
        var d = (a - b).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d <= -180 { d += 360 }
        return d
    }
}

/// SplitMix64: a seeded generator so the noisy calibration tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A normal deviate (Box–Muller).
    mutating func gaussian(_ sigma: Double) -> Double {
        let u1 = Double.random(in: Double.ulpOfOne..<1, using: &self)
        let u2 = Double.random(in: 0..<1, using: &self)
        return sigma * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }
}

/// Wraps `RegisterMapI2C`: for addresses in `autoIncrementBit7`, the sub-address's b7 is the
/// auto-increment flag (ST parts), so reading 0xA8 reads registers 0x28…; reads of a register in
/// `nackRegisters` fail as a NACK (a sensor browning out between the status and the data read).
final class CompassBusModel: I2CTransport, @unchecked Sendable {
    let map: RegisterMapI2C
    var autoIncrementBit7: Set<UInt8> = []
    var nackRegisters: Set<UInt8> = []
    var bus: Int { map.bus }

    init(_ map: RegisterMapI2C = RegisterMapI2C()) { self.map = map }

    private func effective(_ address: UInt8, _ register: UInt8) throws(I2CError) -> UInt8 {
        if nackRegisters.contains(register) { throw I2CError.deviceAbsent(bus: bus, address: address) }
        return autoIncrementBit7.contains(address) ? register & 0x7F : register
    }

    func readByte(address: UInt8, register: UInt8) throws(I2CError) -> UInt8 {
        try map.readByte(address: address, register: effective(address, register))
    }
    func writeByte(address: UInt8, register: UInt8, value: UInt8) throws(I2CError) {
        try map.writeByte(address: address, register: effective(address, register), value: value)
    }
    func readWord(address: UInt8, register: UInt8) throws(I2CError) -> UInt16 {
        try map.readWord(address: address, register: effective(address, register))
    }
    func writeWord(address: UInt8, register: UInt8, value: UInt16) throws(I2CError) {
        try map.writeWord(address: address, register: effective(address, register), value: value)
    }
    func readBlock(address: UInt8, register: UInt8, count: Int) throws(I2CError) -> [UInt8] {
        // Without b7 an ST part repeats the same register: model that, so a driver that forgets it fails.
        if autoIncrementBit7.contains(address), register & 0x80 == 0 {
            let byte = try map.readByte(address: address, register: effective(address, register))
            return Array(repeating: byte, count: count)
        }
        return try map.readBlock(address: address, register: effective(address, register), count: count)
    }
    func writeBlock(address: UInt8, register: UInt8, bytes: [UInt8]) throws(I2CError) {
        try map.writeBlock(address: address, register: effective(address, register), bytes: bytes)
    }
}
