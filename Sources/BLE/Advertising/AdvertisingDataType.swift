/// The type byte of an advertising (AD) or EIR structure.
///
/// Values from the Bluetooth Assigned Numbers, "Common Data Types" (Core Specification Supplement
/// Part A §1 defines their payloads). Kept as a raw byte so unknown types survive a round trip.
public struct AdvertisingDataType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let flags = AdvertisingDataType(rawValue: 0x01)
    public static let incompleteServiceUUIDs16 = AdvertisingDataType(rawValue: 0x02)
    public static let completeServiceUUIDs16 = AdvertisingDataType(rawValue: 0x03)
    public static let incompleteServiceUUIDs32 = AdvertisingDataType(rawValue: 0x04)
    public static let completeServiceUUIDs32 = AdvertisingDataType(rawValue: 0x05)
    public static let incompleteServiceUUIDs128 = AdvertisingDataType(rawValue: 0x06)
    public static let completeServiceUUIDs128 = AdvertisingDataType(rawValue: 0x07)
    public static let shortenedLocalName = AdvertisingDataType(rawValue: 0x08)
    public static let completeLocalName = AdvertisingDataType(rawValue: 0x09)
    public static let txPowerLevel = AdvertisingDataType(rawValue: 0x0A)
    public static let serviceData16 = AdvertisingDataType(rawValue: 0x16)
    public static let serviceData32 = AdvertisingDataType(rawValue: 0x20)
    public static let serviceData128 = AdvertisingDataType(rawValue: 0x21)
    public static let manufacturerSpecificData = AdvertisingDataType(rawValue: 0xFF)

    public var description: String {
        let hex = String(rawValue, radix: 16, uppercase: true)
        return "0x" + (hex.count < 2 ? "0" + hex : hex)
    }
}
