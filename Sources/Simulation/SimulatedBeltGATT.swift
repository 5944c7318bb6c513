import BLE

/// Connects to the simulated board's belt as if over Bluetooth: the belt actor talks to it through the
/// same `GATTClient` surface and bytes as to a real belt, while the world's time and script apply.
public struct SimulatedBeltGATTConnector: GATTConnector {
    let board: SimulatedBoard

    public init(board: SimulatedBoard) {
        self.board = board
    }

    /// Fails (`GATTError.notFound`) while a scripted belt-link drop keeps the belt out of reach.
    public func connect() async throws -> any GATTClient {
        let (connection, events) = try await board.gattConnect()
        return SimulatedBeltGATTClient(board: board, connection: connection, events: events)
    }
}

/// One connection to the simulated belt's GATT server. Once the link is gone (dropped, or closed by
/// either side) every operation throws `GATTError.disconnected`, as a dead socket would.
public struct SimulatedBeltGATTClient: GATTClient {
    let board: SimulatedBoard
    let connection: Int
    public let events: AsyncStream<GATTClientEvent>

    public func discover(services: [String]) async throws -> [String: [String]] {
        try await board.gattDiscover(services: services, connection: connection)
    }

    public func read(characteristic: String) async throws -> [UInt8] {
        try await board.gattRead(characteristic, connection: connection)
    }

    /// With or without response alike: the in-process server answers at once either way.
    public func write(characteristic: String, value: [UInt8], withResponse: Bool) async throws {
        try await board.gattWrite(characteristic, value, connection: connection)
    }

    public func setNotifications(characteristic: String, enabled: Bool) async throws {
        try await board.gattSetNotifications(characteristic, enabled: enabled, connection: connection)
    }

    public func disconnect() async {
        await board.gattDisconnect(connection: connection)
    }
}
