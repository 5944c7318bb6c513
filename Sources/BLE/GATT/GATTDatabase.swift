/// A GATT server's attribute table, built from service definitions with handles assigned in order:
/// service declaration, then per characteristic its declaration, value and (when it notifies or
/// indicates) a CCCD (Core Spec 5.3 Vol 3 Part G §3).
package struct GATTDatabase: Sendable {
    package struct Attribute: Sendable, Hashable {
        package var handle: UInt16
        package var type: BLEUUID
        package var value: [UInt8]
        /// For a characteristic value or CCCD, the characteristic it belongs to.
        package var characteristic: BLEUUID?
        package var properties: GATTCharacteristicProperties
        package var kind: Kind
        /// The handle of the last attribute of this service (service declarations only).
        package var groupEnd: UInt16
    }

    package enum Kind: Sendable, Hashable {
        case serviceDeclaration, characteristicDeclaration, characteristicValue, clientConfiguration, descriptor
    }

    package private(set) var attributes: [Attribute] = []

    package init(services: [GATTServiceDefinition]) {
        var handle: UInt16 = 1
        for service in services {
            let serviceIndex = attributes.count
            attributes.append(Attribute(handle: handle, type: .primaryService, value: service.uuid.attWire,
                                        characteristic: nil, properties: [], kind: .serviceDeclaration, groupEnd: handle))
            handle += 1
            for c in service.characteristics {
                let valueHandle = handle + 1
                attributes.append(Attribute(handle: handle, type: .characteristic,
                                            value: [c.properties.rawValue, UInt8(valueHandle & 0xFF), UInt8(valueHandle >> 8)] + c.uuid.attWire,
                                            characteristic: c.uuid, properties: c.properties,
                                            kind: .characteristicDeclaration, groupEnd: 0))
                attributes.append(Attribute(handle: valueHandle, type: c.uuid, value: c.value, characteristic: c.uuid,
                                            properties: c.properties, kind: .characteristicValue, groupEnd: 0))
                handle = valueHandle + 1
                if !c.properties.isDisjoint(with: [.notify, .indicate]) {
                    attributes.append(Attribute(handle: handle, type: .clientCharacteristicConfiguration, value: [0, 0],
                                                characteristic: c.uuid, properties: c.properties,
                                                kind: .clientConfiguration, groupEnd: 0))
                    handle += 1
                }
                if let text = c.userDescription {
                    attributes.append(Attribute(handle: handle, type: BLEUUID(0x2901), value: Array(text.utf8),
                                                characteristic: c.uuid, properties: [.read], kind: .descriptor, groupEnd: 0))
                    handle += 1
                }
            }
            attributes[serviceIndex].groupEnd = handle - 1
        }
    }

    package func index(of handle: UInt16) -> Int? {
        // Handles are dense and ascending from 1.
        let i = Int(handle) - 1
        return attributes.indices.contains(i) && attributes[i].handle == handle ? i : nil
    }

    /// The value handle of a characteristic.
    package func valueHandle(of characteristic: BLEUUID) -> UInt16? {
        attributes.first { $0.kind == .characteristicValue && $0.characteristic == characteristic }?.handle
    }

    mutating func setValue(_ value: [UInt8], at index: Int) {
        attributes[index].value = value
    }
}

/// One service of a GATT server we host (the device simulators).
package struct GATTServiceDefinition: Sendable, Hashable {
    package var uuid: BLEUUID
    package var characteristics: [GATTCharacteristicDefinition]
    package init(uuid: BLEUUID, characteristics: [GATTCharacteristicDefinition]) {
        self.uuid = uuid
        self.characteristics = characteristics
    }
}

package struct GATTCharacteristicDefinition: Sendable, Hashable {
    package var uuid: BLEUUID
    package var properties: GATTCharacteristicProperties
    /// The initial value; reads return it until the server's owner changes it.
    package var value: [UInt8]
    /// A Characteristic User Description (0x2901) descriptor, when set.
    package var userDescription: String?

    package init(uuid: BLEUUID, properties: GATTCharacteristicProperties, value: [UInt8] = [], userDescription: String? = nil) {
        self.uuid = uuid
        self.properties = properties
        self.value = value
        self.userDescription = userDescription
    }
}
