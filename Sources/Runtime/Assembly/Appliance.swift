import ApplianceMetrics
import Belt
import Config
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import Navigation
import Pencil
import Platform
import ServiceLifecycle
import Status
import Synchronization
import TouchCase
import UnixSignals
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The whole appliance, wired from one configuration and the board's inputs: the actors, the streams
/// between them, and the service group that runs, supervises and stops them.
package struct Appliance: Sendable {
    package struct Options: Sendable {
        /// Shut down (exit 0) a moment after "destination reached" — the demo's end.
        package var exitWhenDone = false
        /// Overrides `[simulation].acceleration`.
        package var acceleration: Double?
        /// Overrides `state_directory`.
        package var stateDirectory: String?
        /// Ignore saved route progress and start from the first waypoint.
        package var freshStart = false
        /// Unix signals that start a graceful shutdown (systemd sends SIGTERM; Ctrl-C is SIGINT).
        package var shutdownSignals: [UnixSignal] = [.sigterm, .sigint]
        /// Unix signals that reload the configuration (systemd's `ExecReload=` sends SIGHUP).
        package var reloadSignals: [UnixSignal] = [.sighup]
        /// Reads the configuration file again on a reload: the loader and board catalog it was loaded with.
        package var configurationLoader = ConfigurationLoader(
            boards: .standard(environment: ProcessInfo.processInfo.environment, executablePath: nil), files: DiskFiles())
        /// The level the loggers follow, which a reload sets; nil leaves `log_level` to the start (a
        /// `--log-level` override).
        package var logLevel: SharedLogLevel?
        package var notifier: (any ServiceNotifier)?
        package var watchdog: WatchdogSettings?
        /// Replaces the session clock (tests).
        package var clock: SessionClock?
        package var restartBackoff = RestartBackoff()
        /// Sees every decision of the navigation actor.
        package var navigationObserver: (@Sendable (NavigationObservation) -> Void)?
        /// Where the control socket listens (`wayfinder status`, `wayfinder control`); nil for none.
        package var controlSocket: String?
        /// The group whose members may use the control socket besides root and the appliance's user.
        package var controlGroup: UInt32?
        /// The appliance's version, for `status`.
        package var version = "unknown"
        /// Where the loggers' warnings are kept for `status` (the executable records into it).
        package var warnings: WarningLog?
        /// For each walk's manifest: the unit id walks are uploaded under (nil when none can be
        /// derived) and the SHA-256 of the configuration file's bytes (nil when not known).
        package var unitID: String?
        package var configurationSHA256: String?
        /// Work the executable adds (the upload's outbox).
        package var background: [BackgroundWork] = []
        /// `[metrics]`: the metrics navigation's events are counted into and the file they are written
        /// to for node_exporter; nil when off.
        package var metrics: MetricsExport?
        /// The longest a stop may take before the process ends without waiting further (`StopDeadline`).
        package var stopLimit = StopDeadline.standardLimit
        /// What happens then; nil is the appliance's own: log what held the stop and exit with status 70.
        package var stopOverrun: (@Sendable (StopDeadline.Overrun) -> Void)?

        package init() {}
    }

    package let group: ServiceGroup
    package let clock: SessionClock
    package let belt: BeltActor
    package let navigation: NavigationActor
    package let gestures: GestureActor
    package let buttons: ButtonActor
    /// Present when `[devices.touch_case]` / `[devices.pencil]` are enabled and the board can reach them.
    package let touchCase: TouchCaseActor?
    package let pencil: PencilActor?
    package let health: HealthMonitor
    package let status: StatusBoard
    package let reloader: ConfigurationReloader
    /// The walk's event journal and trip report; nil when the walk is not recorded.
    package let trip: TripRecorder?

    /// The actors, by name, in the order of the one list they were assembled from.
    package let actorNames: [String]
    /// The names the board's injected failures reach (the simulation script's `fail_actor`).
    let faultRoutes: Set<String>
    /// The supervised services, in the order they start (they stop in reverse).
    let serviceNames: [String]
    /// The stop's limit, armed when the stop begins and disarmed when the group has returned.
    let stopDeadline: StopDeadline

    /// Wires the appliance on `inputs`, or on a Pi's (`HardwareInputs`) when none are given. The
    /// simulated board's inputs come from Simulation's `SimulatedInputs`, which the executable picks.
    ///
    /// Every actor is made by its registration function (`ApplianceWiring`'s `belt`, `navigation`,
    /// `touchCase`, `pencil`, `gestures`, `buttons`), which returns it with its `ApplianceMember`; the
    /// appliance is assembled from the one list of members below. A new device is a new function and
    /// a new entry in that list (docs/architecture.md, "Adding a BLE device").
    package static func build(configuration config: WayfinderConfiguration, options: Options = Options(),
                             inputs boardInputs: ApplianceInputs? = nil,
                             makeLogger: @escaping @Sendable (String) -> Logger) throws -> Appliance {
        // Private before anything is read, written or opened: location history and keys live here, and
        // a directory that lets others in is refused before any device is touched.
        let stateDirectory = options.stateDirectory ?? config.stateDirectory
        let stateNotes = try StateDirectory.prepare(stateDirectory)
        // The board decides where the inputs come from; the wiring below is the same for both.
        let inputs: ApplianceInputs
        if let boardInputs {
            inputs = boardInputs
        } else if config.board.isSimulated {
            throw HardwareStartupError(device: "board", problem: "board = \"\(config.board.id)\" is the simulated board, "
                                           + "whose inputs are built by the simulation (SimulatedInputs), not on hardware")
        } else {
            inputs = try HardwareInputs.make(configuration: config, options: options, makeLogger: makeLogger)
        }
        let route = config.route
        let clock = inputs.clock
        // Watched and arranged once the members are known (below); every actor is made with them.
        let health = HealthMonitor(expected: [], startOnly: options.reloadSignals.isEmpty ? [] : [ReloadSignalService.name])
        let status = StatusBoard(order: [], waits: inputs.waits)
        let logger = makeLogger("wayfinder")
        for note in stateNotes { logger.log(level: note.level, "\(note.message)") }

        // The wires between the actors.
        let (beltRequests, beltRequestSink) = AsyncStream<BeltRequest>.makeStream()
        let (beltReports, beltReportSink) = AsyncStream<BeltActor.Report>.makeStream()
        let (commands, commandSink) = AsyncStream<CommandEnvelope>.makeStream()
        let (states, stateSink) = AsyncStream<StateChange>.makeStream()

        let store = ProgressStore(directory: stateDirectory)
        var saved: RouteProgress?
        var resuming = false
        if !options.freshStart {
            do {
                saved = try store.load()
                if let saved, saved.routeIdentity != route.identity {
                    logger.notice("saved progress belongs to another route; starting this one from its first waypoint")
                } else if let saved, saved.destinationReached {
                    logger.info("the saved walk had reached its destination; the next start begins at the first waypoint")
                } else if let saved, !saved.resumes(on: route) {
                    logger.error("saved progress names waypoint index \(saved.currentIndex), which this route of \(route.waypoints.count) waypoints does not have; starting from its first waypoint (\(store.path))")
                } else if let saved {
                    resuming = true
                    logger.notice("resuming the route at waypoint \(saved.currentIndex + 1)/\(route.waypoints.count) from \(store.path)")
                }
            } catch {
                logger.error("saved progress: \(error); starting the route from its first waypoint")
            }
        }
        var guidance = RouteGuidance(route: route, parameters: config.guidance, restoring: saved)
        guidance.intensity = config.intensity
        // The same walk resumed keeps its track file; a new walk starts one (TrackArchive).
        let tracks = TrackArchive.start(stateDirectory: stateDirectory, route: route, resuming: resuming, settings: config.track)
        for note in tracks.notes { logger.log(level: note.level, "\(note.message)") }
        let track = tracks.track
        // The walk's event journal beside its track, for the trip report written when it ends.
        let trip = track.flatMap {
            // The route's path as an absolute one: `wayfinder report` may run from anywhere.
            TripRecorder(trackPath: $0.path, route: route, routePath: TripRecorder.absolute(config.routePath),
                         mapDirectory: config.routePlanning?.mapDirectory, offRouteDistance: config.guidance.offRouteDistance, clock: clock, logger: makeLogger("trip"))
        }
        // The walk's manifest, its last file, written when it ends (docs/upload.md).
        let manifest = trip.map { _ in
            WalkManifestWriter(unitID: options.unitID, softwareVersion: options.version,
                               configurationSHA256: options.configurationSHA256, logger: makeLogger("trip"))
        }

        // Navigation's state, for the touch case's power saving.
        let (navigationStateStream, navigationStates) = AsyncStream<NavigationState>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let trigger = ShutdownTrigger()
        let supervisorLogger = makeLogger("supervisor")
        // The links' bounds on the transport run on the link clock: real time on the simulated board,
        // whose devices' bytes cross real sockets (`GATTDeviceTime`).
        let wiring = ApplianceWiring(config: config, inputs: inputs, clock: clock,
                                     linkClock: options.clock == nil ? inputs.linkClock ?? clock : clock,
                                     health: health, status: status, trip: trip, manifest: manifest, makeLogger: makeLogger,
                                     supervisorLogger: supervisorLogger, restartBackoff: options.restartBackoff,
                                     states: stateSink)

        // The actors, each made by its registration function, in the order their wires need.
        let belt = wiring.belt(requests: beltRequests, reports: beltReportSink, states: states)
        let exitWhenDone = options.exitWhenDone
        let navigation = wiring.navigation(
            guidance: guidance, store: store, track: track,
            // A start after an arrival or a stop: another walk, in files of its own.
            nextWalk: .archive(stateDirectory: stateDirectory, settings: config.track, logger: makeLogger(NavigationActor.name)),
            inputs: .init(fixes: inputs.fixes, headings: inputs.headings, commands: commands, beltReports: beltReports),
            beltRequests: beltRequestSink,
            onDestinationReached: {
                guard exitWhenDone else { return }
                // Let the destination signal reach the belt before everything stops.
                Task(executorPreference: EventLoop.preferred) {
                    try? await clock.sleep(for: .seconds(3))
                    await trigger.fire()
                }
            },
            observer: Self.observer(options.navigationObserver, counting: options.metrics?.metrics),
            stateObserver: { [background = options.background] state in
                navigationStates.yield(state)
                for work in background { work.walkChanged?(state) }
            })
        let touchCase = wiring.touchCase(navigationStates: navigationStateStream)
        let pencil = wiring.pencil(stateDirectory: stateDirectory, withTouchCase: touchCase != nil)
        let gestures = wiring.gestures(touches: touchCase?.actor.touches, pen: pencil?.actor.outputs,
                                       penTouches: pencil?.touches, commands: commandSink)
        let buttons = wiring.buttons(commands: commandSink, pairControl: pencil?.pairControl)

        // The one list. Its order is the services' start order (graceful shutdown runs in reverse:
        // inputs stop first, navigation saves its progress, the belt is silenced), the health watch's
        // and `status`'s order, and the status line's after the leading part (the walk's).
        let members = [belt.member, navigation.member, gestures.member, buttons.member, touchCase?.member, pencil?.member]
            .compactMap { $0 }
        health.expect(members.map(\.name))
        // A walk's manifest names the devices as the status knows them when the walk ends.
        let deviceParts = members.compactMap(\.controlPart)
        let beltActor = belt.actor
        manifest?.attach {
            var report = StatusReport(wayfinderVersion: "", uptimeSeconds: 0)
            report.belt = await beltActor.statusPart.status
            for part in deviceParts { await part(&report) }
            return WalkManifestWriter.devices(in: report)
        }
        status.arrange(ApplianceMember.statusOrder(members) + [ConfigurationReloader.statusPart])

        // The board's own service: the simulated world (which routes the script's failures to the
        // members' fault hooks), or the hardware's input feeds.
        let boardService: any Service & CustomStringConvertible
        if let work = inputs.boardRun {
            boardService = BoardService(work: work, failures: inputs.injectedFailures ?? ApplianceInputs.absent(),
                                        route: ApplianceMember.faultRoutes(members))
        } else {
            boardService = HardwareInputsService(feeds: inputs.feeds)
        }
        let reloader = ConfigurationReloader(
            configuration: config, loader: options.configurationLoader,
            targets: .init(belt: belt.actor.mailbox, navigation: navigation.actor.mailbox, gestures: gestures.actor.mailbox),
            logLevel: options.logLevel, notifier: options.notifier, health: health, status: status,
            logger: makeLogger("reload"))
        let reloadService: [ServiceGroupConfiguration.ServiceConfiguration] = options.reloadSignals.isEmpty ? [] : [
            .described(ReloadSignalService(signals: options.reloadSignals, reloader: reloader, health: health, clock: clock),
                       onSuccess: .ignore, onFailure: .gracefullyShutdownGroup),
        ]
        // The Pi's own supply, where the board can read it (PiSupplyWatch); its failure costs only that.
        let supply = inputs.piSupply.map { PiSupplyWatch(read: $0, clock: clock, logger: makeLogger(PiSupplyWatch.name), states: stateSink) }
        // The status `wayfinder status` shows, which the metrics are also set from.
        let control = ApplianceControl(navigation: navigation.actor, belt: belt.actor,
                                       deviceParts: members.compactMap(\.controlPart) + options.background.compactMap(\.statusPart),
                                       warnings: options.warnings, health: health, board: status, clock: clock,
                                       version: options.version, routeName: route.name ?? "route",
                                       routesDirectory: PathText.directory(of: config.routePath),
                                       gpsSource: Self.describe(config.gps),
                                       headingSource: config.guidance.headingSource == .external ? .external : .belt,
                                       supply: supply)
        // The control socket: a failure to make it costs `wayfinder status`, not the guidance.
        var controlService: ServiceGroupConfiguration.ServiceConfiguration?
        if let path = options.controlSocket {
            do {
                let listener = try ControlSocketListener(path: path, group: options.controlGroup)
                options.warnings?.attach(clock)
                let server = ControlServer(listener: listener, access: ControlAccess(ownerUID: getuid(), group: options.controlGroup),
                                           handler: control, logger: makeLogger("control"))
                controlService = .described(ControlService(server: server), onSuccess: .ignore, onFailure: .ignore)
                logger.info("control socket at \(path)")
            } catch {
                logger.error("no control socket: \(error); `wayfinder status` will not reach this run")
            }
        }
        let systemd = ServiceManagerService(notifier: options.notifier, watchdog: options.watchdog, health: health,
                                            status: status, clock: clock, logger: makeLogger(ServiceManagerService.name))
        // The board (the simulated world the belt link needs, or the hardware feeds) is first, so it
        // stops last. Appended one by one: as one expression of concatenated optional arrays it is
        // more than Swift 6.2's type checker solves in its time limit.
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .described(boardService, onSuccess: .ignore, onFailure: .gracefullyShutdownGroup),
        ]
        services += members.map(\.service)
        services += reloadService
        if let supply {
            services.append(.described(supply, onSuccess: .ignore, onFailure: .ignore))
        }
        if let controlService { services.append(controlService) }
        // `[metrics]`: the file is written on real time, also on the simulated board, whose session
        // clock may run faster: the interval is what node_exporter and the Pi's battery see.
        if let export = options.metrics {
            let exporter = MetricsExporter(metrics: export.metrics, registry: export.registry, textfile: export.textfile,
                                           interval: export.interval, fixTimeout: config.guidance.fixTimeout,
                                           sample: { await control.status() },
                                           wallSeconds: { Date().timeIntervalSince1970 }, clock: .continuous(),
                                           logger: makeLogger(MetricsExporter.name))
            services.append(.described(BackgroundWorkService(work: BackgroundWork(name: MetricsExporter.name, run: { await exporter.run() })),
                                       onSuccess: .ignore, onFailure: .ignore))
        }
        for work in options.background {
            services.append(.described(BackgroundWorkService(work: work), onSuccess: .ignore, onFailure: .ignore))
        }
        services.append(.described(systemd, onSuccess: .ignore, onFailure: .gracefullyShutdownGroup))
        // Last, so the first a stop reaches: from then on the stop has its limit.
        let running = RunningServices()
        let deadline = StopDeadline(limit: options.stopLimit, running: running,
                                    expired: options.stopOverrun ?? StopDeadline.exit(logger: supervisorLogger, limit: options.stopLimit))
        services.append(.described(StopDeadlineService(deadline: deadline), onSuccess: .ignore, onFailure: .ignore))
        var groupConfig = ServiceGroupConfiguration(
            services: running.tracking(services),
            gracefulShutdownSignals: options.shutdownSignals,
            logger: supervisorLogger)
        // A service that has not returned 10 s into a graceful shutdown is cancelled. The group then
        // waits for the cancelled ones without a limit of its own: ServiceLifecycle's ends in a
        // `fatalError`; the stop's deadline ends the process saying what held it.
        groupConfig.maximumGracefulShutdownDuration = Duration.seconds(10)
        groupConfig.maximumCancellationDuration = nil
        let group = ServiceGroup(configuration: groupConfig)
        trigger.set(group)
        // The members' services alone are asked whether they are supervised: a cast of a service of
        // another type fails only after the runtime has looked for a bridging conformance of it.
        return Appliance(group: group, clock: clock, belt: belt.actor, navigation: navigation.actor,
                         gestures: gestures.actor, buttons: buttons.actor, touchCase: touchCase?.actor, pencil: pencil?.actor,
                         health: health, status: status, reloader: reloader, trip: trip,
                         actorNames: members.map(\.name), faultRoutes: Set(ApplianceMember.faultRoutes(members).keys),
                         serviceNames: members.compactMap { ($0.service.service as? SupervisedService)?.name },
                         stopDeadline: deadline)
    }

    /// The navigation observer: the metrics' counters first, then the one a test or the executable gave.
    static func observer(_ given: (@Sendable (NavigationObservation) -> Void)?,
                         counting metrics: ApplianceMetrics?) -> (@Sendable (NavigationObservation) -> Void)? {
        guard let metrics else { return given }
        return { observation in
            metrics.count(observation.action)
            given?(observation)
        }
    }

    /// Where fixes come from, as `status` names it.
    static func describe(_ source: GPSSource) -> String? {
        switch source {
        case .simulated: "the simulated receiver"
        case .ubloxI2C(let address): "u-blox DDC \(DDCPoller.hex(UInt8(truncatingIfNeeded: address)))"
        case .uart(let device, let baud): "\(device) at \(baud) baud"
        case .gpsd(let host, let port): "gpsd \(host):\(port)"
        case .none: nil
        }
    }

    /// Reads the configuration file again and applies what can change while running (what SIGHUP does).
    @discardableResult
    package func reload() async -> ReloadPlan {
        await reloader.reload()
    }

    /// Runs until a shutdown signal (or the demo's end); returns after a graceful shutdown.
    ///
    /// The services, and every actor they call, run on the process's event loop (`EventLoop.shared`):
    /// one thread, so a message between two actors is a queue append rather than a thread hand-off
    /// (docs/performance.md). Work that blocks opts out (the hardware input feeds).
    package func run() async throws {
        defer { stopDeadline.disarm() }
        try await withTaskExecutorPreference(EventLoop.preferred) { try await group.run() }
    }
}

/// Lets the navigation actor end the run without holding the service group itself.
final class ShutdownTrigger: Sendable {
    private let group = Mutex<ServiceGroup?>(nil)

    func set(_ g: ServiceGroup) { group.withLock { $0 = g } }

    func fire() async {
        let g = group.withLock { $0 }
        await g?.triggerGracefulShutdown()
    }
}
