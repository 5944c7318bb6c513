import Config
import Logging
import Platform
import ServiceLifecycle
import TripReport

/// What every device's registration function is made with: the configuration, the board's inputs,
/// the clocks, and the health monitor, status board, trip journal and supervisor they all share.
struct ApplianceWiring {
    let config: WayfinderConfiguration
    let inputs: ApplianceInputs
    let clock: SessionClock
    /// The links' bounds on the transport (`GATTDeviceTime`).
    let linkClock: SessionClock
    let health: HealthMonitor
    let status: StatusBoard
    let trip: TripRecorder?
    let manifest: WalkManifestWriter?
    let makeLogger: @Sendable (String) -> Logger
    let supervisorLogger: Logger
    let restartBackoff: RestartBackoff
    /// Where the actors report the states the wearer feels; the belt actor plays them (`StateSignals`).
    let states: AsyncStream<StateChange>.Continuation

    /// `body` as a service under a supervisor that restarts it with backoff when it throws, puts the
    /// restart in the trip journal, and runs `cleanup` at shutdown when the actor is down.
    func supervised(_ name: String, cleanup: (@Sendable () async -> Void)? = nil,
                    _ body: @escaping @Sendable () async throws -> Void) -> ServiceGroupConfiguration.ServiceConfiguration {
        let trip = self.trip
        return .described(SupervisedService(name: name, clock: clock, logger: supervisorLogger,
                                            backoff: restartBackoff, health: health,
                                            onFailure: { name, reason in trip?.record(.restart) { $0.device = name; $0.reason = reason } },
                                            cleanup: cleanup, run: body),
                          onSuccess: .ignore, onFailure: .gracefullyShutdownGroup)
    }
}
