import Config
import Foundation
import Platform
import Runtime
import Simulation
import Status
import Vocabulary
import WayfinderTestKit
import XCTest

/// The control socket on the simulated board: `status` while the demo route is walked, and a
/// `control next` that skips a waypoint, logged with the peer it came from, as a button press is.
final class ControlSocketIntegrationTests: XCTestCase {
    /// A scratch directory, removed after the test.
    func scratchDirectory() throws -> String {
        let directory = NSTemporaryDirectory() + "wayfinder-control-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        return directory
    }

    /// The demo configuration without its script, the touch case and the pencil: the belt walk alone.
    func demoConfiguration() throws -> WayfinderConfiguration {
        var config = try ConfigurationLoader.appliance(boards: BoardCatalog(directories: [Repository.boards])).load(path: Repository.demoConfig)
        config.simulation?.events.removeAll()
        config.touchCase.enabled = false
        config.pencil.enabled = false
        return config
    }

    /// The appliance on the simulated board at 20×, with its control socket in `directory`.
    func start(_ config: WayfinderConfiguration, in directory: String, logs: LogCapture) throws -> (appliance: Appliance, socket: String) {
        var options = Appliance.Options()
        options.acceleration = 20
        options.stateDirectory = directory + "/state"
        options.shutdownSignals = []
        options.controlSocket = directory + "/control.sock"
        options.version = "test"
        let (appliance, _) = try Appliance.buildOnConfiguredBoard(configuration: config, options: options) { logs.logger($0) }
        return (appliance, directory + "/control.sock")
    }

