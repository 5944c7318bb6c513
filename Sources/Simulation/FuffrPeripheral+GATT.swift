import BLE
import TouchCase

extension FuffrPeripheral {
    /// The case's GATT database as far as FuffrLib's `FFRCaseHandler.m` shows it: GAP with the
    /// name; FFF0 with FFF1 (write) and FFF2–FFF6 (notify, each with a CCCD); Battery 180F/2A19
    /// (declared by FuffrLib, never read; its presence on the real case is unknown). The
    /// declared property bits of the real case are unknown: these are the ones FuffrLib needs.
    package static let gattDatabase = GATTDatabase(services: [
        GATTServiceDefinition(uuid: BLEUUID(0x1800), characteristics: [
            GATTCharacteristicDefinition(uuid: BLEUUID(0x2A00), properties: [.read], value: Array(name.utf8)),
        ]),
        GATTServiceDefinition(uuid: FuffrGATT.sensorService, characteristics:
            [GATTCharacteristicDefinition(uuid: FuffrGATT.enabler, properties: [.write])]
            + FuffrGATT.touchCharacteristics.map { GATTCharacteristicDefinition(uuid: $0, properties: [.notify]) }),
        GATTServiceDefinition(uuid: FuffrGATT.batteryService, characteristics: [
            GATTCharacteristicDefinition(uuid: FuffrGATT.batteryLevel, properties: [.read], value: [100]),
        ]),
    ])
}
