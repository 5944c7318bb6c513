import BLESockets
import Logging
import Platform

extension FuffrPeripheralHost {
    /// A connector to this simulated case over a fresh socketpair per connection: real ATT PDUs
    /// between our GATT client and the case's GATT server, no Bluetooth. Fails with
    /// `GATTError.notFound` while `reachable` says the case is away.
    public nonisolated func connector(clock: SessionClock, logger: Logger,
                                      reachable: @escaping @Sendable () -> Bool = { true }) -> some GATTConnector {
        FuffrSocketpairConnector(host: self, clock: clock, logger: logger, reachable: reachable)
    }
}

private struct FuffrSocketpairConnector: GATTConnector {
    let host: FuffrPeripheralHost
    let clock: SessionClock
    let logger: Logger
    let reachable: @Sendable () -> Bool

    func connect() async throws -> any GATTClient {
        guard reachable() else { throw GATTError.notFound("the simulated touch case is out of reach") }
        let (central, peripheral) = try PacketSocket.pair()
        let host = self.host
        Task { await host.serve(peripheral) }
        let client = SocketGATTClient(socket: central, clock: clock, logger: logger)
        try await client.exchangeMTU()
        return client
    }
}
