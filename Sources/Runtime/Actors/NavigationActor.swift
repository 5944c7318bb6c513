#if canImport(Glibc)
import Glibc
#endif
import Belt
import Logging
import Navigation
import Config
import Platform
import Routing
import Sensors
import Status
import TripReport

/// Belt navigation: fuses fixes, headings and the wearer's commands through the route-guidance rules
/// and asks the belt actor to point the way. Owns the route progress file.
package actor NavigationActor {
    /// Where it runs: the process's event loop unless its creator names another (a test's
    /// `TestEventLoop`); a message from another actor on the same loop is a queue append.
    package nonisolated let executor: any ActorExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    package enum Event: Sendable {
        /// The guidance's next quiet-GPS or quiet-compass check is due (`RouteGuidance.nextCheck`).
        case check
        case fix(Fix)
        case heading(Heading)
        case command(CommandEnvelope)
        /// A command from the control socket, answered once it is carried out.
        case control(CommandEnvelope, reply: @Sendable (Result<NavigationControlOutcome, ControlRefusal>) -> Void)
        /// Another route from the control socket, answered with where the walk now goes.
        case controlRoute(Route, from: CommandSource, reply: @Sendable (NavigationControlOutcome) -> Void)
        case belt(BeltActor.Report)
        /// The router's answer to plan request `id` (`RoutePlanningService`).
        case planned(id: Int, Result<PlannedRoute, RoutePlanError>)
        /// Another destination from the control socket (`go-to`), answered with where the walk now goes.
        case controlGoTo(RoutePlanningSettings.Destination, from: CommandSource,
                         reply: @Sendable (Result<NavigationControlOutcome, ControlRefusal>) -> Void)
        /// New settings from a configuration reload.
        case reconfigure(GuidanceUpdate)
        case shutdown
    }

    package static let name = "navigation"
    package nonisolated let mailbox: Mailbox<Event>
    private var forwarders = Forwarders()
    private var guidance: RouteGuidance
    /// Writes the progress file after the belt has been told; nil when there is no state directory.
    private let progressWriter: ProgressWriter?
    /// The walked track, appended at every fix while navigating; nil when it could not be opened.
    /// Replaced when a start follows an arrival or a stop: that is another walk.
    private var track: TrackFile?
    /// Makes the next walk's files (`TrackArchive`); nil when nothing is recorded.
    private let nextWalk: NextWalkFiles?
    /// The pointer's write and retention for the last walk begun, running off the loop; each waits
    /// for the one before, so the pointer ends at the newest walk.
    private var walkSettling: Task<Void, Never>?
    /// The walk's event journal and report, beside the track; nil with no track.
    private let trip: TripRecorder?
    /// The walk's manifest, written last when it ends (the upload waits for it); nil with no track.
    private let manifest: WalkManifestWriter?
    private var lastTrackSync: Duration = .zero
    private var trackFailed = false
    /// How often the track is forced to the card: a power loss costs at most this much of it.
    static let trackSyncInterval: Duration = .seconds(10)
    private let inputs: Inputs
    private let beltRequests: AsyncStream<BeltRequest>.Continuation
    private let autostart: Bool
    private var hasAutostarted = false
    private let clock: SessionClock
    private let logger: Logger
    private let health: HealthMonitor
    /// Whether the compass is read: only while the guidance steers by it (`heading_source`).
    private let headingDemand: HeadingDemand?
    /// Whether the GPS is read at every epoch: while a walk is under way (navigating or paused).
    private let fixDemand: FixDemand?
    private let status: StatusBoard
    private let onDestinationReached: @Sendable () -> Void
    private let observer: (@Sendable (NavigationObservation) -> Void)?
    /// Told every change of the navigation state (the touch case's power saving follows it).
    private let stateObserver: (@Sendable (NavigationState) -> Void)?
    private var reportedState: NavigationState?
    /// Where the wearer's signals hear of the walk, GPS and the route (`StateSignals`).
    private let states: AsyncStream<StateChange>.Continuation?
    /// Walking time before the current stretch, and when that stretch began (`status`'s elapsed).
    private var walkedBefore: Duration = .zero
    private var navigatingSince: Duration?
    /// The last command's refusal, for the control socket's answer.
    private var lastIgnored: String?
    /// How many requests went into the belt actor's request stream, its only source of them: the
    /// belt actor counts the ones it has carried out, and a control's answer waits for this many.
    private var beltRequestsSent = 0

    /// Plans routes on the map (`[route] map`); nil when the configuration names no map.
    let planning: RoutePlanningService?
    /// When to plan and what to do with the answers; nil without a map.
    var planningRule: RoutePlanningRule?
    /// What the planning rule asked for while an event was handled, carried out at its end.
    var planningActions: [RoutePlanningRule.Action] = []
    /// The crossings, steps and barriers of the planned route being followed, told before they come.
    var hazardNotices: HazardNotices?
    /// The configuration's `[places]`, which `next-place` steps through.
    let places: PlaceBook
    /// The place `next-place` chose last (or the configured destination's name).
    var chosenPlace: String?

    /// The alarm for the guidance's next check, and when it is set for (never after the check).
    private var check: (due: Duration, task: Task<Void, Never>)?

    /// The streams the navigation actor listens to.
    package struct Inputs: Sendable {
        package var fixes: AsyncStream<Fix>
        package var headings: AsyncStream<Heading>
        package var commands: AsyncStream<CommandEnvelope>
        package var beltReports: AsyncStream<BeltActor.Report>

        package init(fixes: AsyncStream<Fix>, headings: AsyncStream<Heading>, commands: AsyncStream<CommandEnvelope>,
                    beltReports: AsyncStream<BeltActor.Report>) {
            self.fixes = fixes
            self.headings = headings
            self.commands = commands
            self.beltReports = beltReports
        }
    }

    package init(guidance: RouteGuidance, store: ProgressStore?, track: TrackFile? = nil, trip: TripRecorder? = nil,
                manifest: WalkManifestWriter? = nil, nextWalk: NextWalkFiles? = nil, inputs: Inputs,
                beltRequests: AsyncStream<BeltRequest>.Continuation, autostart: Bool,
                headingDemand: HeadingDemand? = nil, fixDemand: FixDemand? = nil, clock: SessionClock,
                logger: Logger, health: HealthMonitor, status: StatusBoard,
                onDestinationReached: @escaping @Sendable () -> Void = {},
                observer: (@Sendable (NavigationObservation) -> Void)? = nil,
                stateObserver: (@Sendable (NavigationState) -> Void)? = nil,
                states: AsyncStream<StateChange>.Continuation? = nil,
                planning: RoutePlanningService? = nil, places: PlaceBook = PlaceBook([]),
                executor: any ActorExecutor = EventLoop.preferred) {
        self.planning = planning
        self.places = places
        if let settings = planning?.settings {
            planningRule = RoutePlanningRule(destination: settings.destination.map { ($0.name, $0.coordinate) },
                                             replanInterval: settings.replanInterval)
            chosenPlace = settings.destination?.name
        }
        self.executor = executor
        self.states = states
        mailbox = Mailbox(executor: executor)
        self.guidance = guidance
        progressWriter = store.map { ProgressWriter(store: $0, logger: logger) }
        self.track = track
        self.trip = trip
        self.manifest = trip == nil ? nil : manifest
        self.nextWalk = nextWalk
        self.inputs = inputs
        self.beltRequests = beltRequests
        self.autostart = autostart
        self.clock = clock
        self.logger = logger
        self.health = health
        self.headingDemand = headingDemand
        self.fixDemand = fixDemand
        self.status = status
        self.onDestinationReached = onDestinationReached
        self.observer = observer
        self.stateObserver = stateObserver
    }

    package var progress: RouteProgress { guidance.progress }
    package var state: NavigationState { guidance.state }

    package func run() async throws {
        health.started(Self.name, progress: mailbox.progress)
        let mailbox = self.mailbox
        let inputs = self.inputs
        forwarders.start(on: executor, [
            { await mailbox.forward(inputs.fixes) { .fix($0) } },
            { await mailbox.forward(inputs.headings) { .heading($0) } },
            { await mailbox.forward(inputs.commands) { .command($0) } },
            { await mailbox.forward(inputs.beltReports) { .belt($0) } },
        ])
        if !hasAutostarted && guidance.state == .stopped {
            hasAutostarted = true
            finishEndedWalkWithoutManifest()
            if autostart {
                mailbox.send(.command(CommandEnvelope(.start, from: .autostart)))
            } else if guidance.progress.isNavigating && !guidance.progress.destinationReached {
                // The walk was under way when the last run ended without stopping it (a crash, a
                // kill, the watchdog, a pulled battery): carry on rather than wait for a button
                // the wearer does not know to press.
                logger.notice("the walk was under way when the appliance last stopped; carrying on to waypoint \(guidance.progress.currentIndex + 1)/\(guidance.route.waypoints.count)")
                mailbox.send(.command(CommandEnvelope(.start, from: .resumeAfterRestart)))
            } else {
                // No start follows: the state's observers (the upload's `when`) learn now that no walk
                // is in progress, not at the first fix, which may never come indoors.
                updateStatus()
            }
        }
        try await mailbox.runLoop(shutdown: .shutdown) { try handle($0) }
        await progressWritten()
        await walkSettling?.value
        await endWriting?.value
    }

    /// Returns when every progress save decided so far is on disk (or has failed and been logged).
    package func progressWritten() async {
        await progressWriter?.written()
    }

    private func handle(_ event: Event) throws -> Bool {
        let now = clock.elapsed
        switch event {
        case .check:
            check = nil
            carryOut(guidance.tick(now: now))
        case .fix(let fix):
            if let utc = fix.utcSeconds, fix.isUsable { trip?.anchor(utc: utc, at: fix.receivedAt) }
            carryOut(guidance.handle(fix, now: now))
            if fix.isUsable, guidance.state == .navigating, planningRule != nil {
                planningActions += planningRule?.fix(fix.coordinate, now: now) ?? []
                if guidance.isOffRoute, planningRule?.replanHeldBack == true {
                    let (target, rest) = routeAhead()
                    planningActions += planningRule?.stillOffRoute(at: fix.coordinate, target: target, rest: rest, now: now) ?? []
                }
                tellWhatIsAhead(fix)
            }
            record(fix, now: now)
            sampleBelt(now: now)
            status.changedNow()
        case .heading(let heading):
            carryOut(guidance.handle(heading, now: now))
        case .command(let envelope):
            logger.info("command \(envelope.command) from \(envelope.source)")
            if envelope.command == .nextPlace {
                _ = nextPlace(envelope, now: now)
            } else {
                carryOut(guidance.handle(envelope.command, now: now), command: envelope)
            }
        case .control(let envelope, let reply) where envelope.command == .nextPlace:
            logger.info("command \(envelope.command) from \(envelope.source)")
            reply(nextPlace(envelope, now: now).map { NavigationControlOutcome(result: $0, beltRequests: beltRequestsSent) })
        case .control(let envelope, let reply):
            logger.info("command \(envelope.command) from \(envelope.source)")
            lastIgnored = nil
            carryOut(guidance.handle(envelope.command, now: now), command: envelope)
            if let reason = lastIgnored {
                reply(.failure(ControlRefusal(reason)))
            } else {
                reply(.success(NavigationControlOutcome(result: controlResult(envelope.command), beltRequests: beltRequestsSent)))
            }
        case .controlRoute(let route, let source, let reply):
            logger.notice("route \(route.name ?? "without a name") (\(route.waypoints.count) waypoints) from \(source)")
            // A walk that has ended keeps its route; the next start takes this one.
            trip?.routeChanged(to: route)
            carryOut(guidance.apply(GuidanceUpdate(route: route), now: now))
            reply(NavigationControlOutcome(result: stateSummary(), beltRequests: beltRequestsSent))
        case .belt(.navigationStateChanged(let state)):
            carryOut(guidance.beltStateChanged(to: state, now: now))
        case .belt(.homeButtonPressed):
            carryOut(guidance.handle(.announceDirection, now: now))
        case .belt(.connected), .belt(.standby), .belt(.resumed):
            break
        case .belt(.intensityChanged(let intensity)):
            // The wearer chose it on the belt: `intensity-up`/`-down` step from it.
            guidance.intensity = intensity
        case .planned(let id, let result):
            planningActions += planningRule?.planned(result, for: id, now: now) ?? []
        case .controlGoTo(let destination, let source, let reply):
            logger.notice("go-to \(destination.name) from \(source)")
            reply(goTo(destination, now: now).map { NavigationControlOutcome(result: $0, beltRequests: beltRequestsSent) })
        case .reconfigure(let update):
            carryOut(guidance.apply(update, now: now))
            headingDemand?.set(guidance.parameters.headingSource == .external)
        case .shutdown:
            check?.task.cancel()
            check = nil
            saveFinalProgress()
            return true
        }
        carryOutPlanning(now: now)
        if walkEnded {
            walkEnded = false
            writeReportInBackground()
        }
        scheduleCheck()
        return false
    }

    /// Saves the route progress and stops listening, and returns when it is on disk; called by the
    /// supervisor when shutdown finds this actor down between restarts.
    package func saveProgress() async {
        saveFinalProgress()
        await progressWritten()
    }

    /// The last thing done at shutdown.
    private func saveFinalProgress() {
        forwarders.stop()
        // Asked to stop (systemctl stop, a shutdown): the next start waits for a start command as
        // configured. Only a run that ended without being asked carries on by itself.
        var progress = guidance.progress
        progress.isNavigating = false
        save(progress)
        // The last records are in; the report of a walk in progress is written now, whatever else
        // the shutdown does. An ended walk's was written at its end (`run` waits for that write).
        if let trip, !trip.walkHasEnded { trip.writeReport() }
        logger.info("shutting down: route progress saved (waypoint \(guidance.progress.currentIndex + 1)/\(guidance.route.waypoints.count))")
    }

    /// Sets the alarm for the guidance's next check, or keeps the one set (`CheckAlarmRule`).
    private func scheduleCheck() {
        guard let due = guidance.nextCheck else {
            check?.task.cancel()
            check = nil
            return
        }
        if let check, CheckAlarmRule.keeps(armed: check.due, for: due, now: clock.elapsed) { return }
        check?.task.cancel()
        check = (due, mailbox.alarm(at: due, clock: clock, .check))
    }

    /// The belt is told first; then a start after an ended walk begins the next walk's files, the
    /// `command` and the events go into the journal (the command that began a walk is that walk's
    /// first record), and the progress is handed to the writer last, so no file write sits between
    /// a command and the vibration.
    private func carryOut(_ actions: [GuidanceAction], command: CommandEnvelope? = nil) {
        for action in actions {
            if case .belt(let request) = action, case .enqueued = beltRequests.yield(request) { beltRequestsSent += 1 }
        }
        beginNewWalkIfStarting(actions)
        if let command { journal(command) }
        var progress: RouteProgress?
        for action in actions {
            observer?(NavigationObservation(at: clock.elapsed, action: action, fix: guidance.lastFix,
                                            targetIndex: guidance.progress.currentIndex))
            switch action {
            case .belt:
                break
            case .saveProgress(let saved):
                progress = saved
            case .report(let event):
                report(event)
            }
        }
        updateStatus()
        if let progress { save(progress) }
    }

    private func record(_ fix: Fix, now: Duration) {
        guard let track, guidance.state == .navigating, fix.isUsable else { return }
        if !track.append(fix) {
            if !trackFailed { logger.error("could not append to the track \(track.path) (card full?); navigation goes on") }
            trackFailed = true
            return
        }
        trackFailed = false
        if now - lastTrackSync >= Self.trackSyncInterval {
            track.syncInBackground()
            trip?.syncInBackground()
            lastTrackSync = now
        }
    }

    private func save(_ progress: RouteProgress) {
        progressWriter?.save(progress)
    }

    /// What the status part was last written from: most fixes change none of it, and its text is
    /// then not built again.
    private var statusBasis: StatusBasis?

    private struct StatusBasis: Equatable {
        var state: NavigationState
        var index: Int
        var count: Int
        var arrived: Bool
    }

    private func updateStatus() {
        let count = guidance.route.waypoints.count
        let basis = StatusBasis(state: guidance.state, index: guidance.progress.currentIndex, count: count,
                                arrived: guidance.progress.destinationReached)
        if basis != statusBasis {
            statusBasis = basis
            let text: String
            switch guidance.state {
            case .navigating: text = "navigating to waypoint \(guidance.progress.currentIndex + 1)/\(count)"
            case .paused: text = "paused at waypoint \(guidance.progress.currentIndex + 1)/\(count)"
            case .stopped: text = guidance.progress.destinationReached ? "destination reached" : "navigation stopped"
            }
            status.set(Self.name, text)
        }
        let now = clock.elapsed
        if guidance.state == .navigating, navigatingSince == nil { navigatingSince = now }
        if guidance.state != .navigating, let since = navigatingSince {
            walkedBefore += now - since
            navigatingSince = nil
        }
        if guidance.state != reportedState {
            reportedState = guidance.state
            fixDemand?.set(guidance.state != .stopped)
            stateObserver?(guidance.state)
        }
    }

    /// What the control socket answers a control with: the value it changed, else the state after it.
    private func controlResult(_ command: NavigationCommand) -> String {
        switch command {
        case .intensityUp, .intensityDown: "belt intensity \(guidance.intensity) %"
        default: stateSummary()
        }
    }

    /// The walk's state, as the control socket answers a control that moved it.
    private func stateSummary() -> String {
        let count = guidance.route.waypoints.count
        let index = guidance.progress.currentIndex
        switch guidance.state {
        case .navigating: return "walking to waypoint \(waypointLabel(index))"
        case .paused: return "paused before waypoint \(waypointLabel(index))"
        case .stopped:
            return guidance.progress.destinationReached ? "destination reached" : "navigation stopped (waypoint \(min(index + 1, count))/\(count))"
        }
    }

    /// The route and the GPS as `wayfinder status` shows them; `routeName` names a route whose GPX
    /// has no name.
    package func statusParts(routeName: String, gpsSource: String?) -> (route: RouteStatus, gps: FixStatus?) {
        let now = clock.elapsed
        let count = guidance.route.waypoints.count
        let index = guidance.progress.currentIndex
        let state: RouteStatus.State = switch guidance.state {
        case .navigating: .navigating
        case .paused: .paused
        case .stopped: guidance.progress.destinationReached ? .arrived : .stopped
        }
        let report = guidance.progressReport()
        let walked = walkedBefore + (navigatingSince.map { now - $0 } ?? .zero)
        let route = RouteStatus(name: guidance.route.name ?? routeName, state: state, waypoint: min(index + 1, max(count, 1)), waypointCount: count,
                                waypointName: guidance.currentWaypoint?.name,
                                distanceToWaypointMetres: report?.distanceToWaypoint,
                                distanceToEndMetres: report?.distanceRemaining,
                                elapsedSeconds: walked.inSeconds, offRoute: guidance.isOffRoute)
        guard let gpsSource else { return (route, nil) }
        guard let fix = guidance.lastFix else { return (route, FixStatus(source: gpsSource)) }
        let mode: FixStatus.Mode = switch fix.mode {
        case .noFix: .none
        case .twoD: .twoD
        case .threeD: .threeD
        }
        return (route, FixStatus(source: gpsSource, fixAgeSeconds: (now - fix.receivedAt).inSeconds, mode: mode,
                                 satellites: fix.satellites, hdop: fix.hdop,
                                 latitude: fix.coordinate.latitude, longitude: fix.coordinate.longitude))
    }

    /// The external compass's latest heading as `status` shows it: its accuracy in degrees (what the
    /// sensor stated, else the field check against WMM2025 at the latest fix, `MagneticFieldCheck`;
    /// nil when neither can tell) and its age in seconds; nil before the first heading. Worked out
    /// when asked, which is when `status` asks: no cost per heading.
    package var headingPart: (accuracy: Double?, ageSeconds: Double)? {
        guidance.lastHeading.map { heading in
            (heading.accuracy ?? MagneticFieldCheck.headingError(of: heading, at: guidance.lastFix),
             (clock.elapsed - heading.receivedAt).inSeconds)
        }
    }

    /// The belt's last direction and when it was sent, on the session clock.
    package var lastBeltCommand: (direction: Int, secondsAgo: Double)? {
        guidance.lastCommand.map { ($0.direction, (clock.elapsed - $0.at).inSeconds) }
    }

    private func waypointLabel(_ index: Int) -> String {
        GuidanceLogLine.waypointLabel(index, on: guidance.route)
    }

    /// A command in the journal, with where it came from (a gesture, a pen click, a button).
    private func journal(_ envelope: CommandEnvelope) {
        trip?.record(.command) { event in
            event.command = envelope.command.configName
            event.source = envelope.source.description
        }
    }

    /// When the belt's direction was last put in the journal.
    private var lastBeltSample: Duration?

    /// Where the belt points, for the report's arrows: the true bearing to the waypoint it leads to,
    /// at the fix, every `TripRecorder.beltInterval` while it vibrates (not per fix: the bearing
    /// costs a walk along the route's geodesics).
    private func sampleBelt(now: Duration) {
        guard let trip, guidance.state == .navigating, guidance.lastCommand?.signal != nil,
              lastBeltSample.map({ now - $0 >= .seconds(TripRecorder.beltInterval) }) ?? true,
              let fix = guidance.lastFix, let report = guidance.progressReport() else { return }
        lastBeltSample = now
        trip.record(.belt) { event in
            event.bearing = report.trueBearing
            event.latitude = fix.coordinate.latitude
            event.longitude = fix.coordinate.longitude
        }
    }

    /// The walk has ended (arrived or stopped): its report is written once this event is handled.
    private var walkEnded = false

    /// Rendering reads the track and the journal back and can take a moment on a long walk; it runs
    /// off the loop that steers the belt. The recorder serialises writers of the same report. The
    /// walk is taken now: a start may begin the next one before the write runs.
    /// The manifest follows the report: it is the walk's last file.
    private func writeReportInBackground() {
        guard let trip else { return }
        let walk = trip.walk
        let manifest = self.manifest
        let ticket = manifest?.ticket(for: walk)
        let before = endWriting
        endWriting = Task.detached(priority: .utility) {
            await before?.value
            trip.writeReport(of: walk)
            if let manifest, let ticket { await manifest.write(of: walk, ticket: ticket) }
        }
    }

    /// The last end's report and manifest being written; `run` returns after them.
    private var endWriting: Task<Void, Never>?

    /// A walk that ended without its manifest (power lost between the `stopped` record and the
    /// manifest's rename, or a run that stopped before the write was done) gets its report and
    /// manifest now, so it is not held back from the upload for ever.
    private func finishEndedWalkWithoutManifest() {
        guard let trip, trip.walkHasEnded, manifest != nil else { return }
        let path = WalkManifestWriter.path(forTrack: trip.walk.trackPath)
        guard access(path, F_OK) != 0 else { return }
        logger.notice("the last walk ended without its manifest; writing its report and manifest now")
        writeReportInBackground()
    }

    /// A start after the walk arrived or was stopped begins another walk: a new track, journal and
    /// report, so that the finished walk's files keep that walk alone (its journal closed at its end,
    /// its report and manifest written then). A restart of the appliance in the middle of a walk is
    /// not an end: the walk goes on in its files.
    ///
    /// The pointer moves to the new walk only once its journal is open, so a walk that cannot begin
    /// leaves the pointer, the track and the journal of the walk that goes on being written; the
    /// pointer's write and retention (fsyncs, deletions) run in the background.
    private func beginNewWalkIfStarting(_ actions: [GuidanceAction]) {
        guard actions.contains(where: { if case .report(.started) = $0 { true } else { false } }) else { return }
        // A start (not a resume) begins a walk: `status`'s time walked is that walk's own.
        walkedBefore = .zero
        guard let trip, let nextWalk, trip.walkHasEnded else { return }
        let route = guidance.route
        guard let next = nextWalk.create(route) else { return }
        guard trip.beginWalk(trackPath: next.path, route: route) else {
            nextWalk.discard(next.path)
            return
        }
        track?.syncInBackground()
        track = next
        trackFailed = false
        lastTrackSync = clock.elapsed
        lastBeltSample = nil
        let before = walkSettling
        let path = next.path
        walkSettling = Task.detached(priority: .utility) {
            await before?.value
            nextWalk.makeCurrent(route, path)
        }
    }

    /// A guidance event into the journal and the log, in the words `GuidanceJournalEntry` and
    /// `GuidanceLogLine` give it; what it sets in motion here (an ignored command's reason for the
    /// control socket, the demo's end) is done here.
    private func report(_ event: GuidanceEvent) {
        let route = guidance.route
        if let entry = GuidanceJournalEntry(event, route: route) {
            trip?.record(entry.record)
            if entry.endsWalk, trip != nil { walkEnded = true }
        }
        let line = GuidanceLogLine(event, at: clock.elapsed, route: route)
        switch line.level {
        case .info: logger.info("\(line.text)")
        case .notice: logger.notice("\(line.text)")
        case .warning: logger.warning("\(line.text)")
        }
        planningHears(event)
        switch event {
        case .commandIgnored(_, let reason): lastIgnored = reason
        case .destinationReached:
            // The destination signal tells the end of this walk; GPS and the route no longer matter.
            states?.yield(.gps(lost: false))
            states?.yield(.offRoute(false))
            onDestinationReached()
        case .started, .resumed:
            // The walk going on in its files (a new walk's files were begun before this) is not
            // finished: a manifest from its last end goes.
            if let trip { manifest?.discard(trip.walk) }
            states?.yield(.walk(.navigating))
        case .paused: states?.yield(.walk(.paused))
        case .stopped: states?.yield(.walk(.stopped))
        case .fixLost: states?.yield(.gps(lost: true))
        case .fixRegained: states?.yield(.gps(lost: false))
        case .offRoute: states?.yield(.offRoute(true))
        case .backOnRoute: states?.yield(.offRoute(false))
        // Another route (a re-plan from where the wearer is, a route from the socket) starts guidance
        // afresh, not off route: the repeated off-route signal ends with it.
        case .routeChanged: states?.yield(.offRoute(false))
        default: break
        }
    }
}

