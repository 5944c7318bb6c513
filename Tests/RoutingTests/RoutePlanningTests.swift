import Foundation
import Navigation
import Platform
import Routing
import RoutingPlatform
import Vocabulary
import XCTest

/// Route planning on the fixtures' town (Fixtures/README.md has its plan and what Debian's routino
/// and osmium-tool measure on it): the map imported with planetsplitter and osmium, routes planned
/// with routino-router and described for the walker, each checked against routino-router run
/// directly, and every way an import or a plan can fail.
final class RoutePlanningTests: XCTestCase {
    static let station = Coordinate(latitude: 55.68000, longitude: 12.56800)
    static let square = Coordinate(latitude: 55.68000, longitude: 12.57300)
    static let harbour = Coordinate(latitude: 55.67900, longitude: 12.57550)
    static let library = Coordinate(latitude: 55.68150, longitude: 12.57200)
    static let kiosk = Coordinate(latitude: 55.68250, longitude: 12.57200)
    static let island = Coordinate(latitude: 55.68500, longitude: 12.58050)
    /// Node 601, the corner north of the square where Gangen ends.
    static let gangenEnd = Coordinate(latitude: 55.68100, longitude: 12.57300)
    /// The crossings' nodes: 201 on Vester Voldgade (signals), 701 on Strandgade (uncontrolled).
    static let signalled = Coordinate(latitude: 55.68000, longitude: 12.57200)
    static let uncontrolled = Coordinate(latitude: 55.68000, longitude: 12.57550)

    /// The three ways of walking the README measures: on foot, on foot without steps, by wheelchair.
    static let walks: [(profile: RoutingProfile, avoidSteps: Bool)] = [(.foot, false), (.foot, true), (.wheelchair, false)]

    static let root = NSTemporaryDirectory() + "wayfinder-route-planning-\(UUID().uuidString)"

    /// The town's map, imported once for the class: planetsplitter takes milliseconds on it, and the
    /// tests that change a map work on copies.
    static let town = Result { () throws -> MapImportReport in
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return try MapImporter().importMap(from: fixture("town.osm"), to: root + "/town")
    }

