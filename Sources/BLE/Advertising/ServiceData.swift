/// A Service Data AD structure (0x16, 0x20, 0x21): a service UUID and bytes that service defines.
///
/// The UUID comes first, little-endian, in 2, 4 or 16 bytes by type (Core Specification Supplement
/// Part A §1.11).
package struct ServiceData: Sendable, Hashable {
    package var uuid: BLEUUID
    package var width: ServiceUUIDList.Width
    package var data: [UInt8]

    package init(uuid: BLEUUID, width: ServiceUUIDList.Width = .bits16, data: [UInt8]) {
        self.uuid = uuid
        self.width = width
        self.data = data
    }
}
