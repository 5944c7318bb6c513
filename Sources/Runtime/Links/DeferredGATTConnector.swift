import BLE
import Synchronization

/// A connector that is built when a connection is first attempted, and again at the next attempt
/// for as long as building fails.
///
/// Why: on a Pi the Bluetooth adapter can appear after the appliance starts (hciuart attaches the
/// controller late, rfkill unblocks it) or be missing altogether. Building the L2CAP connector needs
/// the adapter's address, so each attempt without an adapter fails with the adapter's own error,
/// which `BeltActor` logs before trying again with its backoff, and the rest of the appliance runs.
final class DeferredGATTConnector: GATTConnector {
    private let build: @Sendable () throws -> any GATTConnector
    private let built = Mutex<(any GATTConnector)?>(nil)

    init(build: @escaping @Sendable () throws -> any GATTConnector) {
        self.build = build
    }

    func connect() async throws -> any GATTClient {
        let connector = try built.withLock { cached -> any GATTConnector in
            if let cached { return cached }
            let made = try build()
            cached = made
            return made
        }
        return try await connector.connect()
    }
}
