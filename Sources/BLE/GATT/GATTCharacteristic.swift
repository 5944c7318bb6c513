/// A characteristic found by discovery (Core Spec 5.3 Vol 3 Part G §3.3.1): its declaration
/// handle, properties, value handle and UUID; `endHandle` closes the range its descriptors live in.
package struct GATTCharacteristic: Sendable, Hashable {
    package var uuid: BLEUUID
    package var declarationHandle: UInt16
    package var valueHandle: UInt16
    package var properties: GATTCharacteristicProperties
    package var endHandle: UInt16

    package init(uuid: BLEUUID, declarationHandle: UInt16, valueHandle: UInt16,
                properties: GATTCharacteristicProperties, endHandle: UInt16) {
        self.uuid = uuid
        self.declarationHandle = declarationHandle
        self.valueHandle = valueHandle
        self.properties = properties
        self.endHandle = endHandle
    }

    /// Where this characteristic's descriptors are, nil when it has none.
    package var descriptorRange: ATTHandleRange? {
        valueHandle < endHandle ? ATTHandleRange(valueHandle + 1, endHandle) : nil
    }
}

/// The characteristic properties bit field (Vol 3 Part G §3.3.1.1, Table 3.5).
package struct GATTCharacteristicProperties: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let broadcast = Self(rawValue: 0x01)
    package static let read = Self(rawValue: 0x02)
    package static let writeWithoutResponse = Self(rawValue: 0x04)
    package static let write = Self(rawValue: 0x08)
    package static let notify = Self(rawValue: 0x10)
    package static let indicate = Self(rawValue: 0x20)
    package static let authenticatedSignedWrites = Self(rawValue: 0x40)
    package static let extendedProperties = Self(rawValue: 0x80)
}
