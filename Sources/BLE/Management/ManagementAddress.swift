import Vocabulary

/// A peer as mgmt names it in pairing commands and events: Address (6, little-endian) and
/// Address_Type (1: 0 BR/EDR, 1 LE Public, 2 LE Random), the kernel's `mgmt_addr_info`
/// (include/net/bluetooth/mgmt.h; mgmt-api.txt, e.g. "Pair Device Command").
package struct ManagementAddress: Sendable, Hashable, CustomStringConvertible {
    static let length = 7

    package var address: BluetoothAddress
    package var type: BluetoothAddressType

    package init(_ address: BluetoothAddress, type: BluetoothAddressType) {
        self.address = address
        self.type = type
    }

    init(reading reader: inout ManagementByteReader) throws(ManagementDecodingError) {
        address = BluetoothAddress(littleEndianBytes: try reader.bytes(6))
        let raw = try reader.u8()
        guard let type = BluetoothAddressType(rawValue: raw) else { throw .unknownAddressType(raw) }
        self.type = type
    }

    /// The seven bytes on the wire.
    package var bytes: [UInt8] { address.littleEndianBytes + [type.rawValue] }

    /// A static random address has its two most significant bits set (Core Vol 6 Part B §1.3.2.1);
    /// the kernel stores keys only for identity addresses: public or static random
    /// (`ltk_is_valid` and `mgmt_new_ltk` in net/bluetooth/mgmt.c).
    package var isIdentity: Bool {
        switch type {
        case .lePublic, .bredr: return true
        case .leRandom: return address.octets[0] & 0xC0 == 0xC0
        }
    }

    package var description: String { "\(address) (\(type))" }
}
