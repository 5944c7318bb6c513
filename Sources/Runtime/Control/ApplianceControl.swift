import BLE
import Config
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Navigation
import Pencil
import Platform
import Routing
import Status

/// The appliance's side of the control socket: its status gathered from the actors, and the
/// controls carried out by the navigation actor like a button's commands (logged with their source).
package struct ApplianceControl: ControlHandler {
    /// A device's part of the status report (the touch case's, the pencil's), asked of its actor.
    package typealias DevicePart = @Sendable (inout StatusReport) async -> Void

    let navigation: NavigationActor
    let belt: BeltActor
    let deviceParts: [DevicePart]
    let warnings: WarningLog?
    let health: HealthMonitor
    let board: StatusBoard
    let clock: SessionClock
    let version: String
    let routeName: String
    /// Where `control route NAME` finds its GPX files: the configured route's folder.
    let routesDirectory: String?
    let gpsSource: String?
    let headingSource: HeadingStatus.Source
    /// The Pi's own supply, on a board that reads it.
    let supply: PiSupplyWatch?

    package init(navigation: NavigationActor, belt: BeltActor, deviceParts: [DevicePart] = [],
                warnings: WarningLog?, health: HealthMonitor, board: StatusBoard, clock: SessionClock,
                version: String, routeName: String, routesDirectory: String?, gpsSource: String?,
                headingSource: HeadingStatus.Source, supply: PiSupplyWatch? = nil) {
        self.supply = supply
        self.routesDirectory = routesDirectory
        self.navigation = navigation
        self.belt = belt
        self.deviceParts = deviceParts
        self.warnings = warnings
        self.health = health
        self.board = board
        self.clock = clock
        self.version = version
        self.routeName = routeName
        self.gpsSource = gpsSource
        self.headingSource = headingSource
    }

    package func status() async -> StatusReport {
        let now = clock.elapsed
        let (route, gps) = await navigation.statusParts(routeName: routeName, gpsSource: gpsSource)
        let direction = await navigation.lastBeltCommand
        var beltStatus = await belt.statusPart.status
        beltStatus.lastDirectionDegrees = direction.map { Double($0.direction) }
        beltStatus.lastSentSecondsAgo = direction?.secondsAgo
        let actors = health.actors(at: now).map { actor in
            ActorHealth(name: actor.name,
                        state: !actor.started ? .starting : actor.running ? .running : .restarting,
                        nextAttemptInSeconds: actor.nextAttemptIn?.inSeconds, reason: actor.reason, restarts: actor.restarts)
        }
        var heading = HeadingStatus(source: headingSource)
        if headingSource == .external, let part = await navigation.headingPart {
            heading.accuracyDegrees = part.accuracy.flatMap { $0.isFinite ? $0 : nil }
            heading.ageSeconds = part.ageSeconds
        }
        var report = StatusReport(wayfinderVersion: version, uptimeSeconds: now.inSeconds, actors: actors, gps: gps,
                                  heading: heading, belt: beltStatus, route: route, warnings: warnings?.recent ?? [])
        report.supply = supply?.current.map { SupplyStatus($0) }
        for part in deviceParts { await part(&report) }
        return report
    }

    /// How long, in real time, an answer waits for the belt actor to carry out what the control asked
    /// of the belt. The wait covers every request queued before the control's, and the belt actor may
    /// rest between restarts for up to 30 s (`RestartBackoff`), so it is bounded: longer than one belt
    /// write may take (`GATTBeltLink.limits`, 5 s), and short enough that the answer reaches
    /// `wayfinder control`, which waits 10 s by default, before it gives up on a control that was
    /// carried out.
    static let beltWait: Duration = .seconds(8)

    /// Carries out `command` like a button's, and answers once the belt actor has carried out what
    /// it asked of the belt: the status sent with the answer then shows the change (a new intensity,
    /// the belt's mode), not the state before it. After `beltWait` it answers without the belt, and
    /// says so.
    package func perform(_ command: ControlCommand, from source: ControlPeerDescription) async throws(ControlRefusal) -> String {
        let mailbox = navigation.mailbox
        let outcome: NavigationControlOutcome
        switch command {
        case .route(let name):
            let route = try loadRoute(name)
            outcome = await withCheckedContinuation { continuation in
                mailbox.send(.controlRoute(route, from: .controlSocket(source), reply: { continuation.resume(returning: $0) }))
            }
        case .goTo(let text):
            let destination = try resolveDestination(text)
            let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<NavigationControlOutcome, ControlRefusal>, Never>) in
                mailbox.send(.controlGoTo(destination, from: .controlSocket(source), reply: { continuation.resume(returning: $0) }))
            }
            outcome = try result.get()
        case .navigation(let navigationCommand):
            let envelope = CommandEnvelope(navigationCommand, from: .controlSocket(source))
            let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<NavigationControlOutcome, ControlRefusal>, Never>) in
                mailbox.send(.control(envelope, reply: { continuation.resume(returning: $0) }))
            }
            outcome = try result.get()
        }
        // Session time runs faster than real time on an accelerated simulated board (as the watchdog's
        // intervals, `ServiceManagerService`).
        let deadline = clock.now.advanced(by: Self.beltWait * clock.accelerationFactor)
        let taken = await belt.handled(outcome.beltRequests, before: deadline)
        let result = if case .navigation(.announceBattery) = command { try await batteryResult() } else { outcome.result }
        return taken ? result : result + "; " + (await notTakenYet())
    }

    /// Why the belt has not carried out a control yet, in plain words, for an answer that could not
    /// wait for it: the control is not lost, the belt gets it when it can.
    func notTakenYet() async -> String {
        let resting = health.actors(at: clock.elapsed).contains { $0.name == BeltActor.name && $0.started && !$0.running }
        if resting { return "the belt has not taken it yet (the appliance is restarting its belt connection; it follows then)" }
        if await belt.statusPart.connected { return "the belt has not taken it yet (it is busy with earlier writes; it follows)" }
        return "the belt has not taken it yet (its link is down; it follows when the belt connects)"
    }

    /// The charge the belt last reported, with its battery signal; refused while the belt is away,
    /// since the signal is then not played.
    func batteryResult() async throws(ControlRefusal) -> String {
        let part = await belt.statusPart
        guard part.connected else {
            throw ControlRefusal("the belt is not connected, so it cannot play its battery signal"
                                 + (part.batteryPercent.map { "; the last charge it reported was \($0) %" } ?? ""))
        }
        return "the belt plays its battery signal; " + (part.batteryPercent.map { "charge \($0) %" } ?? "it has not reported its charge yet")
    }

    package func changes() -> AsyncStream<Void> { board.changes() }

    /// `name` (`.gpx` may be left off) from the routes folder, parsed; a refusal names what is wrong
    /// and which routes are there.
    /// `go-to`'s argument: a place of `[places]` or `LAT,LON`.
    func resolveDestination(_ text: String) throws(ControlRefusal) -> RoutePlanningSettings.Destination {
        do {
            let endpoint = try RouteEndpoint.parse(text)
            let places = navigation.places
            let coordinate = try places.resolve(endpoint)
            switch endpoint {
            case .place(let name): return .init(name: places.place(named: name)?.name ?? name, coordinate: coordinate, isPlace: true)
            case .coordinate: return .init(name: endpoint.description, coordinate: coordinate, isPlace: false)
            }
        } catch {
            throw ControlRefusal("\(error)")
        }
    }

    func loadRoute(_ name: String) throws(ControlRefusal) -> Route {
        guard let directory = routesDirectory else { throw ControlRefusal("this appliance has no routes folder") }
        let file = name.lowercased().hasSuffix(".gpx") ? name : name + ".gpx"
        let path = directory + "/" + file
        guard FileManager.default.fileExists(atPath: path) else {
            let there = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
                .filter { $0.lowercased().hasSuffix(".gpx") }.sorted()
            throw ControlRefusal("no route \(file) in \(directory)" + (there.isEmpty ? "" : "; the routes there: \(there.joined(separator: ", "))"))
        }
        do {
            return try RouteFile.read(path, files: DiskFiles())
        } catch {
            throw ControlRefusal("\(error)")
        }
    }
}
