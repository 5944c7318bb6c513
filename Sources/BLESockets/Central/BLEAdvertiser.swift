import Logging

/// Advertises on a real controller through mgmt Add/Remove Advertising, for the rig's peripheral
/// simulators (a belt, a touch case, a pencil advertising on the second virtual controller).
///
/// The kernel keeps an instance after the socket closes, so `stop()` removes it explicitly.
package actor BLEAdvertiser {
    package nonisolated let adapter: AdapterChoice
    package nonisolated let instance: UInt8
    private let client: ManagementClient
    private var active = true

    private init(adapter: AdapterChoice, instance: UInt8, client: ManagementClient) {
        self.adapter = adapter
        self.instance = instance
        self.client = client
    }

    /// Starts advertising `advertising` (+ `scanResponse`) as instance `instance` on `adapter`.
    /// `power` allows switching the adapter and LE on first.
    package static func start(adapter: String? = nil, instance: UInt8 = 1, advertising: AdvertisingData,
                             scanResponse: AdvertisingData = AdvertisingData(), connectable: Bool = true,
                             timeout: UInt16 = 0, power: Bool = false, logger: Logger = Logger(label: "ble"),
                             client existing: ManagementClient? = nil) async throws(BLEManagementError) -> BLEAdvertiser {
        let parameters = try AdvertisingPlan.parameters(instance: instance, advertising: advertising,
                                                         scanResponse: scanResponse, connectable: connectable,
                                                         timeout: timeout)
        let client: ManagementClient
        if let existing { client = existing } else { client = try ManagementClient.open(logger: logger) }
        do throws(BLEManagementError) {
            let choice = try await AdapterPreparation.prepare(client, requested: adapter, power: power)
            let operation = "Add Advertising on \(choice.name)"
            let reply = try await client.run(.addAdvertising(parameters), index: choice.index, operation: operation)
            let added: UInt8
            do { added = try ManagementReply.instance(reply) } catch { throw BLEManagementError.malformedReply(operation: operation, error) }
            return BLEAdvertiser(adapter: choice, instance: added, client: client)
        } catch {
            await client.close()
            throw error
        }
    }

    /// Removes the instance and closes the socket; harmless to call twice.
    package func stop() async throws(BLEManagementError) {
        guard active else { return }
        active = false
        do {
            _ = try await client.run(.removeAdvertising(instance: instance), index: adapter.index,
                                     operation: "Remove Advertising on \(adapter.name)")
        } catch {
            await client.close()
            throw error
        }
        await client.close()
    }
}
