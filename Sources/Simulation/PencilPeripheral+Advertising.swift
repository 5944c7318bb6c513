import BLE
import Pencil

extension PencilPeripheral {
    /// What the pen advertises (FiftyThree SDK `FTPenManager.mm`): the 128-bit Pen service UUID and the
    /// central ID in manufacturer data. Which goes in the scan response is unknown; the name goes there,
    /// as on the belt.
    package var advertising: AdvertisingData {
        var data = AdvertisingData(serviceUUIDLists: [
            ServiceUUIDList(width: .bits128, isComplete: true,
                            uuids: [PenCharacteristic.penService]),
        ])
        data.manufacturerData = [ManufacturerData(bytes: manufacturerData)]
        return data
    }

    package static let scanResponse = AdvertisingData(localName: name)
}