    static func fixture(_ name: String) -> String {
        (Bundle.module.resourcePath ?? ".") + "/Fixtures/" + name
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    /// A directory of this test's own under the class's root.
    func scratch(_ name: String) throws -> String {
        let path = Self.root + "/\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func townMap() throws -> (map: MapDirectory, index: MapIndex) {
        let map = try MapDirectory.open(try Self.town.get().directory, installedRoutino: try RoutinoReference.installedVersion())
        return (map, try map.features())
    }

    func plan(_ from: Coordinate, _ to: Coordinate, _ profile: RoutingProfile = .foot, avoidSteps: Bool = false) throws -> PlannedRoute {
        let (map, index) = try townMap()
        return try RoutePlanner().plan(on: map, index: index, from: from, to: to, profile: profile, avoidSteps: avoidSteps)
    }

    func planError(_ from: Coordinate, _ to: Coordinate, _ profile: RoutingProfile = .foot, avoidSteps: Bool = false) throws -> RoutePlanError? {
        let (map, index) = try townMap()
        do {
            _ = try RoutePlanner().plan(on: map, index: index, from: from, to: to, profile: profile, avoidSteps: avoidSteps)
            return nil
        } catch {
            return error
        }
    }

    func importError(_ source: String, to destination: String, programs: RoutinoPrograms = .debian) -> MapImportError? {
        do {
            _ = try MapImporter(programs: programs).importMap(from: source, to: destination)
            return nil
        } catch {
            return error
        }
    }

    func crossingTexts(_ route: PlannedRoute) -> [String] {
        route.instructions.filter { $0.kindName == "crossing" }.map(\.text)
    }

    // MARK: The import

    func testImportingTheTownIndexesItsCrossingsStepsAndBarrierAndRecordsTheInstalledRoutino() throws {
        let report = try Self.town.get()
        let manifest = report.manifest
        XCTAssertEqual(manifest.count("crossings"), 2)
        XCTAssertEqual(manifest.count("steps"), 1)
        XCTAssertEqual(manifest.count("barriers"), 1)
        XCTAssertEqual(manifest.count("streets"), 11, "every highway way, the island's included")
        XCTAssertEqual(manifest.count("source-ways"), 11, "osmium fileinfo's count of ways")
        XCTAssertEqual(manifest.routinoVersion, try RoutinoReference.installedVersion())
        XCTAssertEqual(manifest.source, "town.osm")
        XCTAssertEqual(manifest.files.map(\.name), MapManifest.databaseFiles + [MapManifest.featuresFile, MapManifest.streetsFile])
        for file in manifest.files {
            let size = try FileManager.default.attributesOfItem(atPath: report.directory + "/" + file.name)[.size] as? Int
            XCTAssertEqual(size, file.bytes, file.name)
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: report.directory).sorted()
        XCTAssertEqual(written, (manifest.files.map(\.name) + [MapManifest.fileName]).sorted(), "nothing else is left in the map")
        let area = try XCTUnwrap(manifest.area)
        XCTAssertEqual(area.south, 55.6785, accuracy: 1e-7)
        XCTAssertEqual(area.north, 55.6850, accuracy: 1e-7)
        XCTAssertEqual(area.west, 12.5680, accuracy: 1e-7)
        XCTAssertEqual(area.east, 12.5810, accuracy: 1e-7)

        // What map info checks: every file as written, built by the Routino installed here.
        let sizes = Dictionary(uniqueKeysWithValues: manifest.files.map { ($0.name, $0.bytes) })
        XCTAssertEqual(manifest.problems(sizes: sizes, installedRoutino: try RoutinoReference.installedVersion()), [])
        let (_, index) = try townMap()
        let signals = try XCTUnwrap(index.crossings.first { $0.coordinate == Self.signalled })
        XCTAssertEqual(signals, MapCrossing(coordinate: Self.signalled, control: .signals, sound: true, vibration: true,
                                            tactilePaving: true, loweredKerb: true, roads: ["Vester Voldgade"], roadAxis: 0))
        let strandgade = try XCTUnwrap(index.crossings.first { $0.coordinate == Self.uncontrolled })
        XCTAssertEqual(strandgade.control, .marked, "crossing=uncontrolled is marked, without signals (OSM wiki, Key:crossing)")
        XCTAssertEqual(strandgade.roads, ["Strandgade"])
        XCTAssertEqual(index.steps.map(\.name), ["Trappen"])
        XCTAssertEqual(index.barriers, [MapBarrier(coordinate: Coordinate(latitude: 55.68100, longitude: 12.57450), kind: "bollard")])
    }

    // MARK: Routes

    /// The shortest way on foot goes down Trappen, and the walker hears both crossings in the order
    /// they come: Vester Voldgade's signals first, then Strandgade's, where the route comes along the
    /// street and turns onto the crossing.
    func testStationToHarbourOnFootTakesTrappenAndAnnouncesBothCrossingsInOrder() throws {
        let route = try plan(Self.station, Self.harbour)
        XCTAssertEqual(route.steps, 1)
        let steps = try XCTUnwrap(route.instructions.first { $0.kindName == "steps" })
        XCTAssertEqual(steps.text, "take the steps (Trappen)")
        guard case .steps(let flight, let metres) = steps.kind else { return XCTFail("\(steps.kind)") }
        XCTAssertEqual(flight.name, "Trappen")
        XCTAssertEqual(metres, 62.8, accuracy: 0.5, "0.001 degree of longitude at 55.68 N")
        XCTAssertEqual(crossingTexts(route), ["cross Vester Voldgade, signals with sound and vibration, tactile paving, lowered kerb",
                                              "cross Strandgade, marked, no signals"])
        let crossings = route.instructions.filter { $0.kindName == "crossing" }
        guard crossings.count == 2 else { return XCTFail("two crossings: \(route.instructions.map(\.text))") }
        XCTAssertLessThan(crossings[0].alongMetres, steps.alongMetres)
        XCTAssertLessThan(steps.alongMetres, crossings[1].alongMetres)
        XCTAssertEqual(route.barriers, 0, "the bollard is on the detour, not on this route")
        XCTAssertEqual(route.instructions.first?.text, "start along Nørregade")
        XCTAssertEqual(route.instructions.last?.kindName, "destination")
    }

    /// The way back is the same route backwards: the same steps, the crossings in the other order.
    func testHarbourToStationOnFootMeetsTheCrossingsTheOtherWayRound() throws {
        let route = try plan(Self.harbour, Self.station)
        XCTAssertEqual(route.steps, 1)
        XCTAssertEqual(crossingTexts(route), ["cross Strandgade, marked, no signals",
                                              "cross Vester Voldgade, signals with sound and vibration, tactile paving, lowered kerb"])
        XCTAssertEqual(route.lengthMetres, try plan(Self.station, Self.harbour).lengthMetres, accuracy: 0.01)
    }

    /// Without steps, on foot or by wheelchair, the route goes round by the detour: longer, past the
    /// bollard, over both crossings, no steps.
    func testWithoutStepsOrByWheelchairTheRouteGoesRoundTrappenPastTheBollard() throws {
        let steps = try plan(Self.station, Self.harbour)
        for (profile, avoidSteps) in Self.walks where profile == .wheelchair || avoidSteps {
            let what = "\(profile) avoidSteps \(avoidSteps)"
            let route = try plan(Self.station, Self.harbour, profile, avoidSteps: avoidSteps)
            XCTAssertEqual(route.steps, 0, what)
            XCTAssertFalse(route.instructions.contains { $0.text.contains("Trappen") }, what)
            XCTAssertGreaterThan(route.lengthMetres, steps.lengthMetres + 200, "\(what): the detour is 221 m longer by Routino's count")
            XCTAssertEqual(crossingTexts(route), ["cross Vester Voldgade, signals with sound and vibration, tactile paving, lowered kerb",
                                                  "cross Strandgade, marked, no signals"], what)
            XCTAssertEqual(route.instructions.filter { $0.kindName == "barrier" }.map(\.text), ["bollard on the way"], what)
        }
    }

    /// Foot and wheelchair ignore `oneway`: from the square the route walks Gangen against its
    /// direction, from the corner north of the square to the library.
    func testSquareToLibraryWalksGangenAgainstItsOneway() throws {
        for (profile, avoidSteps) in Self.walks {
            let what = "\(profile) avoidSteps \(avoidSteps)"
            let route = try plan(Self.square, Self.library, profile, avoidSteps: avoidSteps)
            XCTAssertTrue(route.instructions.contains { $0.way == "Gangen" }, "\(what): \(route.instructions.map(\.text))")
            let corner = try XCTUnwrap(route.line.firstIndex(of: Self.gangenEnd), what)
            XCTAssertEqual(route.line.count - 1, corner + 1, "\(what): from Gangen's end straight to its start, the library")
            XCTAssertEqual(route.line.last, Self.library, what)
            XCTAssertEqual(route.crossings, 0, what)
        }
    }

    /// Every route of the README's table, for each way of walking, ends within a few metres of the
    /// destination asked for (the points are on nodes) and starts at the start.
    func testEveryRouteEndsWithinAFewMetresOfItsDestination() throws {
        let pairs = [(Self.station, Self.square), (Self.square, Self.harbour), (Self.station, Self.harbour),
                     (Self.harbour, Self.station), (Self.square, Self.library), (Self.station, Self.library)]
        for (from, to) in pairs {
            for (profile, avoidSteps) in Self.walks {
                let route = try plan(from, to, profile, avoidSteps: avoidSteps)
                XCTAssertLessThan(route.endOffsetMetres, 2, "\(from) → \(to), \(profile) avoidSteps \(avoidSteps)")
                XCTAssertLessThan(route.startOffsetMetres, 2, "\(from) → \(to), \(profile) avoidSteps \(avoidSteps)")
            }
        }
        XCTAssertLessThan(try plan(Self.square, Self.kiosk).endOffsetMetres, 2, "on foot, along Vester Voldgade")
    }

    /// No wheelchair may use Vester Voldgade, so Routino ends the route at the library, 111 m short of
    /// the kiosk, and exits 0; the planner refuses to leave a walker there.
    func testAWheelchairRouteThatRoutinoEndsShortOfTheKioskIsRefused() throws {
        let error = try XCTUnwrap(try planError(Self.square, Self.kiosk, .wheelchair))
        guard case .farFromWay(let isDestination, let metres, let limit) = error else { return XCTFail("\(error)") }
        XCTAssertTrue(isDestination)
        XCTAssertEqual(metres, 111.3, accuracy: 0.5)
        XCTAssertEqual(limit, 100)
        XCTAssertTrue(error.description.hasPrefix("the destination is 111 m from the nearest way on the map, more than 100 m"),
                      error.description)
    }

    /// The planned route is Routino's: routino-router run directly on the same database gives the same
    /// points, and a length that differs only as its arithmetic explains (`RoutinoReference`).
    func testEveryPlannedRouteAgreesWithRoutinoRouterRunDirectly() throws {
        let directory = try Self.town.get().directory
        let streets = try MapDirectory.open(directory, installedRoutino: nil).streets()
        var pairs = [(Self.station, Self.square), (Self.square, Self.harbour), (Self.station, Self.harbour),
                     (Self.harbour, Self.station), (Self.square, Self.library), (Self.station, Self.library)]
            .flatMap { pair in Self.walks.map { (pair.0, pair.1, $0.profile, $0.avoidSteps) } }
        pairs.append((Self.square, Self.kiosk, .foot, false))
        pairs.append((Self.square, Self.kiosk, .foot, true))
        for (from, to, profile, avoidSteps) in pairs {
            let what = "\(from) → \(to), \(profile) avoidSteps \(avoidSteps)"
            let route = try plan(from, to, profile, avoidSteps: avoidSteps)
            let reference = try RoutinoReference.route(directory: directory, from: from, to: to, profile: profile, avoidSteps: avoidSteps)
            reference.assertAgrees(with: route, streets: streets, what)
        }
    }

    // MARK: Plans that fail

    func testNoRouteReachesTheIslandWhicheverWayOfWalking() throws {
        for (profile, avoidSteps) in Self.walks {
            XCTAssertEqual(try planError(Self.station, Self.island, profile, avoidSteps: avoidSteps),
                           .noRoute(profile: profile, avoidSteps: avoidSteps))
        }
    }

    /// Routino looks for a way within 1 km of each point; 3 km off the town there is none.
    func testAPointThreeKilometresOffTheTownIsOffTheMap() throws {
        let away = Geodesic.wgs84.direct(from: Self.station, azimuth: 0, distance: 3000).destination
        XCTAssertEqual(try planError(Self.station, away), .offMap(isDestination: true))
        XCTAssertEqual(try planError(away, Self.station), .offMap(isDestination: false))
    }

    func testTheSamePlaceAsStartAndDestinationIsRefusedBeforeRoutinoRuns() throws {
        XCTAssertEqual(try planError(Self.station, Self.station), .sameEndpoints)
        let twoMetres = Geodesic.wgs84.direct(from: Self.station, azimuth: 90, distance: 2).destination
        XCTAssertEqual(try planError(Self.station, twoMetres), .sameEndpoints)
    }

    // MARK: Maps that cannot be used

    /// Routino's files carry no version; the manifest does, and a map built by another Routino is
    /// refused with what to do.
    func testAMapWhoseManifestNamesAnotherRoutinoIsUnusable() throws {
        let installed = try RoutinoReference.installedVersion()
        let other = installed == "3.3.3" ? "3.4.3" : "3.3.3"
        let copy = try scratch("other-routino") + "/town"
        try FileManager.default.copyItem(atPath: try Self.town.get().directory, toPath: copy)
        let manifest = copy + "/" + MapManifest.fileName
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        XCTAssertTrue(text.contains("\nroutino \(installed)\n"), text)
        try text.replacingOccurrences(of: "\nroutino \(installed)\n", with: "\nroutino \(other)\n").write(toFile: manifest, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try MapDirectory.open(copy, installedRoutino: installed)) { error in
            XCTAssertEqual(error as? MapOpenError, .unusable(path: copy, problems: [
                "the map was built by Routino \(other) and this machine has Routino \(installed): import it again here, "
                    + "or build it with Routino \(installed) (Debian 12 has 3.3.3, Debian 13 3.4.3)",
            ]))
        }
        XCTAssertNoThrow(try MapDirectory.open(copy, installedRoutino: nil), "read without the check, as map info does to describe it")
    }

    /// Routino's router takes SIGSEGV or SIGBUS on a truncated nodes.mem; the manifest's sizes find
    /// the damage first. `MapDirectory.open` is the only way to a map the planner takes, so the router
    /// is never started on it (the command line's test shows that with a router that records a run).
    func testATruncatedNodesFileIsFoundByItsSize() throws {
        let copy = try scratch("truncated") + "/town"
        try FileManager.default.copyItem(atPath: try Self.town.get().directory, toPath: copy)
        let written = try XCTUnwrap(try Self.town.get().manifest.files.first { $0.name == "nodes.mem" }?.bytes)
        XCTAssertEqual(truncate(copy + "/nodes.mem", off_t(written / 2)), 0)
        XCTAssertThrowsError(try MapDirectory.open(copy, installedRoutino: try RoutinoReference.installedVersion())) { error in
            XCTAssertEqual(error as? MapOpenError, .unusable(path: copy, problems: [
                "nodes.mem has \(written / 2) bytes where the import wrote \(written) (a copy cut short?)",
            ]))
        }
    }

    // MARK: Imports that fail, and imports over a map

    func testAFileThatIsNotOpenStreetMapIsRefusedAndLeavesNothing() throws {
        let directory = try scratch("not-osm")
        let error = try XCTUnwrap(importError(Self.fixture("not-osm.osm"), to: directory + "/map"))
        guard case .notOSM(let path, let detail) = error else { return XCTFail("\(error)") }
        XCTAssertEqual(path, Self.fixture("not-osm.osm"))
        XCTAssertTrue(detail.contains("XML parsing error at line 1"), detail)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [])
    }

