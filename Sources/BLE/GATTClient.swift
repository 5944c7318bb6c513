/// The small GATT-client surface the device actors need (discover, read, write, subscribe,
/// notifications, disconnection). `SocketGATTClient` implements it over an ATT bearer (an L2CAP
/// socket to a peripheral, or a socketpair to a simulator); test doubles implement it in-process.
///
/// Services and characteristics are named by `BLEUUID`, so `FE51` and its 128-bit form are one key.
/// Operations are issued one at a time by the caller (ATT allows one outstanding request); a
/// transport may still serialise them itself.
package protocol GATTClient: Sendable {
    /// Discovers the given primary services and their characteristics: service UUID → characteristic UUIDs.
    /// Services the peripheral does not have are absent from the result.
    func discover(services: [BLEUUID]) async throws -> [BLEUUID: [BLEUUID]]
    /// Reads a characteristic's value (long values included).
    func read(characteristic: BLEUUID) async throws -> [UInt8]
    /// Writes a characteristic's value, with response (a write request) or without (a write command).
    func write(characteristic: BLEUUID, value: [UInt8], withResponse: Bool) async throws
    /// Enables or disables notifications by writing the characteristic's CCCD (0x2902).
    func setNotifications(characteristic: BLEUUID, enabled: Bool) async throws
    /// Notifications and the end of the link. The stream finishes after `.disconnected`.
    var events: AsyncStream<GATTClientEvent> { get }
    /// Closes the link; `events` then yields `.disconnected(reason: nil)` and finishes.
    func disconnect() async
}

package enum GATTClientEvent: Sendable, Hashable {
    case notification(characteristic: BLEUUID, value: [UInt8])
    /// The link is gone: nil when we closed it, otherwise why.
    case disconnected(reason: String?)
}

/// Establishes links to one configured peripheral (chosen by address or discovery rules).
package protocol GATTConnector: Sendable {
    func connect() async throws -> any GATTClient
}

/// Errors a GATT transport reports (ATT error responses, timeouts, a lost link).
package enum GATTError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(String)
    case attributeError(code: UInt8, characteristic: BLEUUID)
    case timedOut(String)
    case disconnected
    case unavailable(String)
    /// Any other failure of the transport or the connector, in its own words.
    case transport(String)

    package var description: String {
        switch self {
        case .notFound(let what): "not found: \(what)"
        case .attributeError(let code, let c): "ATT error 0x\(String(code, radix: 16)) on \(c.uuidString)"
        case .timedOut(let what): "timed out: \(what)"
        case .disconnected: "the link is down"
        case .unavailable(let why): "Bluetooth unavailable: \(why)"
        case .transport(let what): what
        }
    }
}
