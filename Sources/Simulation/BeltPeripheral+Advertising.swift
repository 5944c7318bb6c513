import BLE

extension BeltPeripheral {
    /// What a newer-generation belt advertises: the 16-bit control
    /// service FE51 in the advertisement; the `naviGuertel…` name in the scan response, where the
    /// iOS docs say the real belt carries it. Flags are left to the kernel (mgmt adds them).
    package static let advertising = AdvertisingData(
        serviceUUIDLists: [ServiceUUIDList(width: .bits16, isComplete: true, uuids: [BLEUUID(0xFE51)])])
    package static let scanResponse = AdvertisingData(localName: name)
}
