import BLE

/// Connects to the simulated board's belt as if over Bluetooth: the belt actor gets a real
/// `SocketGATTClient` whose ATT PDUs reach the belt's GATT server through a socketpair, while the
/// world's time and script apply (a scripted drop closes the link; out of reach, connecting fails).
package struct SimulatedBeltGATTConnector: GATTConnector {
    let board: SimulatedBoard

    package init(board: SimulatedBoard) {
        self.board = board
    }

    /// Fails (`GATTError.notFound`) while a scripted belt-link drop keeps the belt out of reach.
    package func connect() async throws -> any GATTClient {
        let client = try await board.gattConnect()
        try await client.exchangeMTU()
        return client
    }
}
