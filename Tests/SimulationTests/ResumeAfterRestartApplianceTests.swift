import Belt
import Clocks
import Config
import Foundation
import Navigation
import Platform
@testable import Runtime
import Simulation
import Synchronization
import WayfinderTestKit
import XCTest

/// The whole appliance on the simulated board with `autostart = false`, restarted on a state directory
/// the last run left: a walk that was under way carries on at its saved waypoint without any command,
/// and one that was not waits. Session time stands still (a `TestClock` nobody advances), so the walker
/// does not move and nothing in the simulated world happens but what the appliance does at start.
final class ResumeAfterRestartApplianceTests: XCTestCase {
    final class Observations: Sendable {
        let all = Mutex<[NavigationObservation]>([])
        var list: [NavigationObservation] { all.withLock { $0 } }
    }

    let loader = ConfigurationLoader.appliance(boards: BoardCatalog(directories: [Repository.boards]))
    var directory = ""
    var stateDirectory: String { directory + "/state" }
    var progressFile: String { stateDirectory + "/progress.json" }

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "wayfinder-resume-sim-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    /// The demo route on the simulated board, without autostart, the touch case or the pen.
    func configuration() throws -> WayfinderConfiguration {
        let path = directory + "/wayfinder.toml"
        try """
        board = "sim"
        log_level = "info"
        state_directory = "\(stateDirectory)"

        [route]
        gpx = "\(Repository.demoRoute)"
        autostart = false

        [navigation]
        heading_source = "belt"
        declination_deg = 3.6

        [devices.touch_case]
        enabled = false

        [devices.pencil]
        enabled = false
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let config = try loader.load(path: path)
        XCTAssertFalse(config.autostart)
        return config
    }

    struct Run {
        let appliance: Appliance
        let board: SimulatedBoard
        let logs: LogCapture
        let observations: Observations
        let task: Task<Void, any Error>

        var starts: [GuidanceEvent] {
            observations.list.compactMap { if case .report(let e) = $0.action, case .started = e { e } else { nil } }
        }
        var beltStarts: [BeltRequest] {
            observations.list.compactMap {
                if case .belt(let r) = $0.action, case .startNavigation = r { r } else { nil }
            }
        }
    }

    func start(_ config: WayfinderConfiguration) throws -> Run {
        let logs = LogCapture(level: .info)
        let observations = Observations()
        var options = Appliance.Options()
        options.clock = SessionClock(TestClock())
        options.shutdownSignals = []
        options.reloadSignals = []
        options.navigationObserver = { o in observations.all.withLock { $0.append(o) } }
        let (appliance, simulated) = try Appliance.buildOnConfiguredBoard(configuration: config, options: options) { logs.logger($0) }
        let board = try XCTUnwrap(simulated, "the configuration names the simulated board")
        let task = Task { try await appliance.run() }
        return Run(appliance: appliance, board: board, logs: logs, observations: observations, task: task)
    }

    /// Returns once the navigation actor has handled whatever it sent itself at start: every actor has
    /// beaten (navigation's first beat comes before it sends itself a start, in the same turn on the
    /// actor), a call on the actor then waits for that turn to end, and a command sent after it is
    /// handled after the start.
    func settle(_ run: Run) async throws {
        try await until("every actor started") { run.appliance.health.allStarted }
        _ = await run.appliance.navigation.state
        run.appliance.navigation.mailbox.send(.command(CommandEnvelope(.announceBattery, from: .button(line: 6, press: .single))))
        try await until("the barrier command") {
            run.observations.list.contains { $0.action == .belt(.notifyBatteryLevel) }
        }
        // Progress is saved off the actor, after the belt is told: what a reader of the file sees next
        // is what the start decided.
        await run.appliance.navigation.progressWritten()
    }

    /// systemctl stop.
    func stop(_ run: Run) async throws {
        await run.appliance.group.triggerGracefulShutdown()
        try await run.task.value
    }

    /// The appliance runs on the process's loops with its simulated devices on real sockets, which
    /// no test loop drains: polled, bounded.
    func until(_ what: String, _ condition: () async -> Bool) async throws {
        try await eventually(what, timeout: .seconds(30), condition)
    }

    /// progress.json as the appliance writes it, for the route's identity.
    func writeProgress(identity: String, currentIndex: Int, skipped: [Int], navigating: Bool) throws {
        try """
        {
          "currentIndex" : \(currentIndex),
          "destinationReached" : false,
          "navigating" : \(navigating),
          "routeIdentity" : "\(identity)",
          "skipped" : [\(skipped.map(String.init).joined(separator: ", "))]
        }
        """.write(toFile: progressFile, atomically: true, encoding: .utf8)
    }

    func savedProgress() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: progressFile))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testAWalkUnderWayCarriesOnAtItsSavedWaypointAfterARestartWithoutAutostart() async throws {
        let config = try configuration()
        let count = config.route.waypoints.count
        try writeProgress(identity: config.route.identity, currentIndex: 4, skipped: [], navigating: true)

        let run = try start(config)
        try await settle(run)
        let text = run.logs.all.joined(separator: "\n")
        XCTAssertEqual(run.logs.matching("resuming the route at waypoint 5/\(count)").count, 1, text)
        XCTAssertEqual(run.logs.matching("command start from resume after restart").count, 1, text)
        XCTAssertEqual(run.starts, [.started(waypoint: 4, of: count)], "at the saved waypoint, without a command")
        XCTAssertEqual(run.beltStarts.count, 1, "the belt is asked to navigate")
        let state = await run.appliance.navigation.state
        XCTAssertEqual(state, .navigating)
        XCTAssertEqual(try savedProgress()["navigating"] as? Bool, true)
        // The simulated belt, over its GATT bytes, is put into app mode (navigation).
        let board = run.board
        try await until("the simulated belt in app mode") {
            await board.snapshot().belt.records.contains { $0.command == .changeMode(.app) }
        }

        // systemctl stop: the next start waits for the wearer, at the same waypoint.
        try await stop(run)
        let saved = try savedProgress()
        XCTAssertEqual(saved["navigating"] as? Bool, false)
        XCTAssertEqual(saved["currentIndex"] as? Int, 4)
    }

    func testAWalkNotUnderWayWaitsForAStartCommandAfterARestartWithoutAutostart() async throws {
        let config = try configuration()
        let count = config.route.waypoints.count
        try writeProgress(identity: config.route.identity, currentIndex: 4, skipped: [], navigating: false)

        let run = try start(config)
        try await settle(run)
        XCTAssertEqual(run.logs.matching("resuming the route at waypoint 5/\(count)").count, 1, "the progress was read")
        XCTAssertEqual(run.starts, [])
        XCTAssertEqual(run.beltStarts, [])
        XCTAssertTrue(run.logs.matching("resume after restart").isEmpty, run.logs.all.joined(separator: "\n"))
        let state = await run.appliance.navigation.state
        XCTAssertEqual(state, .stopped)
        XCTAssertTrue(run.appliance.status.line.contains("navigation stopped"), run.appliance.status.line)
        // The simulated belt connects (its default intensity is written at the end of the handshake)
        // and stays out of app mode: navigation never asked for it.
        let board = run.board
        try await until("the simulated belt connected") {
            await board.snapshot().belt.records.contains { $0.command == .setDefaultIntensity(60, feedback: false) }
        }
        let records = await board.snapshot().belt.records
        XCTAssertFalse(records.contains { $0.command == .changeMode(.app) }, "\(records.map(\.command))")

        // The wearer's start begins at the saved waypoint.
        run.appliance.navigation.mailbox.send(.command(CommandEnvelope(.start, from: .button(line: 5, press: .single))))
        try await until("the wearer's start") { !run.starts.isEmpty }
        XCTAssertEqual(run.starts, [.started(waypoint: 4, of: count)])
        try await stop(run)
    }

    /// The same on the appliance's own files: started by a command, what a kill would have left
    /// carries on by itself; what a graceful stop left waits.
    func testWhatAKillLeavesCarriesOnAndWhatAStopLeavesWaits() async throws {
        let config = try configuration()
        let first = try start(config)
        try await settle(first)
        XCTAssertEqual(first.starts, [], "no progress, no autostart: waiting")
        first.appliance.navigation.mailbox.send(.command(CommandEnvelope(.start, from: .button(line: 5, press: .single))))
        first.appliance.navigation.mailbox.send(.command(CommandEnvelope(.nextWaypoint, from: .button(line: 5, press: .single))))
        try await until("the wearer's start and skip") {
            first.observations.list.contains { if case .report(.skipped(to: 1, _)) = $0.action { true } else { false } }
        }
        // The skip is saved after the belt is told, off the actor: wait for that write, which a kill
        // after it finds.
        await first.appliance.navigation.progressWritten()
        let leftByAKill = try Data(contentsOf: URL(fileURLWithPath: progressFile))
        XCTAssertEqual(try savedProgress()["navigating"] as? Bool, true)
        try await stop(first)
        XCTAssertEqual(try savedProgress()["navigating"] as? Bool, false)

        let afterStop = try start(config)
        try await settle(afterStop)
        XCTAssertEqual(afterStop.starts, [])
        try await stop(afterStop)

        try leftByAKill.write(to: URL(fileURLWithPath: progressFile))
        let afterKill = try start(config)
        try await settle(afterKill)
        XCTAssertEqual(afterKill.starts, [.started(waypoint: 1, of: config.route.waypoints.count)])
        XCTAssertEqual(afterKill.logs.matching("command start from resume after restart").count, 1)
        try await stop(afterKill)
    }
}
