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

/// ServiceLifecycle interpolates each service into its configuration's description. A type without
/// a description is printed by reflection over every stored property: 36 M instructions for the
/// appliance's services at start-up (callgrind), a quarter of the start-up.
extension BoardService: CustomStringConvertible {
    var description: String { "board" }
}
