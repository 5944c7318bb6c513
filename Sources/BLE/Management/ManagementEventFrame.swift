/// One packet from the management socket: which controller it concerns and what it says.
///
/// Header: Event Code (2), Controller Index (2), Parameter Length (2), little-endian
/// (mgmt-api.txt, "Packet Structures"); each datagram carries exactly one packet.
package struct ManagementEventFrame: Sendable, Hashable {
    package var controllerIndex: UInt16
    package var event: ManagementEvent

    package init(controllerIndex: UInt16, event: ManagementEvent) {
        self.controllerIndex = controllerIndex
        self.event = event
    }

    /// Decodes one datagram; the parameter length must match the bytes exactly.
    package init(decoding packet: [UInt8]) throws(ManagementDecodingError) {
        guard packet.count >= 6 else { throw .truncatedHeader(count: packet.count) }
        var reader = ManagementByteReader(packet, what: "mgmt header")
        let code = ManagementEventCode(rawValue: try reader.u16())
        controllerIndex = try reader.u16()
        let declared = Int(try reader.u16())
        guard declared == reader.remaining else { throw .lengthMismatch(declared: declared, actual: reader.remaining) }
        event = try ManagementEvent(code: code, parameters: reader.rest())
    }

    /// The datagram (what a simulated kernel sends in tests).
    package var packet: [UInt8] {
        let parameters = event.parameters
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(event.code.rawValue)
        bytes.appendLittleEndian(controllerIndex)
        bytes.appendLittleEndian(UInt16(truncatingIfNeeded: parameters.count))
        return bytes + parameters
    }
}
