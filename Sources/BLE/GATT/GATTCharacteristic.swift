/// A characteristic found by discovery (Core Spec 5.3 Vol 3 Part G §3.3.1): its declaration
/// handle, properties, value handle and UUID; `endHandle` closes the range its descriptors live in.
public struct GATTCharacteristic: Sendable, Hashable {
    public var uuid: BLEUUID
    public var declarationHandle: UInt16
    public var valueHandle: UInt16
    public var properties: GATTCharacteristicProperties
    public var endHandle: UInt16

    public init(uuid: BLEUUID, declarationHandle: UInt16, valueHandle: UInt16,
                properties: GATTCharacteristicProperties, endHandle: UInt16) {
        self.uuid = uuid
        self.declarationHandle = declarationHandle
        self.valueHandle = valueHandle
        self.properties = properties
        self.endHandle = endHandle
    }

    /// Where this characteristic's descriptors are, nil when it has none.
    public var descriptorRange: ATTHandleRange? {
        valueHandle < endHandle ? ATTHandleRange(valueHandle + 1, endHandle) : nil
    }
}

/// The characteristic properties bit field (Vol 3 Part G §3.3.1.1, Table 3.5).
public struct GATTCharacteristicProperties: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let broadcast = Self(rawValue: 0x01)
    public static let read = Self(rawValue: 0x02)
    public static let writeWithoutResponse = Self(rawValue: 0x04)
    public static let write = Self(rawValue: 0x08)
    public static let notify = Self(rawValue: 0x10)
    public static let indicate = Self(rawValue: 0x20)
    public static let authenticatedSignedWrites = Self(rawValue: 0x40)
    public static let extendedProperties = Self(rawValue: 0x80)
}
