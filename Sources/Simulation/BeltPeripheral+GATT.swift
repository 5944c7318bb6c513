import BLE
import Belt

extension BeltPeripheral {
    /// The belt's GATT database as the libraries need it: FE51 {FE01 R, FE02 W+N,
    /// FE03 W, FE04 N, FE05 W, FE06 N, FE07 W, FE09 R+N}, FE52 {FE0A W, FE0B N, FE0C N},
    /// FE53 {FE13 W, FE14 N}; every notifying characteristic with a CCCD. A GAP service carrying the
    /// device name comes first, as on any LE peripheral (Core Spec Vol 3 Part C §12).
    package static let gattDatabase = GATTDatabase(services: [
        GATTServiceDefinition(uuid: BLEUUID(0x1800), characteristics: [
            GATTCharacteristicDefinition(uuid: BLEUUID(0x2A00), properties: [.read], value: Array(name.utf8)),
        ]),
    ] + [BeltService.control, .sensor, .debug].map { service in
        GATTServiceDefinition(uuid: BLEUUID(service.uuid16), characteristics: (services[service] ?? []).map { c in
            var properties: GATTCharacteristicProperties = []
            if c.isReadable { properties.insert(.read) }
            if c.isWritable { properties.insert(.write) }
            if c.notifies { properties.insert(.notify) }
            return GATTCharacteristicDefinition(uuid: BLEUUID(c.uuid16), properties: properties)
        })
    })
}
