import Belt
import Config
import Foundation
import Navigation
import Platform
import Runtime
import Simulation
import Status
import WayfinderTestKit
import XCTest

/// Arrival on the simulated board: the belt hears the destination signal (`20 01`) again and again
/// until the wearer's `stop`, here from the control socket, as a button bound to `stop` would send it.
final class DestinationSignalIntegrationTests: XCTestCase {
    func testTheDestinationSignalRepeatsUntilStop() async throws {
        let directory = NSTemporaryDirectory() + "wayfinder-destination-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        var config = try ConfigurationLoader.appliance(boards: BoardCatalog(directories: [Repository.boards])).load(path: Repository.demoConfig)
        config.simulation?.events.removeAll()
        config.touchCase.enabled = false
        config.pencil.enabled = false
        // A short walk: the demo's first waypoint and one 40 m north of it.
        let first = config.route.waypoints[0]
        let end = Geodesic.wgs84.direct(from: first.coordinate, azimuth: 0, distance: 40).destination
        config.route = Route(name: "short", kind: .route, waypoints: [first, Waypoint(name: "End", coordinate: end)])
        var options = Appliance.Options()
        options.acceleration = 20
        options.stateDirectory = directory + "/state"
        options.shutdownSignals = []
        options.controlSocket = directory + "/control.sock"
        let logs = LogCapture(level: .info)
        let (appliance, simulated) = try Appliance.buildOnConfiguredBoard(configuration: config, options: options) { logs.logger($0) }
        let board = try XCTUnwrap(simulated)
        let running = Task { try await appliance.run() }
        defer { running.cancel() }

        let socket = directory + "/control.sock"
        func goalReached() async -> Int { await board.snapshot().belt.systemSignals.filter { $0.signal == .destinationReached }.count }
        try await eventually("the destination signal played three times", timeout: .seconds(120), every: .milliseconds(100)) {
            await goalReached() >= 3
        }
        let stop = try await ControlSocketIntegrationTests.ask(socket, .control(.navigation(.stop)))
        XCTAssertTrue(stop.ok, stop.error ?? "")
        XCTAssertEqual(stop.status?.route?.state, .arrived)
        let atStop = await goalReached()
        XCTAssertLessThanOrEqual(atStop, 12, "at most a minute of it")
        // 40 s of session time at 20×: eight more plays had it not been stopped.
        try await appliance.clock.sleep(for: .seconds(40))
        let after = await goalReached()
        XCTAssertEqual(after, atStop, "stop ended the destination signal")
        XCTAssertEqual(logs.matching("destination signal stopped").count, 1, logs.all.suffix(10).joined(separator: "\n"))
        let violations = await board.snapshot().peripheral.violations
        XCTAssertEqual(violations.map { "\($0)" }, [])

        await appliance.group.triggerGracefulShutdown()
        _ = await running.result
    }
}