// MARK: Route planning (docs/routing.md)

extension NavigationActor {
    /// The guidance events the planning rule hears: a start plans the walk's route, off the route
    /// plans a way back, an end stops waiting for a fix to plan from.
    private func planningHears(_ event: GuidanceEvent) {
        guard planningRule != nil else { return }
        let now = clock.elapsed
        switch event {
        case .started:
            planningActions += planningRule?.walkStarted(at: freshFix(now: now)?.coordinate, now: now) ?? []
        case .offRoute:
            guard let fix = freshFix(now: now) else { return }
            let (target, rest) = routeAhead()
            planningActions += planningRule?.offRoute(at: fix.coordinate, target: target, rest: rest, now: now) ?? []
        case .backOnRoute, .routeChanged:
            planningRule?.backOnRoute()
        case .stopped, .destinationReached:
            planningRule?.walkEnded()
        default:
            break
        }
    }

    /// The route's next waypoint and the ones after it: where a way back to a GPX route joins it.
    private func routeAhead() -> (target: Waypoint?, rest: [Waypoint]) {
        let route = guidance.route, index = guidance.progress.currentIndex
        let target = route.waypoints.indices.contains(index) ? route.waypoints[index] : nil
        let rest = index + 1 < route.waypoints.count ? Array(route.waypoints[(index + 1)...]) : []
        return (target, rest)
    }

