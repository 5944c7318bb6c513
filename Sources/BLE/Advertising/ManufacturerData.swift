/// A Manufacturer Specific Data AD structure (0xFF), kept whole.
///
/// The spec puts a 16-bit little-endian company identifier first (Core Specification Supplement
/// Part A §1.4), but the FiftyThree Pencil's v55 firmware sends a single byte, and the SDK reads
/// all bytes after the type as its "central ID" (FTPenManager.mm). So the payload is kept as
/// sent and the company identifier is derived when there are at least two bytes.
package struct ManufacturerData: Sendable, Hashable {
    /// Every byte after the AD type.
    package var bytes: [UInt8]

    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    package init(companyID: UInt16, data: [UInt8]) {
        bytes = [UInt8(companyID & 0xFF), UInt8(companyID >> 8)] + data
    }

    /// The company identifier, when the payload is long enough to carry one.
    package var companyID: UInt16? {
        guard bytes.count >= 2 else { return nil }
        return UInt16(bytes[0]) | UInt16(bytes[1]) << 8
    }

    /// The bytes after the company identifier (empty when there is none).
    package var data: [UInt8] { bytes.count >= 2 ? Array(bytes[2...]) : [] }
}
