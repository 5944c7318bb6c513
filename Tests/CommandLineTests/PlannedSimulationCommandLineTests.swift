import Foundation
import WayfinderTestKit
import XCTest

/// A simulated walk on a route planned on a map, as a user writes and runs it: `config check` asks
/// for `[simulation] start` (and checks it like any coordinate), and `run` walks from there, says
/// where the route goes and on which map, and re-plans after a scripted wander. The map is the test
/// town (Tests/RoutingTests/Fixtures/town.osm) imported by `wayfinder map import`.
final class PlannedSimulationCommandLineTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "wayfinder-planned-sim-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The town imported into `directory/town`; skipped without Debian's routino and osmium-tool.
    func importTown() throws -> String {
        let map = directory + "/town"
        let imported = try WayfinderBinary.run(["map", "import", Repository.root + "/Tests/RoutingTests/Fixtures/town.osm", "--to", map])
        try XCTSkipIf(imported.errors.contains("It comes with Debian's package"),
                      "Debian's routino and osmium-tool are not installed (make test installs them): \(imported.errors)")
        XCTAssertEqual(imported.status, 0, imported.errors)
        return map
    }

    /// A walk from the station to the harbour on the town's map, with `simulation` as its table.
    func configuration(map: String, simulation: String) throws -> String {
        let path = directory + "/walk.toml"
        try """
        board = "sim"
        state_directory = "state"
        [places]
        harbour = [55.679, 12.5755]
        [route]
        map = "\(map)"
        destination = "harbour"
        [navigation]
        heading_source = "belt"
        [devices.touch_case]
        enabled = false
        \(simulation)
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testConfigCheckAsksForTheWalkersStartAndChecksIt() throws {
        let map = try importTown()
        let none = try WayfinderBinary.run(["config", "check", try configuration(map: map, simulation: "")])
        XCTAssertEqual(none.status, 78)
        XCTAssertTrue(none.errors.contains("simulation: missing; [route] plans the route from where the walk starts, "
                                           + "so the simulated walker needs a place to start: start = [latitude, longitude]"), none.errors)

        let off = try WayfinderBinary.run(["config", "check", try configuration(map: map, simulation: "[simulation]\nstart = [91, 12.568]")])
        XCTAssertEqual(off.status, 78)
        XCTAssertTrue(off.errors.contains("walk.toml:13"), "the line of start: \(off.errors)")
        XCTAssertTrue(off.errors.contains("simulation.start: latitude 91 is outside -90…90 (latitude comes first)"), off.errors)

        let good = try WayfinderBinary.run(["config", "check", try configuration(map: map, simulation: "[simulation]\nstart = [55.68, 12.568]")])
        XCTAssertEqual(good.status, 0, good.errors)
    }

    func testRunWalksFromTheStartAndReplansAfterTheWander() throws {
        let map = try importTown()
        let config = try configuration(map: map, simulation: """
            [simulation]
            start = [55.68, 12.568]
            [[simulation.events]]
            at = 0
            wander_s = 200
            """)
        let run = try WayfinderBinary.run(["run", config, "--acceleration", "150", "--fresh", "--exit-when-done",
                                           "--control-socket", "none"])
        XCTAssertEqual(run.status, 0, String(run.errors.suffix(2000)))
        let lines = run.errors.split(separator: "\n").map(String.init)
        let starting = try XCTUnwrap(lines.first { $0.contains("starting on") }, String(run.errors.prefix(2000)))
        XCTAssertTrue(starting.contains("with route to harbour (planned on the map \(map)) at up to 150× time"), starting)
        XCTAssertTrue(lines.contains { $0.contains("planning a route to harbour from 55.68") && $0.contains(",12.56") }, "from the start")
        let planned = lines.firstIndex { $0.contains(" planned: ") }, replanned = lines.firstIndex { $0.contains(" re-planned: ") }
        XCTAssertNotNil(planned)
        XCTAssertNotNil(replanned, "the wander took the walker off the route")
        XCTAssertLessThan(planned ?? .max, replanned ?? .min)
        XCTAssertTrue(lines.contains { $0.contains("the walker stops following the belt and walks straight on for 200 s") })
        XCTAssertTrue(lines.contains { $0.contains("destination reached") }, String(run.errors.suffix(2000)))
    }
}
