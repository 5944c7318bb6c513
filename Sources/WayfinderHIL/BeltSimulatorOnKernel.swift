import BLE
import BLESockets
import Logging
import Platform
import Simulation

/// The belt simulator as a real peripheral on the rig's second controller: our GATT server for the
/// belt (`BeltPeripheralHost`) serving every L2CAP ATT connection on its own (so a new one is
/// accepted while an old one lingers), advertising the belt's name and service, while `body` runs.
enum BeltSimulatorOnKernel {
    static func serving<T: Sendable>(_ env: HILEnvironment, logger: Logger,
                                     _ body: (BeltPeripheralHost) async throws -> T) async throws -> T {
        try await Kernel.waitForNoLinks(env)
        let listener = try L2CAPSocket.listen(local: env.peripheralAddress)
        let host = BeltPeripheralHost(clock: .continuous(), logger: logger)
        return try await Advertising.during(on: env.peripheralAdapter, advertising: BeltPeripheral.advertising,
                                            scanResponse: BeltPeripheral.scanResponse) {
            let accepting = Task {
                await withDiscardingTaskGroup { group in
                    while !Task.isCancelled {
                        guard let (socket, _) = try? await listener.accept() else { return }
                        group.addTask { await host.serve(socket) }
                    }
                }
            }
            defer { accepting.cancel() }
            return try await body(host)
        }
    }
}
