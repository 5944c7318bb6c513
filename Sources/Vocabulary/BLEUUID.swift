/// A Bluetooth UUID as it travels in ATT PDUs and advertising data: 16, 32 or 128 bits.
///
/// Why one type: ATT carries 16-bit UUIDs as 2 little-endian bytes and everything else as 16
/// little-endian bytes (Core Spec Vol 3 Part F §3.2.1), advertising adds 32-bit ones, and the
/// device actors name UUIDs by their printed 128-bit form. Short forms are kept short so an
/// encoder emits the size the peer expects; equality is by value on the Bluetooth base UUID, so
/// `FE51` and `0000FE51-0000-1000-8000-00805F9B34FB` are the same UUID.
package struct BLEUUID: Sendable, Hashable, CustomStringConvertible {
    /// The 16 bytes in printed order (most significant first).
    package let bytes: [UInt8]

    /// `00000000-0000-1000-8000-00805F9B34FB`, the base of every short UUID.
    static let base: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x00,
                                0x80, 0x00, 0x00, 0x80, 0x5F, 0x9B, 0x34, 0xFB]

    package init(_ uuid16: UInt16) {
        self.init(uuid32: UInt32(uuid16))
    }

    package init(uuid32: UInt32) {
        var bytes = Self.base
        bytes[0] = UInt8(truncatingIfNeeded: uuid32 >> 24)
        bytes[1] = UInt8(truncatingIfNeeded: uuid32 >> 16)
        bytes[2] = UInt8(truncatingIfNeeded: uuid32 >> 8)
        bytes[3] = UInt8(truncatingIfNeeded: uuid32)
        self.bytes = bytes
    }

    /// A 128-bit UUID written as two 64-bit halves in printed order, for constants:
    /// `65333333-A115-11E2-9E9A-0800200CA100` is `BLEUUID(high: 0x6533_3333_A115_11E2, low: 0x9E9A_0800_200C_A100)`.
    package init(high: UInt64, low: UInt64) {
        bytes = (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
    }

    /// From 16 bytes in printed order; nil for any other count.
    package init?(bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// From the wire (little-endian): 2, 4 or 16 bytes; nil for any other count.
    package init?(littleEndian wire: some Collection<UInt8>) {
        let reversed = Array(wire.reversed())
        switch reversed.count {
        case 2: self.init(UInt16(reversed[0]) << 8 | UInt16(reversed[1]))
        case 4:
            self.init(uuid32: reversed.reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        case 16: self.init(bytes: reversed)
        default: return nil
        }
    }

    /// Parses `FE51`, `0xfe51`, `0000FE51` or `0000fe51-0000-1000-8000-00805f9b34fb`.
    package init?(string: String) {
        var text = Substring(string)
        if text.hasPrefix("0x") || text.hasPrefix("0X") { text = text.dropFirst(2) }
        let digits = text.filter { $0 != "-" }
        guard digits.allSatisfy(\.isASCIIHexDigit) else { return nil }
        switch (text.count, digits.count) {
        case (4, 4):
            guard let value = UInt16(digits, radix: 16) else { return nil }
            self.init(value)
        case (8, 8):
            guard let value = UInt32(digits, radix: 16) else { return nil }
            self.init(uuid32: value)
        case (36, 32):
            // Dashes only at the canonical places 8-4-4-4-12.
            let dashes = text.indices.filter { text[$0] == "-" }.map { text.distance(from: text.startIndex, to: $0) }
            guard dashes == [8, 13, 18, 23] else { return nil }
            var bytes: [UInt8] = []
            var index = digits.startIndex
            while index < digits.endIndex {
                let next = digits.index(index, offsetBy: 2)
                guard let byte = UInt8(digits[index..<next], radix: 16) else { return nil }
                bytes.append(byte)
                index = next
            }
            self.init(bytes: bytes)
        default: return nil
        }
    }

    /// The 16-bit alias when this UUID is on the base and fits 16 bits.
    package var uuid16: UInt16? {
        guard isOnBase, bytes[0] == 0, bytes[1] == 0 else { return nil }
        return UInt16(bytes[2]) << 8 | UInt16(bytes[3])
    }

    /// The 32-bit alias when this UUID is on the base.
    package var uuid32: UInt32? {
        guard isOnBase else { return nil }
        return bytes.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    private var isOnBase: Bool { bytes[4...] == Self.base[4...] }

    /// The shortest ATT form: 2 bytes for a 16-bit alias, else 16 (ATT has no 32-bit form).
    package var attWire: [UInt8] {
        if let short = uuid16 { return [UInt8(short & 0xFF), UInt8(short >> 8)] }
        return bytes.reversed()
    }

    /// The full 16-byte little-endian form.
    package var wire128: [UInt8] { bytes.reversed() }

    /// The full form, uppercase: `0000FE51-0000-1000-8000-00805F9B34FB`.
    package var uuidString: String {
        var text = ""
        for (index, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(index) { text += "-" }
            text += byte.hexDigits
        }
        return text
    }

    /// `FE51` for a 16-bit alias, else the full form.
    package var description: String {
        if let short = uuid16 { return UInt8(short >> 8).hexDigits + UInt8(short & 0xFF).hexDigits }
        return uuidString
    }
}

extension BLEUUID {
    /// GATT declarations and descriptors (Core Spec Vol 3 Part G §3).
    package static let primaryService = BLEUUID(0x2800)
    package static let secondaryService = BLEUUID(0x2801)
    package static let include = BLEUUID(0x2802)
    package static let characteristic = BLEUUID(0x2803)
    package static let clientCharacteristicConfiguration = BLEUUID(0x2902)
}
