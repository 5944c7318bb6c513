/// A peer's Identity Resolving Key: it lets the kernel recognise the peer behind its resolvable
/// private addresses.
///
/// Layout (`mgmt_irk_info`, include/net/bluetooth/mgmt.h; mgmt-api.txt, "New Identity Resolving Key
/// Event", "Load Identity Resolving Keys Command"): Address (6), Address_Type (1), Value (16).
package struct IdentityResolvingKey: Sendable, Hashable {
    static let length = 23

    /// The identity address the key resolves to.
    package var peer: ManagementAddress
    package var value: [UInt8]

    package init(peer: ManagementAddress, value: [UInt8]) {
        self.peer = peer
        self.value = value
    }

    init(reading reader: inout ManagementByteReader) throws(ManagementDecodingError) {
        peer = try ManagementAddress(reading: &reader)
        value = try reader.bytes(16)
    }

    package var bytes: [UInt8] { peer.bytes + Array((value + [UInt8](repeating: 0, count: 16)).prefix(16)) }
}
