import BLESockets

/// Advertising on the rig's peripheral controller through our own mgmt advertiser, so a central
/// can find and connect to the peripheral a check runs there.
struct Advertising: Sendable {
    let advertiser: BLEAdvertiser

    /// Connectable advertising of `services` (16-bit ones) with `name` in the scan response.
    static func start(on adapter: String, name: String, services: [BLEUUID]) async throws -> Advertising {
        try await start(on: adapter,
                        advertising: AdvertisingData(serviceUUIDLists: [ServiceUUIDList(width: .bits16, isComplete: true, uuids: services)]),
                        scanResponse: AdvertisingData(localName: name))
    }

    static func start(on adapter: String, advertising: AdvertisingData, scanResponse: AdvertisingData) async throws -> Advertising {
        Advertising(advertiser: try await BLEAdvertiser.start(adapter: adapter, advertising: advertising,
                                                              scanResponse: scanResponse, connectable: true, power: true))
    }

    func stop() async {
        try? await advertiser.stop()
    }

    /// Advertises while `body` runs, and stops after it whether it succeeded or not.
    static func during<T: Sendable>(on adapter: String, advertising: AdvertisingData, scanResponse: AdvertisingData,
                                    _ body: () async throws -> T) async throws -> T {
        let running = try await start(on: adapter, advertising: advertising, scanResponse: scanResponse)
        do {
            let result = try await body()
            await running.stop()
            return result
        } catch {
            await running.stop()
            throw error
        }
    }
}
