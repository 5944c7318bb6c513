import BLE
import Pencil

extension PencilPeripheral {
    /// The pen's GATT database: GAP name, the Pen service with the 17 characteristics of
    /// the SDK's `FTServiceUUIDs.m` (properties from the SDK's operations; the declared ones are unknown),
    /// and the Device Information service.
    package static let gattDatabase = GATTDatabase(services: [
        GATTServiceDefinition(uuid: BLEUUID(0x1800), characteristics: [
            GATTCharacteristicDefinition(uuid: BLEUUID(0x2A00), properties: [.read], value: Array(name.utf8)),
        ]),
        GATTServiceDefinition(uuid: PenCharacteristic.penService,
                              characteristics: PenCharacteristic.penServiceCharacteristics.map { c in
            GATTCharacteristicDefinition(uuid: c.uuid, properties: properties(of: c))
        }),
        GATTServiceDefinition(uuid: BLEUUID(0x180A), characteristics: [
            PenCharacteristic.manufacturerName, .modelNumber, .serialNumber, .firmwareRevision, .hardwareRevision,
            .softwareRevision, .systemID,
        ].map { GATTCharacteristicDefinition(uuid: $0.uuid, properties: [.read]) }),
    ])

    static func properties(of c: PenCharacteristic) -> GATTCharacteristicProperties {
        switch c {
        case .isTipPressed, .isEraserPressed, .tipPressure, .eraserPressure, .batteryLevel, .motion: [.read, .notify]
        // Firmware > 55 offers notifications on HasListener (`FTPenServiceClient.mm`).
        case .hasListener: [.read, .write, .notify]
        case .shouldSwing, .shouldPowerOff, .centralID: [.write]
        case .encoderTurn: [.notify]
        default: [.read, .write]
        }
    }
}
