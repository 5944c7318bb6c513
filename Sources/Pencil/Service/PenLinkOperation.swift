import BLE

/// A GATT operation the per-link core asks its actor to perform, one at a time, in order.
package enum PenLinkOperation: Sendable, Hashable {
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

extension PenLinkOperation {
    /// The GATT operation behind a subscribe, read or write (every SDK write on the pen service is
    /// with response); nil for the discovery and the timer, which are not characteristic operations.
    package var gattOperation: GATTOperation? {
        switch self {
        case .subscribe(let c): .notifications(c.uuid, enabled: true)
        case .read(let c): .read(c.uuid)
        case .write(let c, let bytes): .write(c.uuid, bytes, withResponse: true)
        case .discoverDeviceInformation, .wake: nil
        }
    }
}
