import ServiceLifecycle

/// Runs a hardware board's input feeds (GPIO buttons, GPS, I2C compass) inside the service group, so
/// they start with the appliance and stop with it (on graceful shutdown they are cancelled).
struct HardwareInputsService: Service {
    let feeds: [InputFeed]

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                for feed in feeds { group.addTask { await feed.run() } }
            }
        }
    }
}
