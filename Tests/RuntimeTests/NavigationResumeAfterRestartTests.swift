import Belt
import Clocks
import Foundation
import Navigation
import Platform
@testable import Runtime
import Sensors
import Synchronization
import WayfinderTestKit
import XCTest

/// The navigation actor at start, with `autostart = false`: a walk that was under way when the last run
/// ended without being asked to (a crash, kill -9, the watchdog, a pulled battery: nothing more was
/// written than the last state change) carries on at its saved waypoint without a start command; one
/// that was stopped, paused, finished or ended by a graceful shutdown waits for the wearer.
///
/// Session time stands still (a `TestClock` nobody advances): no heartbeat, no fix; everything the
/// actor does here it does on its own at start or for a command the test sends.
final class NavigationResumeAfterRestartTests: XCTestCase {
    final class Observations: Sendable {
        let all = Mutex<[NavigationObservation]>([])
        var list: [NavigationObservation] { all.withLock { $0 } }
    }

    // A: start; B: 111 m north of A; C: about 103 m east of B.
    let route = Route(name: "test", kind: .route, waypoints: [
        Waypoint(name: "A", coordinate: Coordinate(latitude: 52.0000, longitude: 8.0000)),
        Waypoint(name: "B", coordinate: Coordinate(latitude: 52.0010, longitude: 8.0000)),
        Waypoint(name: "C", coordinate: Coordinate(latitude: 52.0010, longitude: 8.0015)),
    ])

    var directory = ""
    var store: ProgressStore { ProgressStore(directory: directory) }

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "wayfinder-resume-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    /// One run of the appliance's navigation actor: the guidance restored from progress.json as
    /// `Appliance.build` restores it.
    struct Run {
        let actor: NavigationActor
        let testClock: TestClock<Duration>
        let health: HealthMonitor
        let logs: LogCapture
        let observations: Observations
        let commands: AsyncStream<CommandEnvelope>.Continuation
        let task: Task<Void, any Error>

        var reports: [GuidanceEvent] {
            observations.list.compactMap { if case .report(let e) = $0.action { e } else { nil } }
        }
        var beltRequests: [BeltRequest] {
            observations.list.compactMap { if case .belt(let r) = $0.action { r } else { nil } }
        }
        var starts: [GuidanceEvent] {
            reports.filter { if case .started = $0 { true } else { false } }
        }
    }

    func launch(autostart: Bool, fixDemand: FixDemand? = nil) throws -> Run {
        let guidance = RouteGuidance(route: route, parameters: GuidanceParameters(), restoring: try store.load())
        let testClock = TestClock()
        let health = HealthMonitor(expected: [NavigationActor.name])
        let logs = LogCapture(level: .info)
        let observations = Observations()
        let (fixes, _) = AsyncStream<Fix>.makeStream()
        let (headings, _) = AsyncStream<Heading>.makeStream()
        let (commands, commandSink) = AsyncStream<CommandEnvelope>.makeStream()
        let (beltReports, _) = AsyncStream<BeltActor.Report>.makeStream()
        let (_, beltRequestSink) = AsyncStream<BeltRequest>.makeStream()
        let actor = NavigationActor(
            guidance: guidance, store: store,
            inputs: .init(fixes: fixes, headings: headings, commands: commands, beltReports: beltReports),
            beltRequests: beltRequestSink, autostart: autostart, fixDemand: fixDemand, clock: SessionClock(testClock),
            logger: logs.logger(NavigationActor.name), health: health, status: StatusBoard(order: [NavigationActor.name]),
            observer: { o in observations.all.withLock { $0.append(o) } })
        let task = Task { try await actor.run() }
        return Run(actor: actor, testClock: testClock, health: health, logs: logs, observations: observations,
                   commands: commandSink, task: task)
    }

    /// Returns once the actor has handled everything it sent itself at start, and everything sent to it
    /// before. Its first heartbeat is the first thing `run()` does, and it sends itself any start before
    /// it first lets go of the actor; so a call on the actor after that heartbeat comes after that start,
    /// and a command sent then is handled after it.
    func settle(_ run: Run) async throws {
        try await until("the actor's start") { run.health.allStarted }
        try await handled(run)
    }

