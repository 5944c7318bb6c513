/// The transport under the belt actor: the links to one belt, one after another.
///
/// `GATTBeltLink` implements it over GATT with the byte-exact codec; tests implement it in-process.
/// The belt actor is written against this and nothing else.
package protocol BeltLink: Sendable {
    /// What the link reports, across every connection.
    /// Per connection: the belt's current mode as read in the handshake (`BeltSession`), then
    /// `.connected`, then its notifications, and `.disconnected` when the link ends.
    var events: AsyncStream<BeltLinkEvent> { get }
    /// Starts connecting: for a kept link (the appliance's), again after every failure or loss, with
    /// backoff; a link that connects only when asked (`GATTBeltLink` with `.whenAsked`) ignores it.
    func start() async
    /// Sends a command over the current link; `BeltLinkError.notConnected` without one.
    func send(_ command: BeltCommand) async throws
    /// Closes the link (silencing nothing: the caller does that first) and connects no more until `start()`.
    func disconnect() async
}

/// What a `BeltLink` reports.
package enum BeltLinkEvent: Sendable, Hashable {
    /// The belt said or did this.
    case belt(BeltEvent)
    /// A connection attempt (link, discovery, handshake) failed; the next follows in `retryIn`.
    case attemptFailed(BeltLinkError, retryIn: Duration?)
    /// A connection that completed its handshake ended; the next attempt follows in `retryIn`.
    case closed(retryIn: Duration?)
}

/// Why a belt link failed (FSLib's failure kinds: FSLib-iOS `FSConnectionError`, `FSBeltConnectionError`).
package enum BeltLinkError: Error, Hashable, CustomStringConvertible {
    case bluetoothUnavailable(String)
    case poweredOff
    case noBeltFound
    case connectionFailed(String)
    case connectionLost
    case notConnected
    case timedOut(Duration)
    /// The belt did not complete the handshake (`BeltSession`).
    case handshakeFailed(String)

    package var description: String {
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
