/// The parameters of mgmt Add Advertising: one advertising instance the kernel runs for us.
///
/// Layout from mgmt-api.txt, "Add Advertising Command": Instance (1), Flags (4), Duration (2),
/// Timeout (2), Adv_Data_Len (1), Scan_Rsp_Len (1), Adv_Data, Scan_Rsp; all little-endian.
package struct AddAdvertisingParameters: Sendable, Hashable {
    /// 1–254; re-adding an instance replaces it.
    package var instance: UInt8
    package var flags: AdvertisingInstanceFlags
    /// Seconds this instance gets in the kernel's round robin when several exist (0: 2 s default).
    package var duration: UInt16
    /// Seconds until the kernel removes the instance (0: never).
    package var timeout: UInt16
    /// AD structures for the advertising packet, without any the kernel adds itself by `flags`.
    package var advertisingData: [UInt8]
    package var scanResponse: [UInt8]

    package init(instance: UInt8 = 1, flags: AdvertisingInstanceFlags = [.connectable, .discoverable],
                duration: UInt16 = 0, timeout: UInt16 = 0, advertisingData: [UInt8], scanResponse: [UInt8] = []) {
        self.instance = instance
        self.flags = flags
        self.duration = duration
        self.timeout = timeout
        self.advertisingData = advertisingData
        self.scanResponse = scanResponse
    }

    func encoded() throws(ManagementEncodingError) -> [UInt8] {
        guard (1...254).contains(instance) else { throw .invalidAdvertisingInstance(instance) }
        guard advertisingData.count <= 255 else {
            throw .advertisingDataTooLong(field: "advertising data", bytes: advertisingData.count)
        }
        guard scanResponse.count <= 255 else {
            throw .advertisingDataTooLong(field: "scan response", bytes: scanResponse.count)
        }
        var bytes: [UInt8] = [instance]
        bytes.appendLittleEndian(flags.rawValue)
        bytes.appendLittleEndian(duration)
        bytes.appendLittleEndian(timeout)
        bytes.append(UInt8(advertisingData.count))
        bytes.append(UInt8(scanResponse.count))
        return bytes + advertisingData + scanResponse
    }
}
