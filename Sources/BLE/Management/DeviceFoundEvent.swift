import Vocabulary

/// A Device Found event: one advertisement (with its scan response, when scanning actively).
///
/// Layout from mgmt-api.txt, "Device Found Event": Address (6, little-endian), Address_Type (1),
/// RSSI (1, signed), Flags (4), EIR_Data_Length (2), EIR_Data. Since mgmt 1.6 the kernel puts the
/// advertising data and the scan response into one event's EIR ("Version 1.6" in the same file).
package struct DeviceFoundEvent: Sendable, Hashable {
    /// RSSI 127 means "not available" (mgmt-api.txt).
    package static let rssiUnavailable: Int8 = 127
    /// The fixed part before the EIR bytes.
    static let fixedLength = 14

    package var address: BluetoothAddress
    package var addressType: BluetoothAddressType
    /// dBm, or nil when the controller gave none.
    package var rssi: Int8?
    package var flags: DeviceFoundFlags
    package var eir: [UInt8]

    package init(address: BluetoothAddress, addressType: BluetoothAddressType, rssi: Int8?,
                flags: DeviceFoundFlags = [], eir: [UInt8]) {
        self.address = address
        self.addressType = addressType
        self.rssi = rssi
        self.flags = flags
        self.eir = eir
    }

    /// The EIR parsed; problems in it are the peripheral's, reported beside the data.
    package var advertisingData: AdvertisingParseResult { AdvertisingData.parse(eir) }

    init(parameters: [UInt8]) throws(ManagementDecodingError) {
        var reader = ManagementByteReader(parameters, what: "Device Found event")
        try reader.require(Self.fixedLength)
        address = BluetoothAddress(littleEndianBytes: try reader.bytes(6))
        let type = try reader.u8()
        guard let addressType = BluetoothAddressType(rawValue: type) else { throw .unknownAddressType(type) }
        self.addressType = addressType
        let raw = Int8(bitPattern: try reader.u8())
        rssi = raw == Self.rssiUnavailable ? nil : raw
        flags = DeviceFoundFlags(rawValue: try reader.u32())
        let length = Int(try reader.u16())
        try reader.require(length, total: Self.fixedLength + length)
        eir = try reader.bytes(length)
    }

    /// The event parameters (what a simulated kernel sends in tests).
    package var parameters: [UInt8] {
        var bytes = address.littleEndianBytes
        bytes.append(addressType.rawValue)
        bytes.append(UInt8(bitPattern: rssi ?? Self.rssiUnavailable))
        bytes.appendLittleEndian(flags.rawValue)
        bytes.appendLittleEndian(UInt16(truncatingIfNeeded: eir.count))
        return bytes + eir
    }
}
