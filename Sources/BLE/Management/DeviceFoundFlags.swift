/// The Flags of a Device Found event.
///
/// Bits from mgmt-api.txt, "Device Found Event" (bit 5 is in upstream BlueZ's copy, newer than 5.66).
public struct DeviceFoundFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let confirmName = DeviceFoundFlags(rawValue: 1 << 0)
    public static let legacyPairing = DeviceFoundFlags(rawValue: 1 << 1)
    /// An LE broadcaster (non-connectable advertising): never a device to connect to.
    public static let notConnectable = DeviceFoundFlags(rawValue: 1 << 2)
    public static let nameRequestFailed = DeviceFoundFlags(rawValue: 1 << 4)
    public static let scanResponse = DeviceFoundFlags(rawValue: 1 << 5)
}