    /// Sends a command that is never ignored and waits until the actor has handled it.
    func handled(_ run: Run) async throws {
        _ = await run.actor.state
        await run.actor.progressWritten()
        let before = run.beltRequests.filter { $0 == .notifyBatteryLevel }.count
        run.actor.mailbox.send(.command(CommandEnvelope(.announceBattery, from: .button(line: 6, press: .single))))
        try await until("the barrier command") { run.beltRequests.filter { $0 == .notifyBatteryLevel }.count > before }
    }

    /// The wearer's command, handled.
    func command(_ command: NavigationCommand, _ run: Run) async throws {
        run.commands.yield(CommandEnvelope(command, from: .button(line: 5, press: .single)))
        try await until("\(command) handled") {
            run.logs.matching("command \(command) from button GPIO5 (press)").count > 0
        }
        try await handled(run)
    }

    /// The process dies: nothing more is written (the run loop ends without its shutdown event).
    func kill(_ run: Run) async {
        run.commands.finish()
        run.task.cancel()
        _ = try? await run.task.value
    }

    /// systemctl stop: graceful shutdown delivers the shutdown event.
    func stopGracefully(_ run: Run) async throws {
        run.actor.mailbox.send(.shutdown)
        try await run.task.value
        run.commands.finish()
    }

    /// Waits in real time (session time stands still) until `condition` holds.
    func until(_ what: String, _ condition: () async -> Bool) async throws {
        // The actor runs on the process's loop, not a test loop: `handled` awaits `progressWritten()`,
        // which the file worker answers (`FileWorker`), a thread no test loop runs. So what
        // the actor did is polled, bounded.
        try await eventually(what, timeout: .seconds(20), every: .milliseconds(2), condition)
    }

    func save(_ progress: RouteProgress) throws { try store.save(progress) }

    // MARK: At start

    func testAWalkUnderWayCarriesOnAtItsSavedWaypointWithoutAStartCommand() async throws {
        try save(RouteProgress(routeIdentity: route.identity, currentIndex: 1, skipped: [0], isNavigating: true))
        let run = try launch(autostart: false)
        try await settle(run)
        let state = await run.actor.state
        XCTAssertEqual(state, .navigating)
        XCTAssertEqual(run.starts, [.started(waypoint: 1, of: 3)], "at the saved waypoint")
        XCTAssertEqual(run.beltRequests.first, .startNavigation(direction: 0, isMagneticBearing: true, signal: nil),
                       "the belt is put into navigation (silent until the first fix)")
        XCTAssertEqual(run.logs.matching("command start from resume after restart").count, 1, run.logs.all.joined(separator: "\n"))
        XCTAssertEqual(run.logs.matching("the walk was under way when the appliance last stopped; carrying on to waypoint 2/3").count, 1,
                       run.logs.all.joined(separator: "\n"))
        let progress = try XCTUnwrap(try store.load())
        XCTAssertEqual(progress, RouteProgress(routeIdentity: route.identity, currentIndex: 1, skipped: [0], isNavigating: true),
                       "still under way on disk, at the same waypoint")
        await kill(run)
    }

    func testAWalkNotUnderWayWaitsForAStartCommand() async throws {
        try save(RouteProgress(routeIdentity: route.identity, currentIndex: 1, skipped: [0], isNavigating: false))
        let run = try launch(autostart: false)
        try await settle(run)
        let state = await run.actor.state
        XCTAssertEqual(state, .stopped)
        XCTAssertEqual(run.starts, [])
        XCTAssertFalse(run.beltRequests.contains { if case .startNavigation = $0 { true } else { false } })
        XCTAssertTrue(run.logs.matching("resume after restart").isEmpty)
        XCTAssertTrue(run.logs.matching("carrying on").isEmpty)

        try await command(.start, run)
        XCTAssertEqual(run.starts, [.started(waypoint: 1, of: 3)], "the wearer's start begins at the saved waypoint")
        await kill(run)
    }

