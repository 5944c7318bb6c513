import BLESockets
import Logging
import Platform

extension BeltPeripheralHost {
    /// A connector to this simulated belt over a fresh socketpair per connection: real ATT PDUs
    /// between our GATT client and the belt's GATT server, with no Bluetooth. What
    /// `wayfinder belt … --simulated` and tests use to try the belt commands without a belt.
    public nonisolated func connector(logger: Logger) -> some GATTConnector {
        SocketpairConnector(host: self, logger: logger)
    }
}

private struct SocketpairConnector: GATTConnector {
    let host: BeltPeripheralHost
    let logger: Logger

    func connect() async throws -> any GATTClient {
        let (central, peripheral) = try PacketSocket.pair()
        let host = self.host
        Task { await host.serve(peripheral) }
        let client = SocketGATTClient(socket: central, clock: .continuous(), logger: logger)
        try await client.exchangeMTU()
        return client
    }
}
