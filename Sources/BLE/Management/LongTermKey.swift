/// An LE Long Term Key as mgmt carries it in New Long Term Key events and Load Long Term Keys.
///
/// Layout (`mgmt_ltk_info`, include/net/bluetooth/mgmt.h; mgmt-api.txt, "New Long Term Key Event"):
/// Address (6), Address_Type (1), Key_Type (1), Central (1), Encryption_Size (1),
/// Encryption_Diversifier (2), Random_Number (8), Value (16); 36 bytes, little-endian.
package struct LongTermKey: Sendable, Hashable {
    static let length = 36

    /// The peer's identity address (public or static random).
    package var peer: ManagementAddress
    /// 0 unauthenticated legacy, 1 authenticated legacy, 2 unauthenticated P-256, 3 authenticated
    /// P-256, 4 debug P-256 (mgmt-api.txt). Just Works gives 0 or 2.
    package var keyType: UInt8
    /// Legacy pairing hands out one key per role; this is the one used when we are central. The
    /// kernel sets it for `SMP_LTK` (`mgmt_new_ltk` in net/bluetooth/mgmt.c).
    package var central: Bool
    package var encryptionSize: UInt8
    package var encryptionDiversifier: UInt16
    package var randomNumber: UInt64
    package var value: [UInt8]

    package init(peer: ManagementAddress, keyType: UInt8, central: Bool, encryptionSize: UInt8,
                encryptionDiversifier: UInt16, randomNumber: UInt64, value: [UInt8]) {
        self.peer = peer
        self.keyType = keyType
        self.central = central
        self.encryptionSize = encryptionSize
        self.encryptionDiversifier = encryptionDiversifier
        self.randomNumber = randomNumber
        self.value = value
    }

    init(reading reader: inout ManagementByteReader) throws(ManagementDecodingError) {
        peer = try ManagementAddress(reading: &reader)
        keyType = try reader.u8()
        central = try reader.u8() != 0
        encryptionSize = try reader.u8()
        encryptionDiversifier = try reader.u16()
        randomNumber = try reader.u64()
        value = try reader.bytes(16)
    }

    /// The 36 bytes; a value of another length is cut or zero-padded to 16.
    package var bytes: [UInt8] {
        var bytes = peer.bytes
        bytes += [keyType, central ? 1 : 0, encryptionSize]
        bytes.appendLittleEndian(encryptionDiversifier)
        bytes.appendLittleEndian(randomNumber)
        return bytes + Array((value + [UInt8](repeating: 0, count: 16)).prefix(16))
    }
}
