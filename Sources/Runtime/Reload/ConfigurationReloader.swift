import Config
import Logging
import Navigation
import Platform

/// Carries out configuration reloads (`systemctl reload wayfinder`, SIGHUP): reads the file the
/// appliance was started with through the same loader and board catalog, refuses it if it does not
/// load, and otherwise applies its live keys by messages to the actors, which take them between two
/// events, so nothing they are doing (a belt write) is interrupted. `ReloadPlan` decides; this carries
/// it out and tells the log and systemd.
package actor ConfigurationReloader {
    /// The actors' mailboxes a reload writes to.
    package struct Targets: Sendable {
        package var belt: Mailbox<BeltActor.Event>
        package var navigation: Mailbox<NavigationActor.Event>
        package var gestures: Mailbox<GestureActor.Event>

        package init(belt: Mailbox<BeltActor.Event>, navigation: Mailbox<NavigationActor.Event>,
                    gestures: Mailbox<GestureActor.Event>) {
            self.belt = belt
            self.navigation = navigation
            self.gestures = gestures
        }
    }

    /// The part of the status line a reload owns.
    package static let statusPart = "configuration"

    private var running: WayfinderConfiguration
    private let loader: ConfigurationLoader
    private let targets: Targets
    private let logLevel: SharedLogLevel?
    private let notifier: (any ServiceNotifier)?
    private let health: HealthMonitor
    private let status: StatusBoard
    private let logger: Logger

    /// - Parameter logLevel: the level every logger follows; nil when `--log-level` fixed it at start,
    ///   which a reload then leaves alone.
    package init(configuration: WayfinderConfiguration, loader: ConfigurationLoader, targets: Targets,
                logLevel: SharedLogLevel?, notifier: (any ServiceNotifier)?, health: HealthMonitor,
                status: StatusBoard, logger: Logger) {
        self.running = configuration
        self.loader = loader
        self.targets = targets
        self.logLevel = logLevel
        self.notifier = notifier
        self.health = health
        self.status = status
        self.logger = logger
    }

    /// The configuration in force: the start's, with the live keys of every reload applied since.
    package var configuration: WayfinderConfiguration { running }

    /// Reads the configuration file again and applies it, or refuses it.
    @discardableResult
    package func reload() -> ReloadPlan {
        // systemd hears of reloads only after READY=1; until every actor is up there is none to report.
        let notifier = health.allStarted ? self.notifier : nil
        notifier?.notifyReloading()
        let path = running.sourcePath
        logger.info("reloading the configuration from \(path)")
        let candidate: Result<WayfinderConfiguration, ConfigError>
        do {
            candidate = .success(try loader.load(path: path))
        } catch {
            candidate = .failure(error)
        }
        let plan = ReloadPlan(running: running, candidate: candidate)
        switch plan {
        case .refused:
            for line in plan.logLines { logger.error("\(line)") }
        case .apply(_, let effective):
            apply(effective, reporting: plan.logLines)
        }
        if let text = plan.status { status.set(Self.statusPart, text) } else { status.clear(Self.statusPart) }
        notifier?.notify("READY=1\nSTATUS=\(status.line)")
        return plan
    }

    private func apply(_ new: WayfinderConfiguration, reporting lines: [String]) {
        let old = running
        running = new

        // The report is logged at whichever of the two levels shows more, so a reload that quietens the
        // log still says so, and one that makes it chattier shows its own report. It is logged before
        // the changes go out, so a reader of the log sees what was applied before its effects.
        let level = Logger.Level(rawValue: new.logLevel)
        let moreVerbose = level.map { $0 < (logLevel?.level ?? .info) } ?? false
        if moreVerbose, let level { logLevel?.set(level) }
        for line in lines { logger.notice("\(line)") }
        if new.logLevel != old.logLevel, logLevel == nil {
            logger.notice("log_level stays as --log-level set it at start, until a restart")
        }
        if !moreVerbose, let level { logLevel?.set(level) }

        var update = GuidanceUpdate()
        if new.guidance != old.guidance { update.parameters = new.guidance }
        if new.intensity != old.intensity {
            update.intensity = new.intensity
            targets.belt.send(.defaultIntensity(new.intensity))
        }
        if new.route != old.route || new.routePath != old.routePath { update.route = new.route }
        if !update.isEmpty { targets.navigation.send(.reconfigure(update)) }
        if new.gestures != old.gestures { targets.gestures.send(.remap(new.gestures)) }
    }
}
