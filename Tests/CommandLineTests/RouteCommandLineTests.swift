import Foundation
import WayfinderTestKit
import XCTest

/// `wayfinder map import|info` and `wayfinder route plan` as an operator types them, on the routing
/// fixtures' town with Debian's routino and osmium-tool: what is printed, and the exit statuses
/// (sysexits.h where the command's help says so).
final class RouteCommandLineTests: XCTestCase {
    static let fixtures = Repository.root + "/Tests/RoutingTests/Fixtures"
    static let root = NSTemporaryDirectory() + "wayfinder-route-cli-\(UUID().uuidString)"
    static let station = "55.68,12.568", harbour = "55.679,12.5755", island = "55.685,12.5805"

    /// The town imported once for the class by the binary itself; tests that change a map copy it.
    static let town = Result { () throws -> String in
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let result = try WayfinderBinary.run(["map", "import", fixtures + "/town.osm", "--to", root + "/town"])
        guard result.status == 0 else { throw Failed(description: "map import: \(result.status) \(result.errors)") }
        return root + "/town"
    }

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    func scratch(_ name: String) throws -> String {
        let path = Self.root + "/\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func copyOfTown(_ name: String) throws -> String {
        let copy = try scratch(name) + "/town"
        try FileManager.default.copyItem(atPath: try Self.town.get(), toPath: copy)
        return copy
    }

    // MARK: map import and map info

    func testMapImportSaysWhatItBuiltAndHowToCopyIt() throws {
        let destination = try scratch("import") + "/town"
        let result = try WayfinderBinary.run(["map", "import", Self.fixtures + "/town.osm", "--to", destination])
        XCTAssertEqual(result.status, 0, result.errors)
        let lines = result.outputLines
        XCTAssertEqual(lines.count, 5, result.output)
        XCTAssertTrue(lines[0].hasPrefix("imported town.osm into \(destination) in "), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("  Routino 3.") && lines[1].contains(" database "), lines[1])
        XCTAssertEqual(lines[2], "  index: 2 crossings, 1 steps, 1 barriers, 11 streets")
        XCTAssertEqual(lines[3], "  area: 55.6785…55.6850 latitude, 12.5680…12.5810 longitude")
        XCTAssertEqual(lines[4], "copy it to the Pi into /var/lib/wayfinder/maps/town/ (docs/routing.md says how)")
    }

    func testMapImportAsJSONGivesTheCountsAndFiles() throws {
        let destination = try scratch("import-json") + "/town"
        let result = try WayfinderBinary.run(["map", "import", Self.fixtures + "/town.osm", "--to", destination, "--json"])
        XCTAssertEqual(result.status, 0, result.errors)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        XCTAssertEqual(object["directory"] as? String, destination)
        XCTAssertEqual(object["source"] as? String, "town.osm")
        let counts = try XCTUnwrap(object["counts"] as? [String: Int])
        XCTAssertEqual(counts, ["crossings": 2, "steps": 1, "barriers": 1, "streets": 11, "source-ways": 11])
        let files = try XCTUnwrap(object["files"] as? [String: Int])
        XCTAssertEqual(Set(files.keys), ["nodes.mem", "segments.mem", "ways.mem", "relations.mem", "features.tsv", "streets.tsv"])
        XCTAssertEqual(object["bytes"] as? Int, files.values.reduce(0, +))
    }