    private func freshFix(now: Duration) -> Fix? {
        guard let fix = guidance.lastFix, fix.isUsable, now - fix.receivedAt < guidance.parameters.fixTimeout else { return nil }
        return fix
    }

    /// Carries out what the planning rule asked for while the event was handled: plans go to the
    /// service's thread, whose answer comes back as `.planned`; a route planned is followed.
    private func carryOutPlanning(now: Duration) {
        while !planningActions.isEmpty {
            let action = planningActions.removeFirst()
            switch action {
            case .plan(let request):
                guard let planning else { continue }
                let whither = request.destinationName ?? "the route's next waypoint"
                logger.info("planning a route to \(whither) from \(RouteEndpoint.coordinate(request.from)) (\(request.purpose.rawValue))")
                let mailbox = self.mailbox
                planning.plan(request) { result in mailbox.send(.planned(id: request.id, result)) }
            case .follow(let route, let plan, let request):
                hazardNotices = planning.map { HazardNotices(route: plan, noticeDistance: $0.settings.noticeDistance) }
                trip?.routeChanged(to: route)
                carryOut(guidance.apply(GuidanceUpdate(route: route), now: now))
                report(.routePlanned(purpose: request.purpose.rawValue, destination: request.destinationName, metres: plan.lengthMetres,
                                     turns: plan.turns, crossings: plan.crossings, steps: plan.steps))
            case .failed(let request, let error):
                let whither = request.destinationName.map { "to \($0)" } ?? "back to the route"
                let fallback = request.purpose == .offRoute ? "the belt keeps pointing along the route" : "the belt points straight at it"
                logger.warning("cannot plan a route \(whither): \(error); \(fallback)")
            case .replanDeferred(let until):
                let wait = max(0, (until - now).inSeconds)
                logger.info("off the route again; the next re-plan may come in \(Int(wait.rounded(.up))) s ([route] replan_interval_s)")
            }
        }
    }

