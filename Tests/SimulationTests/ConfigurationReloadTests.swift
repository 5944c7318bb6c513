import Belt
import Config
import Logging
import Navigation
import Platform
@testable import Runtime
import Simulation
import Synchronization
import WayfinderTestKit
import XCTest

/// A configuration reload on the simulated board, in process: the appliance walks the demo route, the
/// file it was started with is rewritten and reloaded, and the new settings reach the simulated belt's
/// bytes (or a bad file is refused and the walk goes on).
final class ConfigurationReloadTests: XCTestCase {
    final class Observations: Sendable {
        let all = Mutex<[NavigationObservation]>([])
        var list: [NavigationObservation] { all.withLock { $0 } }
    }

    struct Rig {
        let appliance: Appliance
        let board: SimulatedBoard
        let logs: LogCapture
        let notifier: CapturingNotifier
        let level: SharedLogLevel
        let observations: Observations
        let path: String
        let run: Task<Void, any Error>

        func stop() async throws {
            await appliance.group.triggerGracefulShutdown()
            try await run.value
        }
    }

    let loader = ConfigurationLoader.appliance(boards: BoardCatalog(directories: [Repository.boards]))

    /// A simulated walk of the demo route without the touch case and the pen (their timers only load
    /// the machine here).
    static func configuration(intensity: Int = 60, logLevel: String = "info", route: String = Repository.demoRoute,
                              extra: String = "") -> String {
        """
        board = "sim"
        log_level = "\(logLevel)"

        [route]
        gpx = "\(route)"

        [navigation]
        declination_deg = 3.6
        progress_interval_s = 20
        intensity = \(intensity)

        [devices.touch_case]
        enabled = false
        \(extra)
        """
    }

    func start(_ text: String) throws -> Rig {
        let directory = NSTemporaryDirectory() + "wayfinder-reload-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/wayfinder.toml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let config = try loader.load(path: path)
        let logs = LogCapture(level: .info)
        let notifier = CapturingNotifier()
        let level = SharedLogLevel(.info)
        let observations = Observations()
        var options = Appliance.Options()
        options.acceleration = 30
        options.freshStart = true
        options.stateDirectory = directory + "/state"
        options.shutdownSignals = []
        options.reloadSignals = []
        options.notifier = notifier
        options.logLevel = level
        options.configurationLoader = loader
        options.navigationObserver = { o in observations.all.withLock { $0.append(o) } }
        let (appliance, simulated) = try Appliance.buildOnConfiguredBoard(configuration: config, options: options) { logs.logger($0) }
        let board = try XCTUnwrap(simulated)
        let run = Task { try await appliance.run() }
        return Rig(appliance: appliance, board: board, logs: logs, notifier: notifier, level: level,
                   observations: observations, path: path, run: run)
    }

    /// Waits (real time, generously) for a condition on the running appliance: its simulated
    /// devices answer over real sockets on the process's loops, which no test loop drains.
    func eventually(_ what: String, timeout: Duration = .seconds(60), _ condition: () async -> Bool) async throws {
        try await WayfinderTestKit.eventually(what, timeout: timeout, every: .milliseconds(50), condition)
    }

    /// Started, systemd told, and the belt vibrating toward the first waypoint.
    func walking(_ rig: Rig) async throws {
        try await eventually("READY=1") { rig.notifier.count("READY=1") >= 1 }
        try await eventually("the belt pointing the way") {
            await rig.board.snapshot().belt.channels.values.contains { $0.configuration.pattern == .continuous }
        }
    }

    func testAReloadSetsTheNewIntensityOnTheBeltTheLogLevelAndTellsSystemd() async throws {
        let rig = try start(Self.configuration(intensity: 60))
        try await walking(rig)
        let readyBefore = rig.notifier.messages.count
        let startIntensity = await rig.board.snapshot().belt.defaultIntensity
        XCTAssertEqual(startIntensity, 60)

        try Self.configuration(intensity: 85, logLevel: "debug").write(toFile: rig.path, atomically: true, encoding: .utf8)
        let plan = await rig.appliance.reload()
        guard case .apply(let change, _) = plan else { return XCTFail("refused: \(plan.logLines)") }
        XCTAssertEqual(change.applied, [.init(keyPath: "log_level", old: "\"info\"", new: "\"debug\""),
                                        .init(keyPath: "navigation.intensity", old: "60", new: "85")])
        XCTAssertEqual(change.needsRestart, [])

        try await eventually("the belt at 85 %") { await rig.board.snapshot().belt.defaultIntensity == 85 }
        let records = await rig.board.snapshot().belt.records.map(\.command)
        XCTAssertTrue(records.contains(.setDefaultIntensity(85, feedback: false)), "written without the feedback vibration")
        XCTAssertEqual(rig.level.level, .debug)
        XCTAssertEqual(rig.logs.matching("applied: navigation.intensity: 60 → 85").count, 1, rig.logs.all.suffix(20).joined(separator: "\n"))

        // systemd: RELOADING=1 (with the time sd_notify(3) pairs with it), then READY=1 with a status.
        let reload = Array(rig.notifier.messages.dropFirst(readyBefore)).filter { !$0.hasPrefix("STATUS=") && $0 != "WATCHDOG=1" }
        XCTAssertEqual(reload.count, 2, "\(reload)")
        XCTAssertTrue(reload.first?.hasPrefix("RELOADING=1\nMONOTONIC_USEC=") ?? false, "\(reload)")
        XCTAssertTrue(reload.last?.hasPrefix("READY=1\nSTATUS=navigating to waypoint") ?? false, "\(reload)")

        try await rig.stop()
        let violations = await rig.board.snapshot().belt.violations
        XCTAssertEqual(violations, [])
    }

