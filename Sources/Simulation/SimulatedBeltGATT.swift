import BLE
import BLESockets
import Platform

/// Connects to the simulated board's belt as if over Bluetooth: the belt actor gets a real
/// `SocketGATTClient` whose ATT PDUs reach the belt's GATT server through a socketpair, while the
/// world's time and script apply (a scripted drop closes the link; out of reach, connecting fails).
package struct SimulatedBeltGATTConnector: GATTConnector, AdvertisementListener {
    let board: SimulatedBoard

    package init(board: SimulatedBoard) {
        self.board = board
    }

    /// Listens as a scan would: the belt is heard within the window when it advertises (checked every
    /// 250 ms of session time, a few of a belt's advertising intervals).
    package func heard(within window: Duration) async -> Bool {
        let clock = board.sessionClock
        let end = clock.elapsed + window
        while true {
            if await board.beltAdvertises() { return true }
            let now = clock.elapsed
            guard now < end else { return false }
            do { try await clock.sleep(for: min(.milliseconds(250), end - now)) } catch { return false }
        }
    }

    /// Fails (`GATTError.notFound`) while a scripted belt-link drop keeps the belt out of reach.
    package func connect() async throws -> any GATTClient {
        let client = try await board.gattConnect()
        try await client.exchangeMTU()
        return client
    }
}