    /// `go-to`: the walk's destination becomes `destination`; the belt points straight at it until
    /// its route is planned (at once with a fix, else at the next one).
    private func goTo(_ destination: RoutePlanningSettings.Destination, now: Duration) -> Result<String, ControlRefusal> {
        guard planningRule != nil else {
            return .failure(ControlRefusal("go-to plans on a map, and the configuration names none: add map = \"DIR\" to [route] (docs/routing.md)"))
        }
        chosenPlace = destination.isPlace ? destination.name : nil
        changeDestination(to: destination, now: now)
        let state = guidance.state == .stopped ? "; start walks there" : ""
        return .success("destination \(destination.name)\(state)")
    }

    /// `next-place`: the place after the last one chosen becomes the destination, and while walking
    /// the belt pulses once toward it.
    private func nextPlace(_ envelope: CommandEnvelope, now: Duration) -> Result<String, ControlRefusal> {
        journal(envelope)
        guard planningRule != nil else {
            let reason = "next-place plans on a map, and the configuration names none: add map = \"DIR\" to [route]"
            logger.info("next-place ignored: \(reason)")
            return .failure(ControlRefusal(reason))
        }
        guard let place = places.place(after: chosenPlace) else {
            let reason = "next-place steps through [places], and the configuration has none"
            logger.info("next-place ignored: \(reason)")
            return .failure(ControlRefusal(reason))
        }
        chosenPlace = place.name
        changeDestination(to: RoutePlanningSettings.Destination(name: place.name, coordinate: place.coordinate, isPlace: true), now: now)
        if guidance.state == .navigating { carryOut(guidance.handle(.announceDirection, now: now)) }
        let index = (places.places.firstIndex { $0.name == place.name } ?? 0) + 1
        logger.notice("next place: \(place.name) (\(index) of \(places.places.count))")
        return .success("destination \(place.name) (\(index) of \(places.places.count))")
    }

