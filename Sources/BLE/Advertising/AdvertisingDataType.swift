/// The type byte of an advertising (AD) or EIR structure.
///
/// Values from the Bluetooth Assigned Numbers, "Common Data Types" (Core Specification Supplement
/// Part A §1 defines their payloads). Kept as a raw byte so unknown types survive a round trip.
package struct AdvertisingDataType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let flags = AdvertisingDataType(rawValue: 0x01)
    package static let incompleteServiceUUIDs16 = AdvertisingDataType(rawValue: 0x02)
    package static let completeServiceUUIDs16 = AdvertisingDataType(rawValue: 0x03)
    package static let incompleteServiceUUIDs32 = AdvertisingDataType(rawValue: 0x04)
    package static let completeServiceUUIDs32 = AdvertisingDataType(rawValue: 0x05)
    package static let incompleteServiceUUIDs128 = AdvertisingDataType(rawValue: 0x06)
    package static let completeServiceUUIDs128 = AdvertisingDataType(rawValue: 0x07)
    package static let shortenedLocalName = AdvertisingDataType(rawValue: 0x08)
    package static let completeLocalName = AdvertisingDataType(rawValue: 0x09)
    package static let txPowerLevel = AdvertisingDataType(rawValue: 0x0A)
    package static let serviceData16 = AdvertisingDataType(rawValue: 0x16)
    package static let serviceData32 = AdvertisingDataType(rawValue: 0x20)
    package static let serviceData128 = AdvertisingDataType(rawValue: 0x21)
    package static let manufacturerSpecificData = AdvertisingDataType(rawValue: 0xFF)

    package var description: String {
        let hex = String(rawValue, radix: 16, uppercase: true)
        return "0x" + (hex.count < 2 ? "0" + hex : hex)
    }
}
