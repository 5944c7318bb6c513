/// Reads little-endian fields from mgmt parameters, throwing instead of trapping when they end early.
struct ManagementByteReader {
    private let bytes: [UInt8]
    private let what: String
    private(set) var offset = 0

    init(_ bytes: some Collection<UInt8>, what: String) {
        self.bytes = Array(bytes)
        self.what = what
    }

    var remaining: Int { bytes.count - offset }

    /// Throws unless `count` more bytes exist; `needed` in the error is the whole structure's size.
    func require(_ count: Int, total needed: Int? = nil) throws(ManagementDecodingError) {
        guard remaining >= count else {
            throw .truncated(what: what, needed: needed ?? offset + count, available: bytes.count)
        }
    }

    mutating func bytes(_ count: Int) throws(ManagementDecodingError) -> [UInt8] {
        try require(count)
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    mutating func u8() throws(ManagementDecodingError) -> UInt8 {
        try bytes(1)[0]
    }

    mutating func u16() throws(ManagementDecodingError) -> UInt16 {
        let b = try bytes(2)
        return UInt16(b[0]) | UInt16(b[1]) << 8
    }

    mutating func u32() throws(ManagementDecodingError) -> UInt32 {
        let b = try bytes(4)
        return b.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    mutating func u64() throws(ManagementDecodingError) -> UInt64 {
        let b = try bytes(8)
        return b.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    mutating func rest() -> [UInt8] {
        defer { offset = bytes.count }
        return Array(bytes[offset...])
    }
}

extension Array where Element == UInt8 {
    /// Appends `value` little-endian, as every mgmt field is (mgmt-api.txt, "Packet Structures").
    mutating func appendLittleEndian(_ value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }

    mutating func appendLittleEndian(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func appendLittleEndian(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
}
