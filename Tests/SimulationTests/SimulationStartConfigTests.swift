import Config
import Foundation
import Navigation
import Routing
import Simulation
import WayfinderTestKit
import XCTest

/// `[simulation] start` and the `wander_s` event as the loader reads them: where the walker starts
/// (required when `[route]` plans the route, since a planned route is only its destination until the
/// first fix), checked like every coordinate of the file; the wander's length within its range.
final class SimulationStartConfigTests: XCTestCase {
    let fixture = ConfigurationFixture(loader: .appliance(boards: BoardCatalog(directories: [Repository.boards])))
    var loader: ConfigurationLoader { fixture.loader }

    /// A map directory holding only a manifest: all the loader looks at (the router checks the rest).
    lazy var mapDirectory: String = {
        let directory = NSTemporaryDirectory() + "wayfinder-start-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let manifest = MapManifest(routinoVersion: "3.3.3", source: "town.osm", built: "2026-01-01T00:00:00Z",
                                   area: (55.67, 12.56, 55.69, 12.59),
                                   files: (MapManifest.databaseFiles + [MapManifest.featuresFile]).map { ($0, 0) })
        try? manifest.text.write(toFile: directory + "/" + MapManifest.fileName, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        return directory
    }()

    /// A simulated board walking to the harbour on the map, then `simulation`.
    func planned(_ simulation: String) -> String {
        """
        board = "sim"
        [route]
        map = "\(mapDirectory)"
        destination = [55.679, 12.5755]
        \(simulation)
        """
    }

    func gpx(_ simulation: String) -> String {
        """
        board = "sim"
        [route]
        gpx = "\(Repository.demoRoute)"
        \(simulation)
        """
    }

    func testAPlannedRouteStartsTheWalkerWhereTheScriptSays() throws {
        let c = try loader.load(text: planned("[simulation]\nstart = [55.68, 12.568]"), path: "/tmp/x.toml")
        XCTAssertEqual(c.simulation?.start, Coordinate(latitude: 55.68, longitude: 12.568))
        XCTAssertEqual(c.route.waypoints.count, 1, "the route is the destination alone until it is planned")
        XCTAssertTrue(c.simulation?.settings.contains { $0.keyPath == "simulation.start" && $0.value == "[55.68, 12.568]" } == true,
                      "config show lists it")
    }

    func testAPlannedRouteWithoutAStartIsRefusedSayingWhatToAdd() throws {
        let noKey = fixture.issues(inText: planned("[simulation]\nseed = 3"))
        XCTAssertEqual(noKey.map(\.keyPath), ["simulation.start"])
        XCTAssertTrue(noKey.first?.message.contains("start = [latitude, longitude]") == true, "\(noKey)")
        XCTAssertEqual(noKey.first?.line, 5, "at the [simulation] table")

        let noTable = fixture.issues(inText: planned(""))
        XCTAssertEqual(noTable.map(\.keyPath), ["simulation"])
        XCTAssertTrue(noTable.first?.message.hasPrefix("missing; [route] plans the route") == true, "\(noTable)")
    }

    func testWithAGPXRouteTheStartIsOptionalAndOverridesTheFirstWaypoint() throws {
        let without = try loader.load(text: gpx(""), path: "/tmp/x.toml")
        XCTAssertNil(without.simulation?.start)
        let with = try loader.load(text: gpx("[simulation]\nstart = [52, 8]"), path: "/tmp/x.toml")
        XCTAssertEqual(with.simulation?.start, Coordinate(latitude: 52, longitude: 8), "whole degrees are numbers too")
    }

    func testAStartOffTheEarthOrNotAPairIsRefusedAtItsLine() {
        for (value, said) in [("[91, 8]", "latitude 91 is outside -90…90"), ("[52, -180.5]", "longitude -180.5 is outside -180…180"),
                              ("[8.04]", "expected [latitude, longitude]"), ("\"casino\"", "expected [latitude, longitude]"),
                              ("[52, 8, 0]", "expected [latitude, longitude]"), ("[nan, 8]", "latitude nan is outside")] {
            let found = fixture.issues(inText: planned("[simulation]\nseed = 3\nstart = \(value)"))
            XCTAssertEqual(found.map(\.keyPath), ["simulation.start"], value)
            XCTAssertEqual(found.first?.line, 7, value)
            XCTAssertTrue(found.first?.message.contains(said) == true, "\(value): \(found)")
        }
    }

    func testAWanderIsAnEventWithItsLengthInSeconds() throws {
        let c = try loader.load(text: gpx("[[simulation.events]]\nat = \"2:00\"\nwander_s = 90"), path: "/tmp/x.toml")
        XCTAssertEqual(c.simulation?.events, [SimulationEvent(at: .seconds(120), action: .wander(.seconds(90)))])
        for value in ["0", "3601", "\"long\""] {
            let found = fixture.issues(inText: gpx("[[simulation.events]]\nat = \"2:00\"\nwander_s = \(value)"))
            XCTAssertEqual(found.map(\.keyPath), ["simulation.events[0].wander_s"], value)
        }
    }
}
