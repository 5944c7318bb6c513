import Platform
import ServiceLifecycle

/// Runs a board's own work for the whole run (the simulated world) and delivers the failures it
/// injects into the named actors' run loops.
struct BoardService: Service {
    let work: @Sendable () async throws -> Void
    let failures: AsyncStream<String>
    let route: [String: @Sendable () -> Void]
    /// Where the failures are routed from: the appliance's actors' loop.
    var executor: any ActorExecutor = EventLoop.preferred

    func run() async throws {
        do {
            try await cancellingAtGracefulShutdown {
                try await withThrowingDiscardingTaskGroup { group in
                    let route = self.route
                    let failures = self.failures
                    group.addTask(executorPreference: executor) {
                        for await name in failures { route[name]?() }
                    }
                    try await work()
                }
            }
        } catch is CancellationError {
            // Shutdown: the board's work stops with the appliance.
        }
    }
}

/// The service's name in the group's log metadata and errors (`ServiceConfiguration.described`):
/// without one, ServiceLifecycle would print the service by reflection over every stored property.
extension BoardService: CustomStringConvertible {
    var description: String { "board" }
}
