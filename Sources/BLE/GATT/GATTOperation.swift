/// One GATT operation a device session asks its actor to perform on a characteristic, named by its
/// UUID: the belt's writes and reads, the touch case's enable sequence and the pen's reads,
/// writes and subscriptions are all these, and one `GATTClient.perform(_:)` runs them.
package enum GATTOperation: Sendable, Hashable, CustomStringConvertible {
    /// Read the characteristic's value (long values included).
    case read(BLEUUID)
    /// Write the value: with response (an ATT write request) or without (a write command).
    case write(BLEUUID, [UInt8], withResponse: Bool)
    /// Switch notifications by writing the characteristic's CCCD (`01 00` on, `00 00` off).
    case notifications(BLEUUID, enabled: Bool)

    /// `read FE09`, `write FFF1 01 02` (`write-command …` without response), `notify FFF2 on`.
    package var description: String {
        switch self {
        case .read(let uuid):
            "read \(uuid)"
        case .write(let uuid, let bytes, let withResponse):
            "\(withResponse ? "write" : "write-command") \(uuid) \(bytes.hexDigits())"
        case .notifications(let uuid, let enabled):
            "notify \(uuid) \(enabled ? "on" : "off")"
        }
    }
}

extension GATTClient {
    /// Performs `operation`; a read returns the value read, the others return no bytes.
    @discardableResult
    package func perform(_ operation: GATTOperation) async throws -> [UInt8] {
        switch operation {
        case .read(let uuid):
            return try await read(characteristic: uuid)
        case .write(let uuid, let bytes, let withResponse):
            try await write(characteristic: uuid, value: bytes, withResponse: withResponse)
            return []
        case .notifications(let uuid, let enabled):
            try await setNotifications(characteristic: uuid, enabled: enabled)
            return []
        }
    }
}
