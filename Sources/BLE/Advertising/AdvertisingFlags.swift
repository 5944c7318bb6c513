/// The Flags AD structure (type 0x01): how discoverable the device is and whether it speaks BR/EDR.
///
/// Bits from Core Specification Supplement Part A §1.3.
public struct AdvertisingFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let limitedDiscoverable = AdvertisingFlags(rawValue: 1 << 0)
    public static let generalDiscoverable = AdvertisingFlags(rawValue: 1 << 1)
    public static let brEdrNotSupported = AdvertisingFlags(rawValue: 1 << 2)
    public static let simultaneousLEAndBREDRController = AdvertisingFlags(rawValue: 1 << 3)
    public static let simultaneousLEAndBREDRHost = AdvertisingFlags(rawValue: 1 << 4)

    /// What an LE-only peripheral that wants to be found advertises: 0x06.
    public static let leGeneralDiscoverable: AdvertisingFlags = [.generalDiscoverable, .brEdrNotSupported]
}
