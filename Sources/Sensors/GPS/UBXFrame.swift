/// The UBX binary frame: sync `0xB5 0x62`, class, id, payload length (u16 little-endian), payload,
/// and `CK_A CK_B`, an 8-bit Fletcher checksum over class…payload (u-blox interface descriptions,
/// "UBX frame structure" and "UBX checksum").
package enum UBXFrame {
    package static let syncChar1: UInt8 = 0xB5
    package static let syncChar2: UInt8 = 0x62
    /// Sync (2) + class + id + length (2) before the payload, checksum (2) after it.
    package static let overhead = 8

    /// The 8-bit Fletcher checksum (CK_A, CK_B) over `bytes` (class, id, length and payload).
    package static func checksum(_ bytes: some Sequence<UInt8>) -> (a: UInt8, b: UInt8) {
        var a: UInt8 = 0, b: UInt8 = 0
        for byte in bytes {
            a &+= byte
            b &+= a
        }
        return (a, b)
    }

    /// A complete frame for `payload`, for tests, the simulated receiver and writing configuration.
    package static func encode(messageClass: UInt8, id: UInt8, payload: [UInt8]) -> [UInt8] {
        let length = UInt16(payload.count)
        let body = [messageClass, id, UInt8(length & 0xFF), UInt8(length >> 8)] + payload
        let (a, b) = checksum(body)
        return [syncChar1, syncChar2] + body + [a, b]
    }
}
