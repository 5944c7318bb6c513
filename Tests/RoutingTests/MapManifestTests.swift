import Foundation
@testable import Routing
import XCTest

/// The map's manifest: written and read back, refused when incomplete, and the checks that keep a
/// damaged or foreign map away from Routino's router.
final class MapManifestTests: XCTestCase {
    let manifest = MapManifest(routinoVersion: "3.3.3", source: "town.osm", built: "2026-11-29T16:40:00Z",
                               area: (55.67, 12.56, 55.69, 12.58),
                               files: [("nodes.mem", 100), ("segments.mem", 200), ("ways.mem", 30), ("relations.mem", 4),
                                       ("features.tsv", 50), ("streets.tsv", 60)],
                               counts: [("crossings", 2), ("steps", 1)])

    func testTheManifestReadsBackTheSame() throws {
        let read = try MapManifest.parse(manifest.text, file: "m")
        XCTAssertEqual(read, manifest)
        XCTAssertEqual(read.count("crossings"), 2)
        XCTAssertTrue(manifest.text.contains("area 55.6700000 12.5600000 55.6900000 12.5800000\n"), manifest.text)
    }

    func testAManifestWithoutTheDatabaseFilesIsRefused() {
        var partial = manifest
        partial.files.removeAll { $0.name == "segments.mem" }
        XCTAssertThrowsError(try MapManifest.parse(partial.text, file: "m")) { error in
            XCTAssertEqual((error as? MapIndexError)?.reason, "it does not list segments.mem")
        }
        XCTAssertThrowsError(try MapManifest.parse("wayfinder-map 2\n", file: "m"))
        XCTAssertThrowsError(try MapManifest.parse(manifest.text.replacingOccurrences(of: "file ways.mem 30", with: "file ways.mem -3"), file: "m")) { error in
            XCTAssertEqual((error as? MapIndexError)?.line, 8)
        }
    }

    func testALineOfSpacesIsBlank() throws {
        let spaced = manifest.text.replacingOccurrences(of: "source town.osm\n", with: "source town.osm\n \n   \n")
        XCTAssertEqual(try MapManifest.parse(spaced, file: "m"), manifest)
    }

    func testAFileOrCountNameWithAControlCharacterIsRefusedWithItsLine() {
        // Written back, the character would become a space and the line two names and a number.
        for (line, bad) in [(8, "file ways\u{1}.mem 30"), (12, "count cross\u{1e}ings 2")] {
            let good = bad.replacingOccurrences(of: "\u{1}", with: "").replacingOccurrences(of: "\u{1e}", with: "")
            XCTAssertThrowsError(try MapManifest.parse(manifest.text.replacingOccurrences(of: good, with: bad), file: "m")) { error in
                XCTAssertEqual((error as? MapIndexError)?.line, line)
                XCTAssertTrue((error as? MapIndexError)?.reason.hasSuffix("has a control character in its name") == true, "\(error)")
            }
        }
    }

    func testKeysOfALaterVersionAreSkipped() throws {
        XCTAssertEqual(try MapManifest.parse(manifest.text + "colour blue\n", file: "m"), manifest)
    }

    func testAFileCutShortOrMissingAndAnotherRoutinoAreEachAProblem() {
        var sizes = Dictionary(uniqueKeysWithValues: manifest.files.map { ($0.name, $0.bytes) })
        XCTAssertEqual(manifest.problems(sizes: sizes, installedRoutino: "3.3.3"), [])
        sizes["nodes.mem"] = 50
        sizes["ways.mem"] = nil
        XCTAssertEqual(manifest.problems(sizes: sizes, installedRoutino: "3.4.3"), [
            "the map was built by Routino 3.3.3 and this machine has Routino 3.4.3: import it again here, or build it with Routino 3.4.3 (Debian 12 has 3.3.3, Debian 13 3.4.3)",
            "nodes.mem has 50 bytes where the import wrote 100 (a copy cut short?)",
            "ways.mem is missing",
        ])
    }

    func testTheVersionIsReadFromPlanetsplittersVersionLine() {
        XCTAssertEqual(MapManifest.routinoVersion(fromVersionOutput: "Routino version 3.3.3 <http://www.routino.org/>.\n"), "3.3.3")
        XCTAssertEqual(MapManifest.routinoVersion(fromVersionOutput: "Routino version 3.4.3 <https://www.routino.org/>."), "3.4.3")
        XCTAssertNil(MapManifest.routinoVersion(fromVersionOutput: "planetsplitter: command not found"))
    }
}

/// What a failed run of routino-router means, from the words it prints (Routino 3.3.3 router.c and
/// optimiser.c).
final class RoutinoRouterFailureTests: XCTestCase {
    func testTheRoutersMessagesAreTold() {
        XCTAssertEqual(RoutinoRouterFailure(standardError: "Error: Cannot find node close to specified point 2.\n"), .noWayNear(waypoint: 2))
        XCTAssertEqual(RoutinoRouterFailure(standardError: "Routing: Super-Nodes checked = 12\nError: Cannot find super-route compatible with profile.\n"), .noRoute)
        XCTAssertEqual(RoutinoRouterFailure(standardError: "Error: Cannot find initial section of route compatible with profile.\n"), .noRoute)
        XCTAssertEqual(RoutinoRouterFailure(standardError: "Error: Profile is invalid or not compatible with database.\n"), .profileMismatch)
        XCTAssertEqual(RoutinoRouterFailure(standardError: "Error: Cannot open file 'x/nodes.mem' for reading.\n"), .other("Cannot open file 'x/nodes.mem' for reading."))
        XCTAssertEqual(RoutinoRouterFailure(standardError: ""), .other("it printed nothing"))
    }

    func testTheRequestAsksForEveryPointOnStandardOutputAndClosesStepsWhenAsked() {
        let request = RoutinoRouterRequest(directory: "/var/lib/wayfinder/maps/town", profile: .foot, avoidSteps: true,
                                           waypoints: [.init(latitude: 55.68, longitude: 12.57), .init(latitude: 55.681, longitude: -12.5)])
        XCTAssertEqual(request.arguments, ["--dir=/var/lib/wayfinder/maps/town", "--profile=foot", "--shortest", "--output-text-all",
                                           "--output-stdout", "--highway-steps=0", "--lat1=55.6800000", "--lon1=12.5700000",
                                           "--lat2=55.6810000", "--lon2=-12.5000000"])
        XCTAssertFalse(RoutinoRouterRequest(directory: "d", profile: .wheelchair, avoidSteps: true, waypoints: []).arguments
            .contains("--highway-steps=0"), "the wheelchair profile never takes steps")
    }
}
