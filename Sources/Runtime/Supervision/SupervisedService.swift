import Logging
import Platform
import ServiceLifecycle

/// Runs one actor as a service and restarts it with exponential backoff when it throws, so one failing
/// actor never takes the others down. The actor object (and so its state) survives the restart.
package struct SupervisedService: Service {
    package let name: String
    private let body: @Sendable () async throws -> Void
    private let clock: SessionClock
    private let logger: Logger
    private let backoff: RestartBackoff
    private let onRestart: (@Sendable (String, Int) -> Void)?
    /// Told the failure's reason before the wait (the trip journal records restarts with it).
    private let onFailure: (@Sendable (String, String) -> Void)?
    private let cleanup: (@Sendable () async -> Void)?
    private let health: HealthMonitor?

    /// - Parameter cleanup: runs when a shutdown arrives while the actor is down between restarts, so
    ///   what its own shutdown would have done (silencing the belt) still happens.
    package init(name: String, clock: SessionClock, logger: Logger, backoff: RestartBackoff = RestartBackoff(),
                health: HealthMonitor? = nil, onRestart: (@Sendable (String, Int) -> Void)? = nil,
                onFailure: (@Sendable (_ name: String, _ reason: String) -> Void)? = nil,
                cleanup: (@Sendable () async -> Void)? = nil, run body: @escaping @Sendable () async throws -> Void) {
        self.name = name
        self.body = body
        self.clock = clock
        self.logger = logger
        self.backoff = backoff
        self.onRestart = onRestart
        self.onFailure = onFailure
        self.cleanup = cleanup
        self.health = health
    }

    package func run() async throws {
        var backoff = self.backoff
        var restarts = 0
        while true {
            let started = clock.elapsed
            do {
                try await body()
                return
            } catch {
                if Task.isCancelled || Task.isShuttingDownGracefully {
                    await cleanup?()
                    return
                }
                let delay = backoff.delayAfterFailure(runLength: clock.elapsed - started)
                logger.error("\(name) actor failed: \(error); restarting in \(DurationFormat.text(delay)) (failure \(backoff.consecutiveFailures) in a row)")
                let (reason, sofar) = ("\(error)", restarts)
                onFailure?(name, reason)
                try? await cancellingAtGracefulShutdown { try await waitOut(delay, reason: reason, restarts: sofar) }
                if Task.isCancelled || Task.isShuttingDownGracefully {
                    logger.notice("\(name) actor stays down: shutting down")
                    await cleanup?()
                    return
                }
                restarts += 1
                logger.notice("\(name) actor restarted (restart \(restarts))")
                onRestart?(name, restarts)
            }
        }
    }

    /// Sleeps through the backoff, vouching for the actor meanwhile: it is down on purpose, not hung,
    /// so the watchdog must not kill the whole appliance for the events waiting in its mailbox.
    private func waitOut(_ delay: Duration, reason: String, restarts: Int) async throws {
        health?.resting(name, true, nextAttemptAt: clock.elapsed + delay, reason: reason, restarts: restarts)
        defer { health?.resting(name, false, restarts: restarts + 1) }
        try await clock.sleep(for: delay)
    }
}

/// The service's name in the group's log metadata and errors (`ServiceConfiguration.described`):
/// without one, ServiceLifecycle would print the service by reflection over every stored property.
extension SupervisedService: CustomStringConvertible {
    package var description: String { name }
}
