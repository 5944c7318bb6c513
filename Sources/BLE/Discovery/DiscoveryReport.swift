import Vocabulary

/// One sighting of a peripheral: an advertisement (with its scan response) and when it arrived.
package struct DiscoveryReport: Sendable, Hashable {
    package var address: BluetoothAddress
    package var addressType: BluetoothAddressType
    /// dBm, nil when the controller gave none.
    package var rssi: Int8?
    package var advertisingData: AdvertisingData
    /// False for a broadcaster that accepts no connections.
    package var isConnectable: Bool
    /// Session time of arrival.
    package var time: Duration

    package init(address: BluetoothAddress, addressType: BluetoothAddressType, rssi: Int8?,
                advertisingData: AdvertisingData, isConnectable: Bool = true, time: Duration) {
        self.address = address
        self.addressType = addressType
        self.rssi = rssi
        self.advertisingData = advertisingData
        self.isConnectable = isConnectable
        self.time = time
    }

    /// A Device Found event received at `time`. A malformed EIR tail keeps what came before it.
    package init(_ event: DeviceFoundEvent, at time: Duration) {
        self.init(address: event.address, addressType: event.addressType, rssi: event.rssi,
                  advertisingData: event.advertisingData.data,
                  isConnectable: !event.flags.contains(.notConnectable), time: time)
    }
}
