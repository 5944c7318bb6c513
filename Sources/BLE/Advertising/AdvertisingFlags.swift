/// The Flags AD structure (type 0x01): how discoverable the device is and whether it speaks BR/EDR.
///
/// Bits from Core Specification Supplement Part A §1.3.
package struct AdvertisingFlags: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let limitedDiscoverable = AdvertisingFlags(rawValue: 1 << 0)
    package static let generalDiscoverable = AdvertisingFlags(rawValue: 1 << 1)
    package static let brEdrNotSupported = AdvertisingFlags(rawValue: 1 << 2)
    package static let simultaneousLEAndBREDRController = AdvertisingFlags(rawValue: 1 << 3)
    package static let simultaneousLEAndBREDRHost = AdvertisingFlags(rawValue: 1 << 4)

    /// What an LE-only peripheral that wants to be found advertises: 0x06.
    package static let leGeneralDiscoverable: AdvertisingFlags = [.generalDiscoverable, .brEdrNotSupported]
}
