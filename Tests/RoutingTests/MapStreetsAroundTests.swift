import Foundation
import Routing
import RoutingPlatform
import Vocabulary
import XCTest

/// The streets around a walk read out of a map for its trip report: which lines meet an area (also
/// across it, and across the antimeridian), the file read line by line with its bound, and a
/// damaged file named with its line.
final class MapStreetsAroundTests: XCTestCase {
    static let root = NSTemporaryDirectory() + "wayfinder-streets-around-\(UUID().uuidString)"

    /// The fixtures' town, imported once for the class.
    static let town = Result { () throws -> String in
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let fixture = (Bundle.module.resourcePath ?? ".") + "/Fixtures/town.osm"
        return try MapImporter().importMap(from: fixture, to: root + "/town").directory
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    static func c(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)
    }

    func testALineMeetsTheAreaWhereASegmentCrossesItEvenWithBothEndsOutside() throws {
        let area = try XCTUnwrap(MapArea(south: 55.6805, west: 12.5715, north: 55.6808, east: 12.5725))
        XCTAssertTrue(area.meets([Self.c(55.6800, 12.5720), Self.c(55.6815, 12.5720)]), "Vester Voldgade from node 201 to 302, across")
        XCTAssertTrue(area.meets([Self.c(55.6806, 12.5720)]), "a single point inside")
        XCTAssertFalse(area.meets([Self.c(55.6800, 12.5680), Self.c(55.6800, 12.5717)]), "Nørregade, south of it")
        XCTAssertFalse(area.meets([Self.c(55.6806, 12.5730), Self.c(55.6807, 12.5800)]), "east of it")
        XCTAssertFalse(area.meets([]))
        XCTAssertNil(MapArea(south: 1, west: 0, north: 0, east: 1), "south of the north")
        XCTAssertNil(MapArea(south: .nan, west: 0, north: 0, east: 1))
    }

    func testAnAreaAcrossTheAntimeridianAndTheWholeWorld() throws {
        let fiji = try XCTUnwrap(MapArea(south: -17.1, west: 179.9, north: -16.9, east: -179.9))
        XCTAssertTrue(fiji.meets([Self.c(-17, 179.95), Self.c(-17, -179.95)]))
        XCTAssertTrue(fiji.meets([Self.c(-17, -179.95)]))
        XCTAssertFalse(fiji.meets([Self.c(-17, 0), Self.c(-17, 10)]), "the other side of the Earth")
        let world = try XCTUnwrap(MapArea(south: -90, west: -180, north: 90, east: 180))
        XCTAssertTrue(world.meets([Self.c(0, 0)]))
        XCTAssertTrue(world.meets([Self.c(10, 179.5)]))
    }

    /// Only street lines are read, and only those that meet the area; the header is checked.
    func testOneLineOfTheIndexIsAStreetInTheAreaOrNothing() throws {
        let area = try XCTUnwrap(MapArea(south: 55.6795, west: 12.5675, north: 55.6805, east: 12.5735))
        XCTAssertNil(try MapIndexFormat.street(onLine: Substring(MapIndexFormat.header), number: 1, meeting: area, file: "s.tsv"))
        XCTAssertThrowsError(try MapIndexFormat.street(onLine: "street\tresidential", number: 1, meeting: area, file: "s.tsv")) { error in
            XCTAssertEqual((error as? MapIndexError)?.line, 1)
        }
        let street = try MapIndexFormat.street(onLine: "street\tresidential\t55.68,12.568 55.68,12.5717\tNørregade", number: 2, meeting: area, file: "s.tsv")
        XCTAssertEqual(street, MapStreet(highway: "residential", name: "Nørregade", points: [Self.c(55.68, 12.568), Self.c(55.68, 12.5717)]))
        XCTAssertNil(try MapIndexFormat.street(onLine: "street\tfootway\t55.685,12.58 55.685,12.581\t", number: 3, meeting: area, file: "s.tsv"),
                     "the island is elsewhere")
        XCTAssertNil(try MapIndexFormat.street(onLine: "barrier\t55.681\t12.5745\tbollard", number: 4, meeting: area, file: "s.tsv"))
        XCTAssertThrowsError(try MapIndexFormat.street(onLine: "street\tresidential\t55.68,east\t", number: 5, meeting: area, file: "s.tsv")) { error in
            XCTAssertEqual((error as? MapIndexError)?.description.hasPrefix("s.tsv:5: \"55.68\", \"east\" is not a latitude and longitude"), true, "\(error)")
        }
    }

    /// Around the walk from the station to the square: the six ways that reach it, in the file's
    /// order, and not Strandgade, Gangen, the quay or the island.
    func testTheTownsStreetsAroundAWalkAreReadInTheFilesOrder() throws {
        let map = try MapDirectory.open(try Self.town.get(), installedRoutino: nil)
        let area = try XCTUnwrap(MapArea(south: 55.6795, west: 12.5675, north: 55.6805, east: 12.5735))
        let read = try map.streets(meeting: area)
        XCTAssertTrue(read.complete)
        XCTAssertEqual(read.streets.map(\.highway), ["residential", "footway", "primary", "footway", "steps", "footway"])
        XCTAssertEqual(read.streets.map(\.name), ["Nørregade", nil, "Vester Voldgade", nil, "Trappen", nil])
        XCTAssertEqual(read.streets, try map.streets().filter { area.meets($0.points) }, "the same as the whole file, filtered")
        // At most five points: Nørregade's two and the crossing's three, then the bound.
        let bounded = try map.streets(meeting: area, pointLimit: 5)
        XCTAssertFalse(bounded.complete)
        XCTAssertEqual(bounded.streets.map(\.name), ["Nørregade", nil])
    }

    /// A file damaged in place (its size as the manifest says) is named with the line.
    func testADamagedStreetsFileIsNamedWithItsLine() throws {
        let copy = Self.root + "/damaged-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: try Self.town.get(), toPath: copy)
        let file = copy + "/" + MapManifest.streetsFile
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "street\tresidential\t55.6800000,12.5680000", with: "street\tresidential\t55.68000x0,12.5680000")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let map = try MapDirectory.open(copy, installedRoutino: nil)
        let area = try XCTUnwrap(MapArea(south: 55.6795, west: 12.5675, north: 55.6805, east: 12.5735))
        XCTAssertThrowsError(try map.streets(meeting: area)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(file):2: \"55.68000x0\", \"12.5680000\" is not a latitude and longitude"), "\(error)")
        }
    }
}
