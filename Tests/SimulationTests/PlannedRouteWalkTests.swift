import Belt
import Config
import Foundation
import Navigation
import Routing
import RoutingPlatform
import Runtime
import Simulation
import WayfinderTestKit
import XCTest

/// The appliance on the simulated board walking a route it plans itself with Debian's Routino: the
/// walker starts at `[simulation] start`, the route is planned from the first fix, a scripted wander
/// takes the walker off it and the route is planned again from where it went, and the walk arrives.
/// On the hand-written test town always (when routino and osmium-tool are installed, as `make test`
/// installs them), and as `make demo-route` walks it in Monaco when the OpenStreetMap extract is
/// beside the repository (`../shared/maps/monaco.osm.pbf`, never copied into it).
final class PlannedRouteWalkTests: XCTestCase {
    static let station = Coordinate(latitude: 55.68000, longitude: 12.56800)
    static let harbour = Coordinate(latitude: 55.67900, longitude: 12.57550)
    static let monacoExtract = Repository.root + "/../shared/maps/monaco.osm.pbf"

    /// A scratch directory, removed after the test.
    func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "wayfinder-planned-walk-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// `source` imported into a scratch map directory; skipped without Debian's routino and osmium-tool.
    func importMap(_ source: String) throws -> String {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        func installed(_ program: String) -> Bool { path.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") } }
        try XCTSkipUnless(installed(RoutinoPrograms.debian.planetsplitter) && installed(RoutinoPrograms.debian.osmium),
                          "Debian's routino and osmium-tool are not installed (make test installs them)")
        let map = temporaryDirectory() + "/map"
        _ = try MapImporter().importMap(from: source, to: map)
        return map
    }

    /// Runs the appliance until the walk ends (or an hour of session time, a walk lost) and returns
    /// the simulated world and the log. 150×, as the demo's own walk test: fast, and slow enough for
    /// a debug build on a busy machine to keep up with the simulated devices.
    func walk(_ config: WayfinderConfiguration) async throws -> (world: SimulatedWorld, logs: LogCapture) {
        var config = config
        config.touchCase.enabled = false
        config.pencil.enabled = false
        let logs = LogCapture(level: .info)
        var options = Appliance.Options()
        options.exitWhenDone = true
        options.acceleration = 150
        options.stateDirectory = temporaryDirectory() + "/state"
        options.shutdownSignals = []
        let (appliance, simulated) = try Appliance.buildOnConfiguredBoard(configuration: config, options: options) { logs.logger($0) }
        let board = try XCTUnwrap(simulated)
        let clock = appliance.clock
        let watchdog = Task {
            try await clock.sleep(for: .seconds(60 * 60))
            await appliance.group.triggerGracefulShutdown()
        }
        try await appliance.run()
        watchdog.cancel()
        return (await board.snapshot(), logs)
    }

    /// What every planned walk with a wander shows: planned, then re-planned off the route, arrived
    /// once; the belt guided it with navigation signals it accepted; the walker started at `start`
    /// and ended at the destination.
    func checkPlannedWalk(_ world: SimulatedWorld, _ logs: LogCapture, start: Coordinate, destination: Coordinate,
                          arrivalRadius: Double, file: StaticString = #filePath, line: UInt = #line) {
        let all = logs.all
        let tail = all.suffix(60).joined(separator: "\n")
        let planned = all.firstIndex { $0.contains(" planned: ") }
        let replanned = all.firstIndex { $0.contains(" re-planned: ") }
        XCTAssertNotNil(planned, "the route was planned: \(tail)", file: file, line: line)
        XCTAssertNotNil(replanned, "and planned again off the route: \(tail)", file: file, line: line)
        if let planned, let replanned {
            XCTAssertLessThan(planned, replanned, "planned first", file: file, line: line)
        }
        XCTAssertEqual(logs.matching("the walker stops following the belt").count, 1, file: file, line: line)
        XCTAssertEqual(logs.matching("the walker follows the belt again").count, 1, file: file, line: line)
        XCTAssertEqual(logs.matching("destination reached").count, 1, tail, file: file, line: line)

        let navigation = world.belt.records.filter {
            if case .configureChannel(let c) = $0.command { c.channel == ChannelConfiguration.navigationChannel } else { false }
        }
        XCTAssertGreaterThan(navigation.count, 10, "the belt was given directions along the way", file: file, line: line)
        XCTAssertEqual(navigation.filter { $0.problem != nil }.count, 0, file: file, line: line)
        XCTAssertEqual(world.peripheral.violations.map { "\($0)" }, [], "every byte the belt received was valid", file: file, line: line)

        let first = world.track.first?.position, last = world.track.last?.position
        XCTAssertLessThan(first.map { Geodesic.wgs84.inverse(from: $0, to: start).distance } ?? .infinity, 3,
                          "the walker started at [simulation] start", file: file, line: line)
        // The route ends on the way nearest the destination (in Monaco 23 m from the palace's point),
        // and arrival is decided on GPS fixes (σ 2.5 m) within the arrival radius.
        XCTAssertLessThan(last.map { Geodesic.wgs84.inverse(from: $0, to: destination).distance } ?? .infinity, arrivalRadius + 30,
                          "the walker really got there", file: file, line: line)
    }

    /// The test town (Tests/RoutingTests/Fixtures): from the station to the harbour, 0.58 km on foot
    /// along Nørregade, over the square and down Trappen. From the start the walker wanders for 200 s
    /// straight at the harbour as the crow flies (103°), leaving Nørregade (90°) 30 m behind after
    /// about 130 m.
    func testOnTheTestTownTheWalkStartsAtStartIsReplannedAfterTheWanderAndArrives() async throws {
        let map = try importMap(Repository.root + "/Tests/RoutingTests/Fixtures/town.osm")
        let text = """
            board = "sim"
            [places]
            harbour = [55.679, 12.5755]
            [route]
            map = "\(map)"
            destination = "harbour"
            [navigation]
            heading_source = "belt"
            arrival_radius_m = 12
            [simulation]
            seed = 7
            start = [55.68, 12.568]
            [[simulation.events]]
            at = 0
            wander_s = 200
            """
        let config = try ConfigurationLoader.appliance(boards: BoardCatalog(directories: [Repository.boards]))
            .load(text: text, path: temporaryDirectory() + "/town.toml")
        let (world, logs) = try await walk(config)
        checkPlannedWalk(world, logs, start: Self.station, destination: Self.harbour, arrivalRadius: 12)
        // Planned from where the walk starts: the first fix, within the GPS noise of the station.
        let planning = try XCTUnwrap(logs.matching("planning a route to harbour from ").first)
        let from = try XCTUnwrap(planning.components(separatedBy: " from ").last?.split(separator: " ").first)
        let point = try RouteEndpoint.parse(String(from))
        guard case .coordinate(let c) = point else { return XCTFail(planning) }
        XCTAssertLessThan(Geodesic.wgs84.inverse(from: c, to: Self.station).distance, 15, planning)
    }

    /// `make demo-route` as shipped (deploy/demo-route.toml), on the map imported from the Monaco
    /// extract: the casino to the palace, about 1.4 km, with its scripted wander.
    func testTheMonacoDemoRouteIsPlannedReplannedAfterTheWanderAndArrives() async throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: Self.monacoExtract),
                          "no OpenStreetMap extract at \(Self.monacoExtract): the Monaco walk needs it")
        let map = try importMap(Self.monacoExtract)
        let path = Repository.root + "/deploy/demo-route.toml"
        let shipped = try String(contentsOfFile: path, encoding: .utf8)
        let mapLine = try XCTUnwrap(shipped.split(separator: "\n").first { $0.hasPrefix("map = ") })
        let text = shipped.replacingOccurrences(of: String(mapLine), with: "map = \"\(map)\"")
        let config = try ConfigurationLoader.appliance(boards: BoardCatalog(directories: [Repository.boards])).load(text: text, path: path)
        let start = try XCTUnwrap(config.simulation?.start)
        let palace = try XCTUnwrap(config.places.first { $0.name == "palace" }?.coordinate)
        XCTAssertEqual(config.routePlanning?.destination?.coordinate, palace, "the demo walks to the palace")
        XCTAssertTrue(config.simulation?.events.contains { if case .wander = $0.action { true } else { false } } == true)
        let (world, logs) = try await walk(config)
        checkPlannedWalk(world, logs, start: start, destination: palace, arrivalRadius: config.guidance.arrivalRadius)
    }
}