    /// The hazards within the notice distance ahead: felt on the belt (`crossing_ahead`, `steps_ahead`,
    /// `barrier_ahead`), logged and journalled.
    private func tellWhatIsAhead(_ fix: Fix) {
        guard var notices = hazardNotices else { return }
        let told = notices.fix(fix.coordinate)
        hazardNotices = notices
        for hazard in told {
            let (kind, signal): (String, WearerSignal) = switch hazard.kind {
            case .steps: ("steps", .stepsAhead)
            case .barrier: ("barrier", .barrierAhead)
            default: ("crossing", .crossingAhead)
            }
            let distance = max(0, hazard.alongMetres - (notices.progress ?? hazard.alongMetres))
            logger.info("ahead in \(DistanceFormat.text(metres: distance)): \(hazard.text)")
            trip?.record(TripEvent(time: 0, kind: .ahead, name: hazard.text, reason: kind, latitude: hazard.coordinate.latitude,
                                   longitude: hazard.coordinate.longitude, distance: distance))
            states?.yield(.ahead(signal))
        }
    }

    private func changeDestination(to destination: RoutePlanningSettings.Destination, now: Duration) {
        hazardNotices = nil
        let direct = RoutePlanningSettings.directRoute(to: destination)
        trip?.routeChanged(to: direct)
        carryOut(guidance.apply(GuidanceUpdate(route: direct), now: now))
        // Stopped, the route is planned when the walk starts, from where it starts.
        planningActions += planningRule?.destinationChanged(to: destination.name, at: destination.coordinate,
                                                            walking: guidance.state != .stopped, now: now) ?? []
    }
}
