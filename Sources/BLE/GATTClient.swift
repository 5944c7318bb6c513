/// The small GATT-client surface the device actors need (discover, read, write, subscribe,
/// notifications, disconnection). The BLE issue implements it over an L2CAP ATT socket with the ATT
/// codec; the device simulators implement it in-process, speaking the same characteristic bytes.
///
/// UUIDs are strings in the full 128-bit form, uppercase (`0000FE51-0000-1000-8000-00805F9B34FB`).
/// Operations are issued one at a time by the caller (ATT allows one outstanding request); a
/// transport may still serialise them itself.
public protocol GATTClient: Sendable {
    /// Discovers the given primary services and their characteristics: service UUID → characteristic UUIDs.
    /// Services the peripheral does not have are absent from the result.
    func discover(services: [String]) async throws -> [String: [String]]
    /// Reads a characteristic's value (long values included).
    func read(characteristic: String) async throws -> [UInt8]
    /// Writes a characteristic's value, with response (a write request) or without (a write command).
    func write(characteristic: String, value: [UInt8], withResponse: Bool) async throws
    /// Enables or disables notifications by writing the characteristic's CCCD (0x2902).
    func setNotifications(characteristic: String, enabled: Bool) async throws
    /// Notifications and the end of the link. The stream finishes after `.disconnected`.
    var events: AsyncStream<GATTClientEvent> { get }
    /// Closes the link; `events` then yields `.disconnected(reason: nil)` and finishes.
    func disconnect() async
}

public enum GATTClientEvent: Sendable, Hashable {
    case notification(characteristic: String, value: [UInt8])
    /// The link is gone: nil when we closed it, otherwise why.
    case disconnected(reason: String?)
}

/// Establishes links to one configured peripheral (chosen by address or discovery rules).
public protocol GATTConnector: Sendable {
    func connect() async throws -> any GATTClient
}

/// Errors a GATT transport reports (ATT error responses, timeouts, a lost link).
public enum GATTError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(String)
    case attributeError(code: UInt8, characteristic: String)
    case timedOut(String)
    case disconnected
    case unavailable(String)

    public var description: String {
        switch self {
        case .notFound(let what): "not found: \(what)"
        case .attributeError(let code, let c): "ATT error 0x\(String(code, radix: 16)) on \(c)"
        case .timedOut(let what): "timed out: \(what)"
        case .disconnected: "the link is down"
        case .unavailable(let why): "Bluetooth unavailable: \(why)"
        }
    }
}
