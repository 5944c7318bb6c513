/// The Address_Type bit mask of Start/Stop Discovery and the Discovering event.
///
/// Bits from mgmt-api.txt, "Start Discovery Command": 0 BR/EDR, 1 LE Public, 2 LE Random; 6 is
/// LE (public and random), the only discovery Wayfinder runs.
public struct DiscoveryAddressTypes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bredr = DiscoveryAddressTypes(rawValue: 1 << 0)
    public static let lePublic = DiscoveryAddressTypes(rawValue: 1 << 1)
    public static let leRandom = DiscoveryAddressTypes(rawValue: 1 << 2)
    /// 0x06.
    public static let le: DiscoveryAddressTypes = [.lePublic, .leRandom]
}
