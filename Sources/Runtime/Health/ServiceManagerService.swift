import Logging
import Platform
import ServiceLifecycle

/// Talks to systemd: `READY=1` once every actor has started, `STATUS=` when the summary changes,
/// and `WATCHDOG=1` every half watchdog period — but only while no actor is stuck
/// (`HealthMonitor.check`), so a hung actor lets the watchdog fire and systemd restart us.
package struct ServiceManagerService: Service {
    package static let name = "systemd"
    private let notifier: (any ServiceNotifier)?
    private let watchdog: WatchdogSettings?
    private let health: HealthMonitor
    private let status: StatusBoard
    private let clock: SessionClock
    private let logger: Logger

    /// How often the health of the actors is checked when systemd asked for no watchdog.
    package static let defaultCheckInterval: Duration = .seconds(5)
    /// How late a check may come, as a share of its interval: it then runs with another wake-up of
    /// the event loop (the belt's keep-alive, every 2 s) instead of its own. The interval is half the
    /// watchdog period, so a ping comes within 70 % of it: with the shipped unit's `WatchdogSec=20`
    /// every 10 to 14 s, inside the 20 s systemd waits.
    package static let checkLeeway = 0.4

    package init(notifier: (any ServiceNotifier)?, watchdog: WatchdogSettings?, health: HealthMonitor,
                status: StatusBoard, clock: SessionClock, logger: Logger) {
        self.notifier = notifier
        self.watchdog = watchdog
        self.health = health
        self.status = status
        self.clock = clock
        self.logger = logger
    }

    package func run() async throws {
        do {
            try await cancellingAtGracefulShutdown { try await serve() }
        } catch is CancellationError {
        } catch {
            if !Task.isShuttingDownGracefully { throw error }
        }
        notifier?.notify("STOPPING=1\nSTATUS=shutting down")
    }

    private func serve() async throws {
        while !health.allStarted {
            try await clock.sleep(for: .milliseconds(20))
        }
        var lastStatus = status.line
        notifier?.notify("READY=1\nSTATUS=\(lastStatus)")
        logger.info("all actors started\(notifier == nil ? "" : "; told systemd we are ready")")
        // systemd counts in real time; on an accelerated simulated board, session time runs faster, so
        // the real intervals are scaled into session time.
        let factor = clock.accelerationFactor
        let interval = (watchdog?.pingInterval ?? Self.defaultCheckInterval) * factor
        var reportedStale: [String] = []
        var next = clock.now
        while true {
            next = next.advanced(by: interval)
            try await clock.sleep(until: next, tolerance: interval * Self.checkLeeway)
            let stale = health.check()
            if stale.isEmpty {
                if watchdog != nil { notifier?.notify("WATCHDOG=1") }
                if !reportedStale.isEmpty { logger.notice("all actors responsive again") }
            } else if stale != reportedStale {
                logger.error("\(stale.joined(separator: ", ")) not responding\(watchdog != nil ? "; withholding the watchdog ping so systemd restarts us" : "")")
            }
            reportedStale = stale
            let line = status.line
            if line != lastStatus {
                notifier?.notify("STATUS=\(line)")
                lastStatus = line
            }
        }
    }
}

/// The service's name in the group's log metadata and errors (`ServiceConfiguration.described`):
/// without one, ServiceLifecycle would print the service by reflection over every stored property.
extension ServiceManagerService: CustomStringConvertible {
    package var description: String { Self.name }
}
