import ServiceLifecycle
import Simulation

/// Runs the simulated board's world and delivers its scripted actor failures to the named actors.
struct SimulationService: Service {
    let board: SimulatedBoard
    let failures: AsyncStream<String>
    let route: [String: @Sendable () -> Void]

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                try await withThrowingDiscardingTaskGroup { group in
                    let route = self.route
                    let failures = self.failures
                    group.addTask {
                        for await name in failures { route[name]?() }
                    }
                    try await board.run()
                }
            }
        } catch is CancellationError {
            // Shutdown: the world stops with the appliance.
        }
    }
}
