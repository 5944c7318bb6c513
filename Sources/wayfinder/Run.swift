import ApplianceMetrics
import ArgumentParser
import CoreMetrics
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Config
import Logging
import Platform
import Prometheus
import Runtime
import Upload
import UploadPlatform
import UploadRuntime
import Simulation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the appliance (what systemd starts).",
        usage: """
            wayfinder run [<config>] [--config <config>]
                          [--control-socket <control-socket>]
                          [--log-level <log-level>]
                          [--state-directory <state-directory>] [--exit-when-done]
                          [--fresh] [--acceleration <acceleration>]
            """,
        discussion: """
        Runs until it is stopped (Ctrl-C, or SIGTERM: systemctl stop wayfinder), also after the \
        destination is reached: the walker can start the route again or walk another one. With \
        --exit-when-done it stops at the destination instead, as the demo does.

        Examples:
          wayfinder run                       as systemd starts it (the default file)
          wayfinder run deploy/demo.toml --exit-when-done --fresh
                                              the demo walk (make demo), from the start
          wayfinder run deploy/demo.toml --acceleration 300 --log-level warning
                                              the same walk at 300×, warnings only
          wayfinder run -c my.toml --control-socket none
                                              no socket for status and control

        Exit status: 0 after a stop; 78 when the configuration is refused (the unit does not \
        restart it); 70 when a stop has not ended within 15 s (the log names what held it).
        """)

    // The configuration file as `ConfigurationPath` takes it, declared here rather than as its option
    // group: ArgumentParser finds a group's arguments by reflection again each time it reflects over
    // the command's, several times a parse (callgrind: 2.2 M instructions before READY=1).
    @Argument(help: ConfigurationPath.fileHelp)
    var file: String?

    @Option(name: .shortAndLong, help: ConfigurationPath.configHelp)
    var config: String?

    @Option(name: .long, help: "Override the configuration's log level (trace, debug, info, notice, warning, error, critical).")
    var logLevel: String?

    @Option(name: .long, help: "Simulated board only: session seconds per real second (overrides [simulation].acceleration).")
    var acceleration: Double?

    @Option(name: .long, help: "Override state_directory (where route progress is kept).")
    var stateDirectory: String?

    @Flag(name: .long, help: "Exit once the destination is reached (the demo); without it the appliance runs on until stopped.")
    var exitWhenDone = false

    @Flag(name: .long, help: "Ignore saved route progress and start at the first waypoint.")
    var fresh = false

    @Option(name: .long, help: "Where `wayfinder status` and `control` reach this run (default: $RUNTIME_DIRECTORY/control.sock under systemd, /run/wayfinder/control.sock otherwise; \"none\" for no socket).")
    var controlSocket: String?

    func validate() throws {
        try ConfigurationPath.validate(file: file, config: config)
        if let logLevel, !WayfinderConfiguration.logLevels.contains(logLevel) {
            throw ValidationError("--log-level must be one of \(WayfinderConfiguration.logLevels.joined(separator: ", "))")
        }
        if let acceleration, !(1...10_000).contains(acceleration) {
            throw ValidationError("--acceleration must be between 1 and 10000")
        }
    }

    func run() async throws {
        // SIGHUP's default action ends the process. Until the reload watcher's handler is in place (a
        // moment after start, before READY=1) a stray one is ignored rather than fatal.
        signal(SIGHUP, SIG_IGN)
        let environment = ProcessEnvironment.current
        let loader = ConfigurationLoader.appliance(boards: .standard(environment: environment, executablePath: ProcessEnvironment.executablePath))
        let config = ConfigurationPath.path(file: file, config: self.config)
        let loaded: WayfinderConfiguration
        do {
            loaded = try loader.load(path: config)
        } catch {
            printError("wayfinder: \(error)\nwayfinder: refusing to start; `wayfinder config check \(config)` lists every problem.")
            throw ExitCode(ExitStatus.configuration)
        }
        // One level for every logger, so a reload's log_level reaches the loggers already made.
        let level = SharedLogLevel(Logger.Level(rawValue: logLevel ?? loaded.logLevel) ?? .info)
        let format = LogFormat.detect(environment: environment)
        // Every warning is also kept for `wayfinder status` (the last ten).
        let warnings = WarningLog()
        LoggingSystem.bootstrap { label in
            MultiplexLogHandler([LineLogHandler(label: label, level: level, format: format), warnings.handler(label: label)])
        }
        let logger = Logger(label: "wayfinder")
        var options = Appliance.Options()
        options.exitWhenDone = exitWhenDone
        options.acceleration = acceleration
        options.stateDirectory = stateDirectory
        options.freshStart = fresh
        options.notifier = SystemdNotifier(environment: environment)
        options.watchdog = WatchdogSettings(environment: environment)
        options.configurationLoader = loader
        options.logLevel = logLevel == nil ? level : nil
        options.version = Wayfinder.configuration.version
        options.warnings = warnings
        // Each walk's manifest names the configuration by its bytes' SHA-256 and the unit it is
        // uploaded under; neither is needed to walk, so what cannot be had is left out of it.
        options.configurationSHA256 = (try? loader.files.read(config)).flatMap { try? Nettle().sha256($0) }.map(Hex.encode)
        if case .success(let id) = MachineIDFile.unitID(configured: loaded.upload?.unitID) { options.unitID = id }
        if let upload = UploadBackground.work(loaded.upload, stateDirectory: stateDirectory ?? loaded.stateDirectory,
                                             credentialsDirectory: environment["CREDENTIALS_DIRECTORY"], logger: logger) {
            options.background.append(upload)
        }
        if let metrics = loaded.metrics {
            // Once per process, as swift-metrics asks: every swift-metrics metric of the process lands
            // in the one registry the file is rendered from.
            let registry = PrometheusCollectorRegistry()
            MetricsSystem.bootstrap(DescribedPrometheusFactory(registry: registry))
            options.metrics = MetricsExport(metrics: ApplianceMetrics(), registry: registry,
                                            textfile: MetricsTextfile(directory: metrics.textfileDirectory),
                                            interval: .seconds(metrics.intervalSeconds))
        }
        // Asked for, or systemd's runtime directory: the socket is made (a failure is logged). Not
        // asked for outside systemd: only where /run/wayfinder already exists, so a run from a
        // checkout (`make demo`) does not complain about a directory it has no business making.
        let socketPath = controlSocket ?? ControlSocketPath.forAppliance(environment: environment)
        let wanted = controlSocket != nil || environment["RUNTIME_DIRECTORY"] != nil
            || access(PathText.directory(of: socketPath), W_OK) == 0
        if socketPath != "none", wanted {
            options.controlSocket = socketPath
            options.controlGroup = ControlSocketPath.group(named: "wayfinder")
        }
        let appliance: Appliance
        let board: SimulatedBoard?
        do {
            (appliance, board) = try Appliance.buildOnConfiguredBoard(configuration: loaded, options: options) { Logger(label: $0) }
        } catch {
            logger.critical("cannot start: \(error)")
            throw ExitCode(ExitStatus.configuration)
        }
        // A planned route has no file yet: where it goes, and the map it is planned on.
        let route = loaded.routePlanning.flatMap { planning in
            planning.destination.map { "to \($0.name) (planned on the map \(Self.displayPath(planning.mapDirectory)))" }
        } ?? Self.displayPath(loaded.routePath)
        let requestedFactor = acceleration ?? loaded.simulation?.acceleration ?? 1
        logger.notice("starting on \(loaded.board.name) with route \(route)\(loaded.board.isSimulated ? " at up to \(timesText(requestedFactor))× time" : "")")
        try await appliance.run()
        if let board {
            let world = await board.snapshot()
            let violations = world.belt.violations.count + world.peripheral.violations.count
            let commands = world.belt.records.count - world.peripheral.keepAliveAnswers
            logger.notice("simulation ended at t+\(world.now.clockString): the simulated walker covered \(Int(world.walker.distanceWalked.rounded())) m (its true path, not GPS), belt received \(commands) commands and \(world.peripheral.keepAliveAnswers) keep-alive answers, \(violations) protocol violation\(violations == 1 ? "" : "s")")
            let slowest = appliance.clock.slowestAccelerationFactor
            if slowest < requestedFactor {
                logger.notice("the simulated clock slowed down to \(timesText(slowest))× at times to stay in step with this machine (\(timesText(requestedFactor))× was asked for)")
            }
        }
        // The navigation actor wrote the report as it shut down; say where, so the walk can be looked at.
        if let path = appliance.trip?.reportPath, access(path, R_OK) == 0 {
            logger.notice("trip report: \(Self.displayPath(path)) (open it in a browser)")
        }
        logger.notice("stopped")
    }

    /// A path as a person types it: relative to the working directory when it is below it, and
    /// without `dir/../` detours.
    static func displayPath(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let resolved = PathText.standardized(path.hasPrefix("/") ? path : cwd + "/" + path)
        return resolved.hasPrefix(cwd + "/") ? String(resolved.dropFirst(cwd.count + 1)) : resolved
    }
}

/// An acceleration factor to one decimal: "60", "23.5".
private func timesText(_ factor: Double) -> String {
    let tenths = (factor * 10).rounded() / 10
    return tenths == tenths.rounded() && abs(tenths) < 1e6 ? String(Int(tenths)) : String(tenths)
}

/// Exit statuses from sysexits.h, so systemd can tell a bad configuration (don't restart) from a crash.
enum ExitStatus {
    static let configuration: Int32 = 78  // EX_CONFIG
    static let unavailable: Int32 = 69  // EX_UNAVAILABLE
    static let ioError: Int32 = 74  // EX_IOERR
    static let noPermission: Int32 = 77  // EX_NOPERM
}

/// Errors before logging is set up (a bad configuration). Under systemd each line carries the error
/// priority, so `journalctl -p warning` shows why the service refused to start.
func printError(_ text: String) {
    switch LogFormat.detect(environment: ProcessEnvironment.current) {
    case .journal:
        for line in text.split(separator: "\n") { LineLogHandler.standardError("<3>\(line)") }
    case .terminal:
        LineLogHandler.standardError(text)
    }
}
