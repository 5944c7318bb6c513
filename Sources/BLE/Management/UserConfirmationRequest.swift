/// A User Confirmation Request event: the kernel's SMP waits for user space to accept a pairing.
///
/// Layout (mgmt-api.txt, "User Confirmation Request Event"): Address (6), Address_Type (1),
/// Confirm_Hint (1), Value (4). Since 2020 the kernel asks this for every Just Works pairing, also
/// one we started, and waits until it is answered or SMP's 30 s timer ends the pairing (`tk_request`
/// and `smp_cmd_pairing_random` in net/bluetooth/smp.c: "Always require user confirmation for
/// Just-Works pairing to prevent impersonation attacks").
package struct UserConfirmationRequest: Sendable, Hashable {
    static let length = 12

    package var peer: ManagementAddress
    /// True: a plain yes/no (Just Works); false: a six-digit number to compare (`value`).
    package var isJustWorks: Bool
    package var value: UInt32

    package init(peer: ManagementAddress, isJustWorks: Bool, value: UInt32 = 0) {
        self.peer = peer
        self.isJustWorks = isJustWorks
        self.value = value
    }

    init(parameters: [UInt8]) throws(ManagementDecodingError) {
        var reader = ManagementByteReader(parameters, what: "User Confirmation Request event")
        try reader.require(Self.length)
        peer = try ManagementAddress(reading: &reader)
        isJustWorks = try reader.u8() == 1
        value = try reader.u32()
    }

    var parameters: [UInt8] {
        var bytes = peer.bytes + [isJustWorks ? 1 : 0]
        bytes.appendLittleEndian(value)
        return bytes
    }
}
