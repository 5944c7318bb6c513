/// A GATT operation the per-link core asks its actor to perform, one at a time, in order.
public enum PenLinkOperation: Sendable, Hashable {
    /// Enable notifications; answer with `PenLink.notificationsEnabled` once the CCCD write is confirmed.
    case subscribe(PenCharacteristic)
    /// Read; answer with `PenLink.received`.
    case read(PenCharacteristic)
    /// Write with response (every SDK write on the pen service is one, `FTPenServiceClient.mm`).
    case write(PenCharacteristic, [UInt8])
    /// Discover the Device Information service; answer with `PenLink.deviceInformationDiscovered`.
    case discoverDeviceInformation
    /// Arm a timer; call `PenLink.timerFired` at that session time.
    case wake(at: Duration)
}
