import BLE
import Synchronization

/// A connector that is built when a connection is first attempted, and again at the next attempt
/// for as long as building fails.
///
/// Why: on a Pi the Bluetooth adapter can appear after the appliance starts (hciuart attaches the
/// controller late, rfkill unblocks it) or be missing altogether. Building the L2CAP connector needs
/// the adapter's address, so each attempt without an adapter fails with the adapter's own error,
/// which the device's owner logs (once) while its link tries again with backoff, and the rest of the
/// appliance runs. The belt and the touch case use it.
/// Until the adapter is there it is on the status line's "waiting for:" list (`waiting`).
final class DeferredGATTConnector: GATTConnector {
    private let build: @Sendable () throws -> any GATTConnector
    private let built = Mutex<(any GATTConnector)?>(nil)
    private let waiting: DeviceWaits.Entry?

    init(waiting: DeviceWaits.Entry? = nil, build: @escaping @Sendable () throws -> any GATTConnector) {
        self.build = build
        self.waiting = waiting
    }

    func connect() async throws -> any GATTClient {
        let connector = try built.withLock { cached -> any GATTConnector in
            if let cached { return cached }
            do {
                let made = try build()
                cached = made
                waiting?.ready()
                return made
            } catch {
                waiting?.waiting(DeviceWaits.brief(error))
                throw error
            }
        }
        return try await connector.connect()
    }
}
