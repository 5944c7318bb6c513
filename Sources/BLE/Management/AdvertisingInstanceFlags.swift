/// The Flags of mgmt Add Advertising: how the kernel advertises an instance.
///
/// Bits from mgmt-api.txt, "Add Advertising Command".
package struct AdvertisingInstanceFlags: OptionSet, Sendable, Hashable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Undirected connectable advertising, whatever the global connectable setting (a peripheral).
    package static let connectable = AdvertisingInstanceFlags(rawValue: 1 << 0)
    /// The kernel prepends a Flags field with General Discoverable (3 bytes of the 31).
    package static let discoverable = AdvertisingInstanceFlags(rawValue: 1 << 1)
    package static let limitedDiscoverable = AdvertisingInstanceFlags(rawValue: 1 << 2)
    /// The kernel prepends and maintains the Flags field.
    package static let managedFlags = AdvertisingInstanceFlags(rawValue: 1 << 3)
    /// The kernel appends a TX Power field.
    package static let txPower = AdvertisingInstanceFlags(rawValue: 1 << 4)
    /// The kernel adds the Appearance to the scan response.
    package static let appearance = AdvertisingInstanceFlags(rawValue: 1 << 5)
    /// The kernel appends the adapter's local name to the scan response if it fits.
    package static let localName = AdvertisingInstanceFlags(rawValue: 1 << 6)
    package static let secondaryLE1M = AdvertisingInstanceFlags(rawValue: 1 << 7)
    package static let secondaryLE2M = AdvertisingInstanceFlags(rawValue: 1 << 8)
    package static let secondaryLECoded = AdvertisingInstanceFlags(rawValue: 1 << 9)
}
