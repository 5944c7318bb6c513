import ServiceLifecycle

/// Runs a hardware board's input feeds (GPIO buttons, GPS, I2C compass) inside the service group, so
/// they start with the appliance and stop with it (on graceful shutdown they are cancelled).
///
/// The feeds open devices and make I2C transfers, which block: they run on the global executor, never
/// on the appliance's event loop, whose preference the service group would otherwise hand down.
struct HardwareInputsService: Service {
    let feeds: [InputFeed]

    func run() async throws {
        _ = try? await cancellingAtGracefulShutdown {
            await withDiscardingTaskGroup { group in
                for feed in feeds { group.addTask(executorPreference: globalConcurrentExecutor) { await feed.run() } }
            }
        }
    }
}

/// The service's name in the group's log metadata and errors (`ServiceConfiguration.described`):
/// without one, ServiceLifecycle would print the service by reflection over every stored property.
extension HardwareInputsService: CustomStringConvertible {
    var description: String { "hardware inputs" }
}
