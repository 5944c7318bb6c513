import Logging
import Platform
import ServiceLifecycle

/// Runs one actor as a service and restarts it with exponential backoff when it throws, so one failing
/// actor never takes the others down. The actor object (and so its state) survives the restart.
public struct SupervisedService: Service {
    public let name: String
    private let body: @Sendable () async throws -> Void
    private let clock: SessionClock
    private let logger: Logger
    private let backoff: RestartBackoff
    private let onRestart: (@Sendable (String, Int) -> Void)?

    public init(name: String, clock: SessionClock, logger: Logger, backoff: RestartBackoff = RestartBackoff(),
                onRestart: (@Sendable (String, Int) -> Void)? = nil, run body: @escaping @Sendable () async throws -> Void) {
        self.name = name
        self.body = body
        self.clock = clock
        self.logger = logger
        self.backoff = backoff
        self.onRestart = onRestart
    }

    public func run() async throws {
        var backoff = self.backoff
        var restarts = 0
        while true {
            let started = clock.elapsed
            do {
                try await body()
                return
            } catch {
                if Task.isCancelled || Task.isShuttingDownGracefully { return }
                let delay = backoff.delayAfterFailure(runLength: clock.elapsed - started)
                logger.error("\(name) actor failed: \(error); restarting in \(Self.format(delay)) (failure \(backoff.consecutiveFailures) in a row)")
                do {
                    try await cancelWhenGracefulShutdown { try await clock.sleep(for: delay) }
                } catch {
                    return
                }
                if Task.isCancelled || Task.isShuttingDownGracefully { return }
                restarts += 1
                logger.notice("\(name) actor restarted (restart \(restarts))")
                onRestart?(name, restarts)
            }
        }
    }

    static func format(_ d: Duration) -> String {
        let s = d.inSeconds
        return s < 1 ? "\(Int((s * 1000).rounded())) ms" : "\((s * 10).rounded() / 10) s"
    }
}
