/// A GATT client procedure (Core Spec 5.3 Vol 3 Part G §4), possibly several ATT requests long.
package enum GATTProcedure: Sendable, Hashable {
    /// Exchange MTU with our receive MTU (§4.3.1).
    case exchangeMTU(UInt16)
    /// All primary services (nil: Read By Group Type) or those with one UUID (Find By Type Value) (§4.4).
    case discoverPrimaryServices(BLEUUID?)
    /// All characteristics in a service's range (Read By Type 0x2803, §4.6.1).
    case discoverCharacteristics(ATTHandleRange)
    /// All descriptors in a range (Find Information, §4.7.1).
    case discoverDescriptors(ATTHandleRange)
    /// Read a value, continuing with Read Blob while the value fills the PDU (§4.8.1, §4.8.3).
    case read(handle: UInt16)
    /// Write with response (§4.9.3).
    case write(handle: UInt16, value: [UInt8])
}

/// What a completed procedure returns.
package enum GATTProcedureResult: Sendable, Hashable {
    case mtu(UInt16)
    case services([GATTService])
    case characteristics([GATTCharacteristic])
    case descriptors([ATTHandleUUID])
    case value([UInt8])
    case written
}
