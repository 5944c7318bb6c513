import Platform
import ServiceLifecycle
import UnixSignals

/// Turns SIGHUP (systemd's `ExecReload=/bin/kill -HUP $MAINPID`) into configuration reloads, one at a
/// time, until the graceful shutdown.
package struct ReloadSignalService: Service {
    package static let name = "reload-signals"
    private let signals: [UnixSignal]
    private let reloader: ConfigurationReloader
    private let health: HealthMonitor
    private let clock: SessionClock

    package init(signals: [UnixSignal], reloader: ConfigurationReloader, health: HealthMonitor, clock: SessionClock) {
        self.signals = signals
        self.reloader = reloader
        self.health = health
        self.clock = clock
    }

    package func run() async throws {
        // The sequence's handlers are in place once it exists; only then is startup complete (READY=1),
        // so a reload systemd sends after it is never lost.
        let received = await UnixSignalsSequence(trapping: signals)
        health.started(Self.name)
        for await _ in received.cancelOnGracefulShutdown() {
            await reloader.reload()
        }
    }
}

/// The service's name in the group's log metadata and errors (`ServiceConfiguration.described`):
/// without one, ServiceLifecycle would print the service by reflection over every stored property.
extension ReloadSignalService: CustomStringConvertible {
    package var description: String { Self.name }
}