    /// The GPS is read at every epoch only while a walk is under way: stopped, the DDC poller drains
    /// the receiver every few seconds (`DDCIdlePolls`); paused, the wearer may resume at any moment.
    func testTheGPSIsWantedWhileAWalkIsUnderWayAndNotWhileStopped() async throws {
        let demand = FixDemand(wanted: true)
        let run = try launch(autostart: false, fixDemand: demand)
        try await settle(run)
        XCTAssertFalse(demand.isWanted, "no walk under way at start")
        try await command(.start, run)
        XCTAssertTrue(demand.isWanted, "navigating")
        try await command(.pause, run)
        XCTAssertTrue(demand.isWanted, "paused")
        try await command(.stop, run)
        XCTAssertFalse(demand.isWanted, "stopped")
        await kill(run)
    }

    func testAWalkResumedAfterARestartWantsTheGPSFromTheStart() async throws {
        try save(RouteProgress(routeIdentity: route.identity, currentIndex: 1, skipped: [0], isNavigating: true))
        let demand = FixDemand(wanted: false)
        let run = try launch(autostart: false, fixDemand: demand)
        try await settle(run)
        XCTAssertTrue(demand.isWanted)
        await kill(run)
    }

    /// A progress.json written before "navigating" existed (an update) does not start a walk by itself.
    func testProgressFromBeforeTheNavigatingKeyWaitsForAStartCommand() async throws {
        try Data("""
            {"currentIndex": 1, "destinationReached": false, "routeIdentity": "\(route.identity)", "skipped": [0]}
            """.utf8).write(to: URL(fileURLWithPath: store.path))
        let run = try launch(autostart: false)
        try await settle(run)
        let state = await run.actor.state
        XCTAssertEqual(state, .stopped)
        XCTAssertEqual(run.starts, [])
        await kill(run)
    }

    func testNoSavedProgressWaitsForAStartCommand() async throws {
        let run = try launch(autostart: false)
        try await settle(run)
        let state = await run.actor.state
        XCTAssertEqual(state, .stopped)
        XCTAssertEqual(run.starts, [])
        await kill(run)
    }

    /// A file that says both (a hand edit; the guidance never saves it) does not start a finished walk.
    func testAFinishedWalkDoesNotStartAgainEvenIfSavedAsUnderWay() async throws {
        try save(RouteProgress(routeIdentity: route.identity, currentIndex: 2, skipped: [], destinationReached: true,
                               isNavigating: true))
        let run = try launch(autostart: false)
        try await settle(run)
        let state = await run.actor.state
        XCTAssertEqual(state, .stopped)
        XCTAssertEqual(run.starts, [])
        XCTAssertTrue(run.logs.matching("resume after restart").isEmpty)
        await kill(run)
    }

    /// The progress of another route is not this route's walk.
    func testAWalkUnderWayOnAnotherRouteDoesNotStartThisOne() async throws {
        try save(RouteProgress(routeIdentity: "v1-another-route", currentIndex: 1, isNavigating: true))
        let run = try launch(autostart: false)
        try await settle(run)
        let state = await run.actor.state
        XCTAssertEqual(state, .stopped)
        XCTAssertEqual(run.starts, [])
        await kill(run)
    }

    /// With autostart on, autostart starts the walk, once: no second start from the saved flag.
    func testWithAutostartAWalkUnderWayIsStartedOnceByAutostart() async throws {
        try save(RouteProgress(routeIdentity: route.identity, currentIndex: 1, skipped: [0], isNavigating: true))
        let run = try launch(autostart: true)
        try await settle(run)
        XCTAssertEqual(run.starts, [.started(waypoint: 1, of: 3)])
        XCTAssertEqual(run.logs.matching("command start from").count, 1, run.logs.all.joined(separator: "\n"))
        XCTAssertEqual(run.logs.matching("command start from autostart").count, 1)
        XCTAssertEqual(run.reports.filter { if case .commandIgnored = $0 { true } else { false } }, [],
                       "no second start to ignore")
        await kill(run)
    }

