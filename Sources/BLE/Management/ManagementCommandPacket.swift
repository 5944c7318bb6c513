/// A command packet as the kernel reads it: code, controller index, parameters.
///
/// The kernel's side of the header (`hci_mgmt_cmd` in net/bluetooth/hci_sock.c rejects a packet whose
/// Parameter Length disagrees with its size). Used where something plays the kernel: tests and the rig.
package struct ManagementCommandPacket: Sendable, Hashable {
    package var opcode: ManagementOpcode
    package var controllerIndex: UInt16
    package var parameters: [UInt8]

    package init(decoding packet: [UInt8]) throws(ManagementDecodingError) {
        guard packet.count >= 6 else { throw .truncatedHeader(count: packet.count) }
        var reader = ManagementByteReader(packet, what: "mgmt command header")
        opcode = ManagementOpcode(rawValue: try reader.u16())
        controllerIndex = try reader.u16()
        let declared = Int(try reader.u16())
        guard declared == reader.remaining else { throw .lengthMismatch(declared: declared, actual: reader.remaining) }
        parameters = reader.rest()
    }
}
