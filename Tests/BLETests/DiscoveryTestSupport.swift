import Platform
@testable import BLE

/// Builds the reports and devices discovery tests feed, from a few readable facts.
enum Sighting {
    static func report(_ address: String, type: BluetoothAddressType = .lePublic, rssi: Int8? = -60, name: String? = nil,
                       nameComplete: Bool = true, services: [BLEUUID] = [], manufacturer: [ManufacturerData] = [],
                       connectable: Bool = true, at seconds: Double = 0) -> DiscoveryReport {
        var data = AdvertisingData(localName: name, isLocalNameComplete: nameComplete, manufacturerData: manufacturer)
        if !services.isEmpty {
            data.serviceUUIDLists = [ServiceUUIDList(width: services.allSatisfy { $0.uuid16 != nil } ? .bits16 : .bits128,
                                                     isComplete: true, uuids: services)]
        }
        return DiscoveryReport(address: BluetoothAddress(string: address)!, addressType: type, rssi: rssi,
                               advertisingData: data, isConnectable: connectable, time: .seconds(seconds))
    }

    static func device(_ address: String, rssi: Int8? = -60, name: String? = nil, services: [BLEUUID] = [],
                       at seconds: Double = 0) -> DiscoveredDevice {
        DiscoveredDevice(report(address, rssi: rssi, name: name, services: services, at: seconds))
    }
}