    // MARK: How the last run ended

    /// systemctl stop or a shutdown while walking: the file says not under way, at the same waypoint,
    /// and the next start waits for the wearer.
    func testAGracefulShutdownWhileWalkingSavesTheWalkAsNotUnderWayAndTheNextStartWaits() async throws {
        let first = try launch(autostart: false)
        try await settle(first)
        try await command(.start, first)
        try await command(.nextWaypoint, first)
        XCTAssertEqual(try store.load(), RouteProgress(routeIdentity: route.identity, currentIndex: 1, skipped: [0], isNavigating: true),
                       "what a kill would leave")
        try await stopGracefully(first)
        XCTAssertEqual(try store.load(), RouteProgress(routeIdentity: route.identity, currentIndex: 1, skipped: [0], isNavigating: false))

        let second = try launch(autostart: false)
        try await settle(second)
        let state = await second.actor.state
        XCTAssertEqual(state, .stopped)
        XCTAssertEqual(second.starts, [])
        let progress = await second.actor.progress
        XCTAssertEqual(progress.currentIndex, 1, "the waypoint is kept for the wearer's start")
        await kill(second)
    }

    /// Killed while walking, the next run carries on; killed after the wearer stopped or paused, it
    /// waits. Each run reads only what the one before left on disk.
    func testAfterAKillOnlyAWalkThatWasUnderWayCarriesOn() async throws {
        // Walking to B when killed.
        let first = try launch(autostart: false)
        try await settle(first)
        try await command(.start, first)
        try await command(.nextWaypoint, first)
        await kill(first)

        // Carries on to B by itself; the wearer stops it; killed.
        let second = try launch(autostart: false)
        try await settle(second)
        XCTAssertEqual(second.starts, [.started(waypoint: 1, of: 3)])
        XCTAssertEqual(second.logs.matching("command start from resume after restart").count, 1)
        try await command(.stop, second)
        await kill(second)

        // Waits; the wearer starts and pauses; killed.
        let third = try launch(autostart: false)
        try await settle(third)
        var state = await third.actor.state
        XCTAssertEqual(state, .stopped, "a stopped walk waits")
        XCTAssertEqual(third.starts, [])
        try await command(.start, third)
        try await command(.pause, third)
        await kill(third)

        // A paused walk waits too.
        let fourth = try launch(autostart: false)
        try await settle(fourth)
        state = await fourth.actor.state
        XCTAssertEqual(state, .stopped, "a paused walk waits")
        XCTAssertEqual(fourth.starts, [])
        XCTAssertEqual(try store.load(), RouteProgress(routeIdentity: route.identity, currentIndex: 1, skipped: [0], isNavigating: false))
        await kill(fourth)
    }

    /// The supervisor restarts a failed actor with its state: the start decided at the first run is not
    /// made again, so a walk the wearer stopped stays stopped.
    func testAnActorRestartDoesNotStartAStoppedWalkAgain() async throws {
        try save(RouteProgress(routeIdentity: route.identity, currentIndex: 1, skipped: [0], isNavigating: true))
        let run = try launch(autostart: true)
        try await settle(run)
        try await command(.stop, run)
        run.actor.mailbox.inject(InjectedFailure(actor: NavigationActor.name))
        do {
            try await run.task.value
            XCTFail("the injected failure ends the run")
        } catch is InjectedFailure {}

        // The restarted run handles what waits in the mailbox: the barrier command shows it is up.
        await run.testClock.advance(by: .seconds(1))
        let restarted = Task { try await run.actor.run() }
        try await handled(run)
        let state = await run.actor.state
        XCTAssertEqual(state, .stopped)
        XCTAssertEqual(run.starts, [.started(waypoint: 1, of: 3)], "one start, from the first run's autostart")
        restarted.cancel()
        _ = try? await restarted.value
    }
}
