import Vocabulary

/// A peripheral as discovery knows it: everything its reports said, merged.
///
/// Why merge: one advertisement rarely says everything. The name often travels only in the scan
/// response (the belt's does, says FSLib-iOS's README), a report may lose its scan response, and RSSI
/// changes as the wearer moves. So a device is identified by address and address type, and each
/// new report updates it: the newest RSSI, the name from whichever report had one (a complete name
/// over a shortened one), services added up, the newest manufacturer and service data.
public struct DiscoveredDevice: Sendable, Hashable, Identifiable {
    public struct ID: Sendable, Hashable {
        public var address: BluetoothAddress
        public var addressType: BluetoothAddressType
    }

    public var address: BluetoothAddress
    public var addressType: BluetoothAddressType
    /// The newest RSSI a report carried (dBm).
    public var rssi: Int8?
    public var name: String?
    public var isNameComplete: Bool
    public var flags: AdvertisingFlags?
    public var serviceUUIDs: [BLEUUID]
    public var manufacturerData: [ManufacturerData]
    public var serviceData: [ServiceData]
    public var txPowerLevel: Int8?
    public var isConnectable: Bool
    /// Session times of the first and the newest report.
    public var firstSeen: Duration
    public var lastSeen: Duration
    public var reportCount: Int
    /// The newest report's data as parsed, for fields the merged view does not hold.
    public var latestAdvertisingData: AdvertisingData

    public var id: ID { ID(address: address, addressType: addressType) }

    /// The advertised service UUIDs (`serviceUUIDs`), under the name the rig's checks use.
    public var services: [BLEUUID] { serviceUUIDs }

    public init(_ report: DiscoveryReport) {
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
    public mutating func merge(_ report: DiscoveryReport) {
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

    public func merging(_ report: DiscoveryReport) -> DiscoveredDevice {
        var copy = self
        copy.merge(report)
        return copy
    }
}
