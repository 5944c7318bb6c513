import Vocabulary

/// A peripheral as discovery knows it: everything its reports said, merged.
///
/// Why merge: one advertisement rarely says everything. The name often travels only in the scan
/// response (the belt's does, says FSLib-iOS's README), a report may lose its scan response, and RSSI
/// changes as the wearer moves. So a device is identified by address and address type, and each
/// new report updates it: the newest RSSI, the name from whichever report had one (a complete name
/// over a shortened one), services added up, the newest manufacturer and service data.
package struct DiscoveredDevice: Sendable, Hashable, Identifiable {
    package struct ID: Sendable, Hashable {
        package var address: BluetoothAddress
        package var addressType: BluetoothAddressType
    }

    package var address: BluetoothAddress
    package var addressType: BluetoothAddressType
    /// The newest RSSI a report carried (dBm).
    package var rssi: Int8?
    package var name: String?
    package var isNameComplete: Bool
    package var flags: AdvertisingFlags?
    package var serviceUUIDs: [BLEUUID]
    package var manufacturerData: [ManufacturerData]
    package var serviceData: [ServiceData]
    package var txPowerLevel: Int8?
    package var isConnectable: Bool
    /// Session times of the first and the newest report.
    package var firstSeen: Duration
    package var lastSeen: Duration
    package var reportCount: Int
    /// The newest report's data as parsed, for fields the merged view does not hold.
    package var latestAdvertisingData: AdvertisingData

    package var id: ID { ID(address: address, addressType: addressType) }

    /// The advertised service UUIDs (`serviceUUIDs`), under the name the rig's checks use.
    package var services: [BLEUUID] { serviceUUIDs }

    package init(_ report: DiscoveryReport) {
        address = report.address
        addressType = report.addressType
        rssi = report.rssi
        let data = report.advertisingData
        name = data.localName
        isNameComplete = data.localName == nil ? false : data.isLocalNameComplete
        flags = data.flags
        serviceUUIDs = data.serviceUUIDs
        manufacturerData = data.manufacturerData
        serviceData = data.serviceData
        txPowerLevel = data.txPowerLevel
        isConnectable = report.isConnectable
        firstSeen = report.time
        lastSeen = report.time
        reportCount = 1
        latestAdvertisingData = data
    }

    /// Takes in a newer report of the same device (same address and type; others are ignored).
    package mutating func merge(_ report: DiscoveryReport) {
        guard report.address == address, report.addressType == addressType else { return }
        let data = report.advertisingData
        if let newRSSI = report.rssi { rssi = newRSSI }
        if let newName = data.localName, data.isLocalNameComplete || !isNameComplete || name == nil {
            name = newName
            isNameComplete = data.isLocalNameComplete
        }
        if let newFlags = data.flags { flags = newFlags }
        for uuid in data.serviceUUIDs where !serviceUUIDs.contains(uuid) { serviceUUIDs.append(uuid) }
        if !data.manufacturerData.isEmpty { manufacturerData = data.manufacturerData }
        if !data.serviceData.isEmpty { serviceData = data.serviceData }
        if let power = data.txPowerLevel { txPowerLevel = power }
        isConnectable = report.isConnectable
        firstSeen = min(firstSeen, report.time)
        lastSeen = max(lastSeen, report.time)
        reportCount += 1
        latestAdvertisingData = data
    }

    package func merging(_ report: DiscoveryReport) -> DiscoveredDevice {
        var copy = self
        copy.merge(report)
        return copy
    }
}
