/// The 32-bit "central ID" a host writes into the pen so the pen can advertise whom it belongs to
/// (FiftyThree SDK, `FTPenManager.mm` `centralIdFromPeripheralId:`, `FTPenServiceClient.mm`).
package enum PenCentralID {
    /// 0 in an advertisement: the pen is free (not reconciling with anyone).
    package static let notReconciling: UInt32 = 0
    /// What the SDK writes to (and old v55 pens advertise for) any host: "reconciling", no host in particular.
    package static let legacy: UInt32 = 0x0000_0001
    /// Firmware above this version gets the host's own ID; at or below it, `legacy`.
    package static let legacyFirmwareMaximum = 55

    /// The SDK's derivation from an identifier's first four bytes, little-endian; all-zero becomes 2
    /// because 0 would read as "not reconciling". A Linux host passes any stable bytes of its own.
    package static func derived(from identifier: [UInt8]) -> UInt32 {
        var value: UInt32 = 0
        for (i, byte) in identifier.prefix(4).enumerated() { value |= UInt32(byte) << (8 * i) }
        return value == 0 ? 2 : value
    }

    /// The ID the SDK writes for a pen running `firmware` (nil = no starred image known, the SDK's −1).
    package static func value(toWrite own: UInt32, runningFirmware firmware: Int?) -> UInt32 {
        guard let firmware, firmware > legacyFirmwareMaximum else { return legacy }
        return own
    }

    /// The CentralId characteristic's 4 bytes: the value little-endian (the iOS host's byte order).
    package static func wireBytes(_ id: UInt32) -> [UInt8] {
        [UInt8(id & 0xFF), UInt8(id >> 8 & 0xFF), UInt8(id >> 16 & 0xFF), UInt8(id >> 24)]
    }

    /// The manufacturer data a pen advertises while reconciling with `id`: big-endian, i.e. the written
    /// bytes reversed, because the SDK parses the advertisement big-endian (inferred from
    /// `FTPenManager.mm` and `FTPenServiceClient.mm`).
    package static func advertisedBytes(_ id: UInt32) -> [UInt8] {
        wireBytes(id).reversed()
    }

    /// The central ID in manufacturer data as CoreBluetooth shows it (all bytes after the AD type):
    /// 4 bytes big-endian, 1 byte for v55 firmware, none = 0. nil for any other length, which the SDK
    /// does not expect.
    package static func parseAdvertised(_ manufacturerData: [UInt8]) -> UInt32? {
        switch manufacturerData.count {
        case 0: notReconciling
        case 1: UInt32(manufacturerData[0])
        case 4: manufacturerData.reduce(0) { $0 << 8 | UInt32($1) }
        default: nil
        }
    }
}
