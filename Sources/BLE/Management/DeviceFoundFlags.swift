/// The Flags of a Device Found event.
///
/// Bits from mgmt-api.txt, "Device Found Event" (bit 5 is in upstream BlueZ's copy, newer than 5.66).
package struct DeviceFoundFlags: OptionSet, Sendable, Hashable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    package static let confirmName = DeviceFoundFlags(rawValue: 1 << 0)
    package static let legacyPairing = DeviceFoundFlags(rawValue: 1 << 1)
    /// An LE broadcaster (non-connectable advertising): never a device to connect to.
    package static let notConnectable = DeviceFoundFlags(rawValue: 1 << 2)
    package static let nameRequestFailed = DeviceFoundFlags(rawValue: 1 << 4)
    package static let scanResponse = DeviceFoundFlags(rawValue: 1 << 5)
}
