/// The reply to Read Management Version Information: Version (1), Revision (2) (mgmt-api.txt).
///
/// Device Found carries the scan response merged in from version 1.6 on, which is what the
/// scanner relies on.
package struct ManagementVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var version: UInt8
    package var revision: UInt16

    package init(version: UInt8, revision: UInt16) {
        self.version = version
        self.revision = revision
    }

    package init(returnParameters: [UInt8]) throws(ManagementDecodingError) {
        var reader = ManagementByteReader(returnParameters, what: "Read Management Version reply")
        version = try reader.u8()
        revision = try reader.u16()
    }

    package var description: String { "\(version).\(revision)" }

    package static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.version, lhs.revision) < (rhs.version, rhs.revision)
    }
}
