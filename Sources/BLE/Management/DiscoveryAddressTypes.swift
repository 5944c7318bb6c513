/// The Address_Type bit mask of Start/Stop Discovery and the Discovering event.
///
/// Bits from mgmt-api.txt, "Start Discovery Command": 0 BR/EDR, 1 LE Public, 2 LE Random; 6 is
/// LE (public and random), the only discovery Wayfinder runs.
package struct DiscoveryAddressTypes: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let bredr = DiscoveryAddressTypes(rawValue: 1 << 0)
    package static let lePublic = DiscoveryAddressTypes(rawValue: 1 << 1)
    package static let leRandom = DiscoveryAddressTypes(rawValue: 1 << 2)
    /// 0x06.
    package static let le: DiscoveryAddressTypes = [.lePublic, .leRandom]
}
