import BLE

extension BeltWrite {
    /// The GATT operation this write is: a value write (every belt command is written with response,
    /// FSLib-iOS `FSCommandManager.swift`), a CCCD switch, or a read.
    package var gattOperation: GATTOperation {
        switch kind {
        case .value: .write(characteristic.uuid, bytes, withResponse: true)
        case .clientConfiguration: .notifications(characteristic.uuid, enabled: bytes == Self.notificationsOn)
        case .readRequest: .read(characteristic.uuid)
        }
    }
}

extension BeltWrite {
    /// The belt write a GATT operation on a belt characteristic is; nil for any other characteristic.
    package init?(_ operation: GATTOperation) {
        switch operation {
        case .write(let uuid, let bytes, _):
            guard let c = BeltCharacteristic(uuid: uuid) else { return nil }
            self.init(characteristic: c, bytes: bytes)
        case .notifications(let uuid, let enabled):
            guard let c = BeltCharacteristic(uuid: uuid) else { return nil }
            self = .notifications(c, enabled: enabled)
        case .read(let uuid):
            guard let c = BeltCharacteristic(uuid: uuid) else { return nil }
            self = .read(c)
        }
    }

    /// The answer to the belt's keep-alive (a value written to FE02), which goes ahead of queued writes.
    package var isKeepAliveAnswer: Bool { characteristic == .fe02 && kind == .value }
}