    /// A file that is not OSM is EX_DATAERR (65), a missing one EX_NOINPUT (66), a destination that is
    /// not a map EX_CANTCREAT (73); each says what is wrong.
    func testMapImportFailuresHaveTheirOwnExitStatusAndSayWhy() throws {
        let directory = try scratch("import-fail")
        let notOSM = try WayfinderBinary.run(["map", "import", Self.fixtures + "/not-osm.osm", "--to", directory + "/a"])
        XCTAssertEqual(notOSM.status, 65, notOSM.errors)
        XCTAssertTrue(notOSM.errors.hasPrefix("error: \(Self.fixtures)/not-osm.osm is not OpenStreetMap data (osmium: XML parsing error"),
                      notOSM.errors)
        let empty = try WayfinderBinary.run(["map", "import", Self.fixtures + "/empty-osm.osm", "--to", directory + "/b"])
        XCTAssertEqual(empty.status, 65, empty.errors)
        XCTAssertTrue(empty.errors.contains("is OpenStreetMap data without any ways: there is nothing to route on"), empty.errors)
        let missing = try WayfinderBinary.run(["map", "import", directory + "/nowhere.osm.pbf", "--to", directory + "/c"])
        XCTAssertEqual(missing.status, 66, missing.errors)
        XCTAssertTrue(missing.errors.hasPrefix("error: \(directory)/nowhere.osm.pbf: cannot be read (No such file or directory)"),
                      missing.errors)
        try "notes\n".write(toFile: directory + "/notes.txt", atomically: true, encoding: .utf8)
        let notAMap = try WayfinderBinary.run(["map", "import", Self.fixtures + "/town.osm", "--to", directory])
        XCTAssertEqual(notAMap.status, 73, notAMap.errors)
        XCTAssertTrue(notAMap.errors.contains("\(directory) exists and is not a Wayfinder map: give another --to, or remove it"),
                      notAMap.errors)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["notes.txt"], "nothing made, nothing removed")
    }

    func testMapInfoSaysTheMapIsReadyOrListsWhyNot() throws {
        let ready = try WayfinderBinary.run(["map", "info", try Self.town.get()])
        XCTAssertEqual(ready.status, 0, ready.errors)
        XCTAssertTrue(ready.outputLines.first?.hasPrefix("\(try Self.town.get()): from town.osm, built ") == true, ready.output)
        XCTAssertTrue(ready.outputLines.contains("  index: 2 crossings, 1 steps, 1 barriers, 11 streets"), ready.output)
        let version = try XCTUnwrap(ready.outputLines.last?.components(separatedBy: "ready: Routino ").last?
            .components(separatedBy: " ").first, ready.output)

        let copy = try copyOfTown("info")
        let manifest = copy + "/wayfinder-map.txt"
        try String(contentsOfFile: manifest, encoding: .utf8).replacingOccurrences(of: "\nroutino \(version)\n", with: "\nroutino 9.9\n")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let other = try WayfinderBinary.run(["map", "info", copy])
        XCTAssertEqual(other.status, 1, other.errors)
        XCTAssertEqual(Array(other.outputLines.suffix(2)), [
            "cannot be used here:",
            "  - the map was built by Routino 9.9 and this machine has Routino \(version): import it again here, "
                + "or build it with Routino \(version) (Debian 12 has 3.3.3, Debian 13 3.4.3)",
        ])
        let json = try WayfinderBinary.run(["map", "info", copy, "--json"])
        XCTAssertEqual(json.status, 1)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        XCTAssertEqual(object["routino"] as? String, "9.9")
        XCTAssertEqual(object["installed_routino"] as? String, version)
        XCTAssertEqual((object["problems"] as? [String])?.count, 1)
    }

    // MARK: route plan

    func testRoutePlanPrintsTheSummaryAndEveryInstruction() throws {
        let result = try WayfinderBinary.run(["route", "plan", "--map", try Self.town.get(), "--from", Self.station, "--to", Self.harbour])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.outputLines, [
            "583 m on foot from 55.680000,12.568000 to 55.679000,12.575500: 1 turn, 2 crossings, 1 flight of steps",
            "      0 m  start along Nørregade",
            "    252 m  cross Vester Voldgade, signals with sound and vibration, tactile paving, lowered kerb",
            "    315 m  take the steps (Trappen)",
            "    472 m  turn right onto the path",
            "    472 m  cross Strandgade, marked, no signals",
            "    583 m  arrive at the destination",
        ])
        let wheelchair = try WayfinderBinary.run(["route", "plan", "--map", try Self.town.get(), "--from", Self.station,
                                                  "--to", Self.harbour, "--profile", "wheelchair"])
        XCTAssertEqual(wheelchair.status, 0, wheelchair.errors)
        XCTAssertEqual(wheelchair.outputLines.first,
                       "806 m by wheelchair from 55.680000,12.568000 to 55.679000,12.575500: 2 turns, 2 crossings, 0 flights of steps")
        XCTAssertTrue(wheelchair.outputLines.contains("    520 m  bollard on the way"), wheelchair.output)
    }

    func testRoutePlanAsJSONGivesTheFiguresAndInstructions() throws {
        let result = try WayfinderBinary.run(["route", "plan", "--map", try Self.town.get(), "--from", Self.station, "--to", Self.harbour,
                                              "--avoid-steps", "--json"])
        XCTAssertEqual(result.status, 0, result.errors)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        XCTAssertEqual(object["profile"] as? String, "foot")
        XCTAssertEqual(try XCTUnwrap(object["distance_m"] as? Double), 805.8, accuracy: 0.05)
        XCTAssertEqual(object["turns"] as? Int, 2)
        XCTAssertEqual(object["crossings"] as? Int, 2)
        XCTAssertEqual(object["steps"] as? Int, 0)
        XCTAssertEqual(object["barriers"] as? Int, 1)
        XCTAssertEqual(object["start_offset_m"] as? Double, 0)
        XCTAssertEqual(object["end_offset_m"] as? Double, 0)
        XCTAssertTrue(object["gpx"] is NSNull)
        let instructions = try XCTUnwrap(object["instructions"] as? [[String: Any]])
        XCTAssertEqual(instructions.map { $0["kind"] as? String }, ["start", "crossing", "turn", "turn", "barrier", "crossing", "destination"])
        XCTAssertEqual(instructions.first?["way"] as? String, "Nørregade")
        XCTAssertTrue(instructions.last?["way"] is NSNull)
        XCTAssertEqual(instructions.last?["lat"] as? Double, 55.679)
        XCTAssertEqual(instructions.last?["lon"] as? Double, 12.5755)
    }

    /// `-o` writes a GPX route that `route show` reads: the instructions are its points' names.
    func testRoutePlanWritesAGPXRouteThatRouteShowReads() throws {
        let gpx = try scratch("gpx") + "/harbour.gpx"
        let plan = try WayfinderBinary.run(["route", "plan", "--map", try Self.town.get(), "--from", Self.station, "--to", Self.harbour,
                                            "-o", gpx])
        XCTAssertEqual(plan.status, 0, plan.errors)
        XCTAssertEqual(plan.outputLines.last, "wrote \(gpx) (5 points)")
        let show = try WayfinderBinary.run(["route", "show", gpx])
        XCTAssertEqual(show.status, 0, show.errors)
        XCTAssertEqual(show.outputLines.first, "\"to 55.679000,12.575500\" (route, 5 points)")
        XCTAssertTrue(show.output.contains("start along Nørregade → cross Vester Voldgade"), show.output)
        XCTAssertTrue(show.output.contains("→ arrive at the destination: 111.3 m, bearing 180.0° true"), show.output)
    }

    /// A place name is looked up in the configuration's [places]; the destination is then named.
    func testRoutePlanToAPlaceOfTheConfiguration() throws {
        let config = try scratch("places") + "/wayfinder.toml"
        try """
            board = "sim"
            [places]
            home = [55.679, 12.5755]
            station = [55.68, 12.568]

            """.write(toFile: config, atomically: true, encoding: .utf8)
        let result = try WayfinderBinary.run(["route", "plan", "--map", try Self.town.get(), "--from", "station", "--to", "home",
                                              "-c", config])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.outputLines.first?.hasPrefix("583 m on foot from station to home: ") == true, result.output)
        XCTAssertEqual(result.outputLines.last, "    583 m  arrive at home")

        let unknown = try WayfinderBinary.run(["route", "plan", "--map", try Self.town.get(), "--from", "station", "--to", "hoem",
                                               "-c", config])
        XCTAssertEqual(unknown.status, 64, unknown.errors)
        XCTAssertEqual(unknown.errors, "error: no place is called \"hoem\"; did you mean \"home\"? (the places are home, station)\n")
        XCTAssertEqual(unknown.output, "")
    }

    func testRoutePlanRefusesBadArgumentsWithEXUSAGE() throws {
        let map = try Self.town.get()
        let north = try WayfinderBinary.run(["route", "plan", "--map", map, "--from", Self.station, "--to", "95,12"])
        XCTAssertEqual(north.status, 64, north.errors)
        XCTAssertEqual(north.errors, "error: latitude 95.0 is outside -90…90 (are latitude and longitude the wrong way round? LAT comes first)\n")
        let garbled = try WayfinderBinary.run(["route", "plan", "--map", map, "--from", "55.68;12.568", "--to", Self.harbour])
        XCTAssertEqual(garbled.status, 64, garbled.errors)
        XCTAssertTrue(garbled.errors.contains("\"55.68;12.568\" is not LAT,LON"), garbled.errors)
        let car = try WayfinderBinary.run(["route", "plan", "--map", map, "--from", Self.station, "--to", Self.harbour, "--profile", "car"])
        XCTAssertEqual(car.status, 64, car.errors)
        XCTAssertEqual(car.errors, "error: --profile car: say foot or wheelchair\n")
        let typo = try WayfinderBinary.run(["route", "plan", "--map", map, "--from", Self.station, "--to", Self.harbour,
                                            "--profile", "wheelchiar"])
        XCTAssertEqual(typo.status, 64, typo.errors)
        XCTAssertEqual(typo.errors, "error: --profile wheelchiar: say foot or wheelchair; did you mean \"wheelchair\"?\n")
    }

    func testRoutePlanWithNoRouteExitsOneAndSaysWhy() throws {
        let result = try WayfinderBinary.run(["route", "plan", "--map", try Self.town.get(), "--from", Self.station, "--to", Self.island])
        XCTAssertEqual(result.status, 1, result.errors)
        XCTAssertEqual(result.errors, "error: no route joins the two points on this map: one of them may be on a part of the map "
                       + "that no way connects to the other (an island, a private area)\n")
        XCTAssertEqual(result.output, "")
    }

    /// A map cut short is refused before Routino's router runs (it would take SIGSEGV or SIGBUS on
    /// it): here the router on PATH only records that it was started.
    func testRoutePlanOnAMapCutShortNeverStartsTheRouter() throws {
        let copy = try copyOfTown("cut")
        let nodes = copy + "/nodes.mem"
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: nodes)[.size] as? Int)
        XCTAssertEqual(truncate(nodes, off_t(size / 2)), 0)
        let bin = try scratch("bin"), marker = bin + "/router-was-started"
        try FileManager.default.createSymbolicLink(atPath: bin + "/planetsplitter", withDestinationPath: "/usr/bin/planetsplitter")
        try "#!/bin/sh\ntouch \(marker)\nexit 1\n".write(toFile: bin + "/routino-router", atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(bin + "/routino-router", 0o755), 0)
        let result = try WayfinderBinary.run(["route", "plan", "--map", copy, "--from", Self.station, "--to", Self.harbour],
                                             environment: ["PATH": bin])
        XCTAssertEqual(result.status, 66, result.errors)
        XCTAssertEqual(result.errors, "error: the map \(copy) cannot be used: nodes.mem has \(size / 2) bytes where the import wrote "
                       + "\(size) (a copy cut short?)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "the router was never started")
    }
}
