/// Turns what a simulator wants to advertise into Add Advertising parameters the kernel accepts.
///
/// The kernel refuses user data that contains a field it manages itself (`tlv_data_is_valid` in
/// net/bluetooth/mgmt.c rejects a Flags structure when it adds flags): so when the data carries its
/// own Flags, the kernel is not asked to add them; when it carries none, the Discoverable flag makes
/// the kernel add them, which costs 3 of the 31 bytes (mgmt-api.txt, "Read Advertising Features").
package enum AdvertisingPlan {
    package static func parameters(instance: UInt8 = 1, advertising: AdvertisingData,
                                  scanResponse: AdvertisingData = AdvertisingData(), connectable: Bool = true,
                                  timeout: UInt16 = 0) throws(BLEManagementError) -> AddAdvertisingParameters {
        var flags: AdvertisingInstanceFlags = connectable ? [.connectable] : []
        var limit = AdvertisingData.legacyLimit
        if advertising.flags == nil {
            flags.insert(.discoverable)
            limit -= 3
        }
        do {
            return AddAdvertisingParameters(
                instance: instance, flags: flags, timeout: timeout,
                advertisingData: try advertising.encoded(limit: limit),
                scanResponse: try scanResponse.encoded(limit: AdvertisingData.legacyLimit))
        } catch {
            throw .advertisingData(error)
        }
    }
}
