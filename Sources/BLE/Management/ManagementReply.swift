/// Decoders for the short return parameters of Command Complete (mgmt-api.txt, per command).
package enum ManagementReply {
    /// Read Controller Index List: Num_Controllers (2), then that many Controller_Index (2).
    package static func indexList(_ parameters: [UInt8]) throws(ManagementDecodingError) -> [UInt16] {
        var reader = ManagementByteReader(parameters, what: "Read Controller Index List reply")
        let count = Int(try reader.u16())
        try reader.require(2 * count, total: 2 + 2 * count)
        var indexes: [UInt16] = []
        for _ in 0..<count { indexes.append(try reader.u16()) }
        return indexes
    }

    /// Set Powered, Set Connectable, Set Low Energy: Current_Settings (4).
    package static func settings(_ parameters: [UInt8]) throws(ManagementDecodingError) -> ControllerSettings {
        var reader = ManagementByteReader(parameters, what: "Current_Settings reply")
        return ControllerSettings(rawValue: try reader.u32())
    }

    /// Start Discovery, Stop Discovery: Address_Type (1).
    package static func addressTypes(_ parameters: [UInt8]) throws(ManagementDecodingError) -> DiscoveryAddressTypes {
        var reader = ManagementByteReader(parameters, what: "discovery reply")
        return DiscoveryAddressTypes(rawValue: try reader.u8())
    }

    /// Pair Device, Cancel Pair Device, Unpair Device, User Confirmation (Negative) Reply:
    /// Address (6), Address_Type (1). For Pair Device it is the peer's identity address when the
    /// peer handed out an IRK (mgmt-api.txt, "Pair Device Command").
    package static func address(_ parameters: [UInt8]) throws(ManagementDecodingError) -> ManagementAddress {
        var reader = ManagementByteReader(parameters, what: "address reply")
        try reader.require(ManagementAddress.length)
        return try ManagementAddress(reading: &reader)
    }

    /// Add Advertising, Remove Advertising: Instance (1).
    package static func instance(_ parameters: [UInt8]) throws(ManagementDecodingError) -> UInt8 {
        var reader = ManagementByteReader(parameters, what: "advertising reply")
        return try reader.u8()
    }
}
