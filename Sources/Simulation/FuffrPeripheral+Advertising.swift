import BLE
import TouchCase

extension FuffrPeripheral {
    /// What the simulated case advertises: the name "Fuffr" and the 16-bit service FFF0 (the real
    /// payload is unknown; FuffrLib matches the name only). Flags are left to the kernel.
    package static let advertising = AdvertisingData(
        serviceUUIDLists: [ServiceUUIDList(width: .bits16, isComplete: true, uuids: [FuffrGATT.sensorService])],
        localName: name)
}