    func testOpenStreetMapWithoutWaysIsRefusedAndLeavesNothing() throws {
        let directory = try scratch("empty-osm")
        let error = try XCTUnwrap(importError(Self.fixture("empty-osm.osm"), to: directory + "/map"))
        guard case .noWays(let path) = error else { return XCTFail("\(error)") }
        XCTAssertEqual(path, Self.fixture("empty-osm.osm"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [])
    }

    /// A destination that exists must be an earlier map: a directory of other files, or a file, is
    /// never replaced.
    func testADestinationThatIsNotAMapIsLeftAlone() throws {
        let directory = try scratch("not-a-map")
        try "keep me\n".write(toFile: directory + "/notes.txt", atomically: true, encoding: .utf8)
        let error = try XCTUnwrap(importError(Self.fixture("town.osm"), to: directory))
        guard case .destinationNotAMap(let path) = error else { return XCTFail("\(error)") }
        XCTAssertEqual(path, directory)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["notes.txt"])
        let file = directory + "/notes.txt"
        guard case .destinationNotAMap? = importError(Self.fixture("town.osm"), to: file) else { return XCTFail("a file as destination") }
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "keep me\n")
    }

    func testImportingAgainReplacesTheMapAndLeavesNothingBesideIt() throws {
        let directory = try scratch("again")
        let destination = directory + "/town"
        let first = try MapImporter().importMap(from: Self.fixture("town.osm"), to: destination, now: Date(timeIntervalSince1970: 0))
        let second = try MapImporter().importMap(from: Self.fixture("town.osm"), to: destination, now: Date(timeIntervalSince1970: 86400))
        XCTAssertEqual(first.manifest.built, "1970-01-01T00:00:00Z")
        XCTAssertEqual(try MapDirectory.open(destination, installedRoutino: nil).manifest.built, "1970-01-02T00:00:00Z")
        XCTAssertEqual(second.manifest.files.map(\.bytes), first.manifest.files.map(\.bytes), "planetsplitter's output is deterministic")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["town"], "no town.importing, no town.old")
    }

    /// planetsplitter failing half-way (here Debian's own, handed the file without ways in place of
    /// the town, so it fails after writing its temporary files) leaves the earlier map as it was and
    /// nothing of the failed attempt.
    func testAFailedImportLeavesTheEarlierMapWholeAndNoTemporaryFiles() throws {
        let directory = try scratch("failed")
        let destination = directory + "/town"
        let earlier = try MapImporter().importMap(from: Self.fixture("town.osm"), to: destination, now: Date(timeIntervalSince1970: 0))
        let before = try String(contentsOfFile: destination + "/" + MapManifest.fileName, encoding: .utf8)

        let bin = try scratch("bin")
        let real = try ExecutableSearch.resolve("planetsplitter", path: ProcessInfo.processInfo.environment["PATH"])
        let wrapper = bin + "/planetsplitter"
        try """
            #!/bin/bash
            if [ "$1" = --version ]; then exec \(real) --version; fi
            exec \(real) "${@:1:$#-1}" \(Self.fixture("empty-osm.osm"))

            """.write(toFile: wrapper, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(wrapper, 0o755), 0)
        var programs = RoutinoPrograms.debian
        programs.planetsplitter = wrapper

        let error = try XCTUnwrap(importError(Self.fixture("town.osm"), to: destination, programs: programs))
        guard case .programFailed(let program, let detail) = error else { return XCTFail("\(error)") }
        XCTAssertEqual(program, "planetsplitter")
        XCTAssertTrue(detail.contains("Cannot mmap file"), detail)
        XCTAssertEqual(try String(contentsOfFile: destination + "/" + MapManifest.fileName, encoding: .utf8), before)
        let map = try MapDirectory.open(destination, installedRoutino: try RoutinoReference.installedVersion())
        XCTAssertEqual(map.manifest, earlier.manifest)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["town"], "no town.importing left")
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: destination).contains { $0.hasSuffix(".tmp") })

        // Into a new destination, the failed import leaves nothing at all.
        let fresh = try scratch("failed-fresh")
        XCTAssertNotNil(importError(Self.fixture("town.osm"), to: fresh + "/town", programs: programs))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fresh), [])
    }
}
