import BLE

extension BeltWrite {
    /// The GATT operation this write is: a value write (every belt command is written with response,
    /// FSLib-iOS `FSCommandManager.swift`), a CCCD switch, or a read.
    public var gattOperation: GATTOperation {
        switch kind {
        case .value: .write(characteristic.uuid, bytes, withResponse: true)
        case .clientConfiguration: .notifications(characteristic.uuid, enabled: bytes == Self.notificationsOn)
        case .readRequest: .read(characteristic.uuid)
        }
    }
}