    func testAnInvalidFileIsRefusedWithItsLinesAndTheWalkGoesOn() async throws {
        let rig = try start(Self.configuration(intensity: 60))
        try await walking(rig)
        // Line 10: the intensity; line 15: a misspelt key.
        try Self.configuration(intensity: 120, extra: "[gps]\nsorce = \"uart\"").write(toFile: rig.path, atomically: true, encoding: .utf8)
        let walked = await rig.board.snapshot().walker.distanceWalked
        let plan = await rig.appliance.reload()
        guard case .refused(_, let issues) = plan else { return XCTFail("accepted: \(plan.logLines)") }
        XCTAssertEqual(issues.map(\.line), [10, 15])

        let errors = rig.logs.all.filter { $0.hasPrefix("<3>reload: ") }
        XCTAssertEqual(errors.first, "<3>reload: configuration reload refused: \(rig.path) has 2 errors; the running configuration stays in force")
        XCTAssertTrue(errors.contains { $0.hasPrefix("<3>reload: \(rig.path):10:1: navigation.intensity: 120 % is out of range") }, "\(errors)")
        XCTAssertTrue(errors.contains { $0.hasPrefix("<3>reload: \(rig.path):15:1: gps.sorce: unknown key") }, "\(errors)")
        XCTAssertTrue(rig.appliance.status.line.contains("configuration reload refused (2 errors)"), rig.appliance.status.line)
        XCTAssertTrue(rig.notifier.messages.last { $0.hasPrefix("READY=1") }?.contains("reload refused") ?? false)

        // Nothing changed, and the walk goes on.
        try await eventually("20 m more walked") { await rig.board.snapshot().walker.distanceWalked > walked + 20 }
        let intensity = await rig.board.snapshot().belt.defaultIntensity
        XCTAssertEqual(intensity, 60)
        let state = await rig.appliance.navigation.state
        XCTAssertEqual(state, .navigating)
        let config = await rig.appliance.reloader.configuration
        XCTAssertEqual(config.intensity, 60)
        try await rig.stop()
        let violations = await rig.board.snapshot().belt.violations
        XCTAssertEqual(violations, [])
    }

    /// Another route while walking: navigation starts it from its first waypoint and the belt is
    /// pointed there at once, from where the walker is.
    func testANewRouteWhileWalkingRepointsTheBeltAtItsFirstWaypoint() async throws {
        let rig = try start(Self.configuration())
        try await walking(rig)
        let demo = try GPXParser.parse(data: Data(contentsOf: URL(fileURLWithPath: Repository.demoRoute)), source: Repository.demoRoute)
        var reversed = demo
        reversed.waypoints.reverse()
        let file = Self.gpxFile(reversed, beside: rig.path)
        try Self.configuration(route: file).write(toFile: rig.path, atomically: true, encoding: .utf8)
        let beltRecordsBefore = await rig.board.snapshot().belt.records.count
        let plan = await rig.appliance.reload()
        guard case .apply(let change, _) = plan else { return XCTFail("refused: \(plan.logLines)") }
        XCTAssertEqual(change.applied.map(\.keyPath), ["route.gpx"])

        try await eventually("the route change") {
            rig.observations.list.contains { $0.action == .report(.routeChanged(waypoint: 0, of: 12, keptProgress: false)) }
        }
        let value6 = await rig.appliance.navigation.progress.routeIdentity
        XCTAssertEqual(value6, reversed.identity)
        // The first direction after the change points from the fix at the new first waypoint (the
        // Schloss, the demo's last), in magnetic terms.
        let after = rig.observations.list.drop { $0.action != .report(.routeChanged(waypoint: 0, of: 12, keptProgress: false)) }
        let pointed = try XCTUnwrap(after.first { if case .belt(.updateNavigation(_, _, .some)) = $0.action { true } else { false } })
        guard case .belt(.updateNavigation(let direction, true, _)) = pointed.action, let fix = pointed.fix else {
            return XCTFail("\(pointed)")
        }
        let bearing = Geodesic.wgs84.inverse(from: fix.coordinate, to: reversed.waypoints[0].coordinate).initialAzimuth
        XCTAssertLessThanOrEqual(abs(Bearing.difference(from: Double(direction), to: Bearing.normalized(bearing - 3.6))), 1)
        XCTAssertEqual(pointed.targetIndex, 0)
        // The belt received it as bytes.
        try await eventually("a belt command after the reload") {
            await rig.board.snapshot().belt.records.dropFirst(beltRecordsBefore).contains {
                if case .configureChannel = $0.command { true } else { false }
            }
        }
        XCTAssertEqual(rig.logs.matching("route changed: next waypoint 1/12 \"\(reversed.waypoints[0].name ?? "")\"").count, 1,
                       rig.logs.all.suffix(20).joined(separator: "\n"))
        try await rig.stop()
        let value7 = await rig.board.snapshot().belt.violations
        XCTAssertEqual(value7, [])
    }

    static func gpxFile(_ route: Route, beside path: String) -> String {
        let file = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("reversed.gpx").path
        func escaped(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        }
        let points = route.waypoints.map { w in
            "<rtept lat=\"\(w.coordinate.latitude)\" lon=\"\(w.coordinate.longitude)\">\(w.name.map { "<name>\(escaped($0))</name>" } ?? "")</rtept>"
        }
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><rte>
        \(points.joined(separator: "\n"))
        </rte></gpx>
        """
        try? text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }
}