    func testStatusWhileWalkingAndAControlThatSkipsAWaypoint() async throws {
        let directory = try scratchDirectory()
        var config = try demoConfiguration()
        // The routes folder is the configured route's: a second route beside it for `control route`.
        let routes = directory + "/routes"
        try FileManager.default.createDirectory(atPath: routes, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: config.routePath, toPath: routes + "/demo-walk.gpx")
        config.routePath = routes + "/demo-walk.gpx"
        try Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><rte><name>Back to the station</name>
        <rtept lat="52.2733500" lon="8.0566000"><name>Goethering</name></rtept>
        <rtept lat="52.2729000" lon="8.0588000"><name>Hauptbahnhof</name></rtept>
        </rte></gpx>
        """.utf8).write(to: URL(fileURLWithPath: routes + "/back.gpx"))
        let logs = LogCapture(level: .info)
        let (appliance, socket) = try start(config, in: directory, logs: logs)
        let running = Task { try await appliance.run() }
        defer { running.cancel() }

        // Walking, with a fix and the belt: the demo starts navigating by itself (autostart), which on
        // a slow machine can be before the belt's link is up.
        let walking = try await Self.status(from: socket, "the walk under way") { report in
            report.route?.state == .navigating && report.gps?.fixAgeSeconds != nil && report.belt?.link == .connected
        }
        let before = try XCTUnwrap(walking, "status never showed the walk under way")
        XCTAssertEqual(before.wayfinderVersion, "test")
        XCTAssertEqual(before.route?.waypointCount, config.route.waypoints.count)
        XCTAssertEqual(before.gps?.source, "the simulated receiver")
        XCTAssertEqual(before.gps?.mode, .threeD)
        XCTAssertEqual(before.belt?.link, .connected)
        XCTAssertEqual(Set(before.actors.map(\.name)), ["belt", "navigation", "gestures", "buttons"])
        XCTAssertTrue(before.actors.allSatisfy { $0.state == .running }, "\(before.actors)")
        let distance = try XCTUnwrap(before.route?.distanceToWaypointMetres)
        XCTAssertGreaterThan(distance, 0)

        let answer = try await Self.ask(socket, .control(.navigation(.nextWaypoint)))
        XCTAssertTrue(answer.ok, answer.error ?? "")
        let waypoint = try XCTUnwrap(before.route?.waypoint) + 1
        XCTAssertEqual(answer.status?.route?.waypoint, waypoint, "the answer carries the status after the skip")
        XCTAssertTrue(answer.result?.hasPrefix("walking to waypoint \(waypoint)/\(config.route.waypoints.count)") ?? false,
                      answer.result ?? "no result")
        XCTAssertEqual(logs.matching("command next-waypoint from control socket (uid \(getuid()), pid \(getpid()))").count, 1,
                       logs.matching("command next-waypoint").joined(separator: "\n"))

        // Another route from the routes folder, by name; one that is not there is refused with the list.
        let missing = try await Self.ask(socket, .control(.route("park")))
        XCTAssertEqual(missing.error, "no route park.gpx in \(routes); the routes there: back.gpx, demo-walk.gpx")
        let back = try await Self.ask(socket, .control(.route("back")))
        XCTAssertTrue(back.ok, back.error ?? "")
        XCTAssertEqual(back.status?.route?.name, "Back to the station")
        XCTAssertEqual(back.status?.route?.waypointCount, 2)
        XCTAssertEqual(back.result, "walking to waypoint 1/2 \"Goethering\"")
        XCTAssertEqual(logs.matching("route Back to the station (2 waypoints) from control socket").count, 1)

        await appliance.group.triggerGracefulShutdown()
        try await running.value
        XCTAssertFalse(FileManager.default.fileExists(atPath: socket), "the socket file goes with the appliance")
    }

    /// Each control answers with what it did, and the status it carries is the one after the change
    /// (the belt actor has carried the control out before the answer is sent); a control that does
    /// nothing says why in plain words and what to use instead.
    func testControlsAnswerWithWhatTheyDidAndTheStatusAfterIt() async throws {
        let (appliance, socket) = try start(try demoConfiguration(), in: try scratchDirectory(), logs: LogCapture(level: .info))
        let running = Task { try await appliance.run() }
        defer { running.cancel() }
        let walking = try await Self.status(from: socket, "the walk under way with the belt connected") { report in
            report.route?.state == .navigating && report.belt?.link == .connected && report.belt?.batteryPercent != nil
        }
        let before = try XCTUnwrap(walking, "status never showed the walk under way with the belt connected")
        XCTAssertEqual(before.belt?.intensityPercent, 60, "the demo's [navigation] intensity")

        let up = try await Self.ask(socket, .control(.navigation(.intensityUp)))
        XCTAssertTrue(up.ok, up.error ?? "")
        XCTAssertEqual(up.result, "belt intensity 70 %")
        XCTAssertEqual(up.status?.belt?.intensityPercent, 70, "the status after the change, not before it")
        let down = try await Self.ask(socket, .control(.navigation(.intensityDown)))
        XCTAssertEqual(down.result, "belt intensity 60 %")
        XCTAssertEqual(down.status?.belt?.intensityPercent, 60)

        let battery = try await Self.ask(socket, .control(.navigation(.announceBattery)))
        XCTAssertTrue(battery.ok, battery.error ?? "")
        let charge = try XCTUnwrap(battery.status?.belt?.batteryPercent)
        XCTAssertEqual(battery.result, "the belt plays its battery signal; charge \(charge) %")

        let again = try await Self.ask(socket, .control(.navigation(.start)))
        XCTAssertFalse(again.ok)
        XCTAssertEqual(again.error, "the walk is already under way")
        XCTAssertEqual(again.control, .navigation(.start))

        let paused = try await Self.ask(socket, .control(.navigation(.pause)))
        XCTAssertTrue(paused.ok, paused.error ?? "")
        XCTAssertEqual(paused.status?.route?.state, .paused)
        XCTAssertTrue(paused.result?.hasPrefix("paused before waypoint ") ?? false, paused.result ?? "no result")
        let pausedTwice = try await Self.ask(socket, .control(.navigation(.pause)))
        XCTAssertEqual(pausedTwice.error, "the walk is already paused; resume carries on")

        let stopped = try await Self.ask(socket, .control(.navigation(.stop)))
        XCTAssertEqual(stopped.status?.route?.state, .stopped)
        let resume = try await Self.ask(socket, .control(.navigation(.resume)))
        XCTAssertEqual(resume.error, "the walk is stopped, not paused; start begins it")
        // A stopped walk's target still moves: `next-waypoint` is carried out, not refused.
        let waypoint = try XCTUnwrap(stopped.status?.route?.waypoint)
        let next = try await Self.ask(socket, .control(.navigation(.nextWaypoint)))
        XCTAssertTrue(next.ok, next.error ?? "")
        XCTAssertEqual(next.status?.route?.waypoint, waypoint + 1)
        XCTAssertEqual(next.status?.route?.state, .stopped)

        await appliance.group.triggerGracefulShutdown()
        _ = await running.result
    }

    /// With `heading_source = "external"` the status names the Pi's compass, how old its latest
    /// heading is, and its accuracy by the field check: the simulated compass senses the Earth's
    /// field by WMM2025 with no iron about, so the estimate is small.
    func testTheExternalCompassIsShownWithTheAgeOfItsLatestHeading() async throws {
        var config = try demoConfiguration()
        config.guidance.headingSource = .external
        let (appliance, socket) = try start(config, in: try scratchDirectory(), logs: LogCapture(level: .warning))
        let running = Task { try await appliance.run() }
        defer { running.cancel() }
        let status = try await Self.status(from: socket, "a heading from the Pi's compass") { report in
            report.heading?.ageSeconds != nil && report.heading?.accuracyDegrees != nil
        }
        let report = try XCTUnwrap(status, "status never showed a heading from the Pi's compass")
        let shown = try XCTUnwrap(report.heading)
        XCTAssertEqual(shown.source, .external)
        let age = try XCTUnwrap(shown.ageSeconds)
        XCTAssertTrue(age >= 0 && age < 10, "the compass is read while navigating: \(age) s")
        let accuracy = try XCTUnwrap(shown.accuracyDegrees)
        XCTAssertTrue(accuracy >= 0 && accuracy < 5, "an undisturbed field: \(accuracy)°")
        let page = StatusPage.render(report)
        XCTAssertTrue(page.contains("the Pi's compass") && page.contains("ago") && page.contains("±"), page)
        await appliance.group.triggerGracefulShutdown()
        _ = await running.result
    }

    /// The first status report `accept` takes, or nil if none within a minute: the appliance answers
    /// over a Unix socket on its real-time clock, with its simulated devices on the process's loops,
    /// which no test loop drains, so it is asked every 100 ms.
    static func status(from socket: String, _ what: String,
                       where accept: (StatusReport) -> Bool) async throws -> StatusReport? {
        var found: StatusReport?
        do {
            try await eventually(what, timeout: .seconds(60), every: .milliseconds(100)) {
                guard let report = try? await ask(socket, .status).status, accept(report) else { return false }
                found = report
                return true
            }
        } catch is DeadlineExceeded {}
        return found
    }

    static func ask(_ path: String, _ request: ControlRequest) async throws -> ControlResponse {
        try await Task.detached {
            try ControlResponse(line: ControlSocketClient.ask(path, request.line, timeout: 10_000))
        }.value
    }
}
