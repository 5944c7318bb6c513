import Config
import Foundation
import Platform
import Runtime
import Simulation
import Status
import WayfinderTestKit
import XCTest

/// The control socket on the simulated board: `status` while the demo route is walked, and a
/// `control next` that skips a waypoint, logged with the peer it came from, as a button press is.
final class ControlSocketIntegrationTests: XCTestCase {
    func testStatusWhileWalkingAndAControlThatSkipsAWaypoint() async throws {
        let directory = NSTemporaryDirectory() + "wayfinder-control-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        var config = try ConfigurationLoader.appliance(boards: BoardCatalog(directories: [Repository.boards])).load(path: Repository.demoConfig)
        config.simulation?.events.removeAll()
        config.touchCase.enabled = false
        config.pencil.enabled = false
        let socket = directory + "/control.sock"
        let logs = LogCapture(level: .info)
        var options = Appliance.Options()
        options.acceleration = 20
        options.stateDirectory = directory + "/state"
        options.shutdownSignals = []
        options.controlSocket = socket
        options.version = "test"
        let (appliance, _) = try Appliance.buildOnConfiguredBoard(configuration: config, options: options) { logs.logger($0) }
        let running = Task { try await appliance.run() }
        defer { running.cancel() }

        // Walking, with a fix: the demo starts navigating by itself (autostart).
        var walking: StatusReport?
        for _ in 0..<300 {
            if let report = try? await Self.ask(socket, .status).status, report.route?.state == .navigating, report.gps?.fixAgeSeconds != nil {
                walking = report
                break
            }
            try await Task.sleep(for: .milliseconds(100))
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

        let answer = try await Self.ask(socket, .control(.next))
        XCTAssertTrue(answer.ok, answer.error ?? "")
        let waypoint = try XCTUnwrap(before.route?.waypoint) + 1
        XCTAssertEqual(answer.status?.route?.waypoint, waypoint, "the answer carries the status after the skip")
        XCTAssertTrue(answer.result?.hasPrefix("walking to waypoint \(waypoint)/\(config.route.waypoints.count)") ?? false,
                      answer.result ?? "no result")
        XCTAssertEqual(logs.matching("command next-waypoint from control socket (uid \(getuid()), pid \(getpid()))").count, 1,
                       logs.matching("command next-waypoint").joined(separator: "\n"))

        await appliance.group.triggerGracefulShutdown()
        try await running.value
        XCTAssertFalse(FileManager.default.fileExists(atPath: socket), "the socket file goes with the appliance")
    }

    static func ask(_ path: String, _ request: ControlRequest) async throws -> ControlResponse {
        try await Task.detached {
            let client = try ControlSocketClient(path: path)
            try client.send(request.line)
            guard let answer = try client.receive(timeout: 10_000) else { throw ControlSocketError(path: path, .closedWithoutAnswer) }
            return try ControlResponse(line: answer)
        }.value
    }
}
