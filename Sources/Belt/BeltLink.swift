/// The transport under the belt actor: one connection to one belt.
///
/// The simulated board implements it above the byte level; `GATTBeltLink` implements it over GATT
/// with the byte-exact codec. The belt actor is written against this and nothing else.
public protocol BeltLink: Sendable {
    /// Connects and returns the belt's events: first the belt's current mode as read in the handshake
    /// (`BeltSession`), then `.connected`, then notifications. The stream finishes after a
    /// `.disconnected` event.
    func connect() async throws -> AsyncStream<BeltEvent>
    func send(_ command: BeltCommand) async throws
    func disconnect() async
}

/// Why a belt link failed (FSLib's failure kinds: FSLib-iOS `FSConnectionError`, `FSBeltConnectionError`).
public enum BeltLinkError: Error, Hashable, CustomStringConvertible {
    case bluetoothUnavailable(String)
    case poweredOff
    case noBeltFound
    case connectionFailed(String)
    case connectionLost
    case notConnected
    case timedOut(Duration)
    /// The belt did not complete the handshake (`BeltSession`).
    case handshakeFailed(String)

    public var description: String {
        switch self {
        case .bluetoothUnavailable(let why): "Bluetooth is not available: \(why)"
        case .poweredOff: "the Bluetooth adapter is powered off"
        case .noBeltFound: "no belt found (is it switched on and not connected to a phone?)"
        case .connectionFailed(let why): "connection failed: \(why)"
        case .connectionLost: "connection lost"
        case .notConnected: "not connected to the belt"
        case .timedOut(let limit): "the belt did not answer within \(limit)"
        case .handshakeFailed(let why): "handshake failed: \(why)"
        }
    }
}
