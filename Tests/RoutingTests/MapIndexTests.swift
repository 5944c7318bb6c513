import Foundation
@testable import Routing
import Vocabulary
import XCTest

/// The map index: built from osmium's GeoJSON features (a crossing finds its road by the vertex it
/// shares with it), written as text and read back the same, and a damaged file named by its line.
final class MapIndexTests: XCTestCase {
    let square = Coordinate(latitude: 55.6800, longitude: 12.5700)

    func point(_ c: Coordinate, _ tags: [String: String]) -> OSMFeature { OSMFeature(geometry: .point(c), tags: tags) }
    func line(_ points: [Coordinate], _ tags: [String: String]) -> OSMFeature { OSMFeature(geometry: .line(points), tags: tags) }
    /// Rounded to 1e-7 degree, as OpenStreetMap stores coordinates.
    func offset(_ c: Coordinate, north: Double = 0, east: Double = 0) -> Coordinate {
        func e7(_ v: Double) -> Double { (v * 1e7).rounded() / 1e7 }
        return Coordinate(latitude: e7(c.latitude + north / 111_195), longitude: e7(c.longitude + east / (111_195 * cos(c.latitude * .pi / 180))))
    }

    /// A road running east through the crossing, and the footway over it running north.
    func townFeatures() -> [OSMFeature] {
        [
            point(square, ["highway": "crossing", "crossing": "traffic_signals", "traffic_signals:sound": "yes",
                           "tactile_paving": "yes", "kerb": "lowered"]),
            line([offset(square, east: -50), square, offset(square, east: 50)], ["highway": "secondary", "name": "Vester Voldgade"]),
            line([offset(square, north: -10), square, offset(square, north: 10)], ["highway": "footway", "footway": "crossing"]),
            line([offset(square, north: 20), offset(square, north: 40)], ["highway": "steps", "name": "Trappen", "step_count": "24"]),
            point(offset(square, north: 60), ["barrier": "bollard"]),
            point(offset(square, north: 80), ["amenity": "bench"]),
            line([offset(square, north: 90), offset(square, north: 95)], ["building": "yes"]),
        ]
    }

    func testACrossingTakesTheNameAndAxisOfTheRoadThroughItNotOfItsFootway() {
        var builder = MapIndexBuilder()
        townFeatures().forEach { builder.add($0) }
        let index = builder.build()
        XCTAssertEqual(index.crossings.count, 1)
        let crossing = index.crossings[0]
        XCTAssertEqual(crossing.roads, ["Vester Voldgade"])
        XCTAssertEqual(crossing.roadAxis ?? -1, 90, accuracy: 0.5, "the road runs east-west")
        XCTAssertEqual(crossing.control, .signals)
        XCTAssertTrue(crossing.sound)
        XCTAssertFalse(crossing.vibration)
        XCTAssertTrue(crossing.tactilePaving)
        XCTAssertTrue(crossing.loweredKerb)
        XCTAssertEqual(crossing.spoken, "cross Vester Voldgade, signals with sound, tactile paving, lowered kerb")
    }

    func testStepsBarriersAndStreetsAreKeptAndOtherFeaturesAreNot() {
        var builder = MapIndexBuilder()
        townFeatures().forEach { builder.add($0) }
        let index = builder.build()
        XCTAssertEqual(index.steps, [MapSteps(name: "Trappen", count: 24, points: [offset(square, north: 20), offset(square, north: 40)])])
        XCTAssertEqual(index.barriers, [MapBarrier(coordinate: offset(square, north: 60), kind: "bollard")])
        XCTAssertEqual(index.streets.map(\.highway), ["secondary", "footway", "steps"], "the building is not a street")
    }

    func testTheControlOfACrossingFollowsTheOSMWikisKeys() {
        XCTAssertEqual(MapIndexBuilder.control(["crossing": "zebra"]), .marked)
        XCTAssertEqual(MapIndexBuilder.control(["crossing": "uncontrolled"]), .marked)
        XCTAssertEqual(MapIndexBuilder.control(["crossing_ref": "zebra"]), .marked)
        XCTAssertEqual(MapIndexBuilder.control(["crossing_ref": "toucan"]), .signals)
        XCTAssertEqual(MapIndexBuilder.control(["crossing": "unmarked"]), .unmarked)
        XCTAssertEqual(MapIndexBuilder.control(["highway": "crossing"]), .unknown)
        XCTAssertEqual(MapCrossing(coordinate: square, control: .marked).spoken, "cross the road, marked, no signals")
        XCTAssertEqual(MapCrossing(coordinate: square, control: .signals, sound: true, vibration: true, roads: ["A", "B"]).spoken,
                       "cross A / B, signals with sound and vibration")
    }

    func testGeoJSONFeaturesAreReadLongitudeFirstAndOtherGeometriesAreSkipped() throws {
        let json = try JSONDecoder().decode(JSONValue.self, from: Data("""
            {"type":"Feature","geometry":{"type":"Point","coordinates":[7.4234985,43.7372399]},"properties":{"highway":"crossing","layer":1}}
            """.utf8))
        XCTAssertEqual(OSMFeature(json: json), OSMFeature(geometry: .point(Coordinate(latitude: 43.7372399, longitude: 7.4234985)),
                                                          tags: ["highway": "crossing"]))
        let polygon = try JSONDecoder().decode(JSONValue.self, from: Data("""
            {"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[1,2],[3,4],[1,2]]]},"properties":{}}
            """.utf8))
        XCTAssertNil(OSMFeature(json: polygon))
        let outside = try JSONDecoder().decode(JSONValue.self, from: Data("""
            {"type":"Feature","geometry":{"type":"Point","coordinates":[200,43]},"properties":{}}
            """.utf8))
        XCTAssertNil(OSMFeature(json: outside))
    }

    func testTheIndexTextReadsBackToTheSameIndex() throws {
        var builder = MapIndexBuilder()
        townFeatures().forEach { builder.add($0) }
        let index = builder.build()
        let text = MapIndexFormat.text(index)
        XCTAssertTrue(text.hasPrefix("wayfinder-map-index\t1\ncrossing\t55.6800000\t12.5700000\tsignals\tstk\t90.0\tVester Voldgade\n"), text)
        let read = try MapIndexFormat.parse(text, file: "features.tsv")
        XCTAssertEqual(read.crossings.count, 1)
        XCTAssertEqual(read.crossings[0].roads, ["Vester Voldgade"])
        XCTAssertEqual(read.steps.first?.count, 24)
        XCTAssertEqual(read.steps.first?.name, "Trappen")
        XCTAssertEqual(read.barriers, index.barriers)
        XCTAssertEqual(read.streets.count, 3)
        XCTAssertEqual(MapIndexFormat.text(read), text, "written again, byte for byte")
    }

    func testATabInANameCannotShiftTheFields() throws {
        let index = MapIndex(steps: [MapSteps(name: "Trap\tpen\n", points: [square, offset(square, north: 5)])])
        let read = try MapIndexFormat.parse(MapIndexFormat.text(index), file: "f")
        XCTAssertEqual(read.steps.first?.name, "Trap pen ")
    }

    func testADamagedIndexIsNamedByFileAndLine() {
        func reason(_ text: String) -> MapIndexError? {
            do { _ = try MapIndexFormat.parse(text, file: "features.tsv"); return nil } catch { return error }
        }
        XCTAssertEqual(reason("")?.line, 1)
        XCTAssertEqual(reason("wayfinder-map-index\t2\n")?.reason, "the first line is not \"wayfinder-map-index<TAB>1\"")
        let header = "wayfinder-map-index\t1\n"
        XCTAssertEqual(reason(header + "crossing\t1\t2\n"), MapIndexError(file: "features.tsv", line: 2, "a crossing needs 6 fields or more, not 3"))
        XCTAssertEqual(reason(header + "\ncrossing\t1\t2\tlights\t-\t-\n")?.line, 3)
        XCTAssertEqual(reason(header + "crossing\t95\t2\tsignals\t-\t-\n")?.reason, "95, 2 is outside the Earth's ranges")
        XCTAssertEqual(reason(header + "crossing\t1\t2\tsignals\txyz\t-\n")?.reason, "\"xyz\" is not a set of crossing flags (s, v, t, k or -)")
        XCTAssertEqual(reason(header + "crossing\t1\t2\tsignals\t-\t180\n")?.reason, "\"180\" is not a road axis in [0, 180)")
        XCTAssertEqual(reason(header + "steps\t-\t1,2\tX\n")?.reason, "a line needs two points or more, not 1")
        XCTAssertEqual(reason(header + "steps\t-\t1;2 3,4\tX\n")?.reason, "\"1;2\" is not a point \"lat,lon\"")
        XCTAssertEqual(reason(header + "tree\t1\t2\n")?.reason, "\"tree\" is not a kind of map feature (crossing, steps, barrier, street)")
        XCTAssertTrue((reason(header + "tree\n").map { "\($0)" } ?? "").hasPrefix("features.tsv:2: "), "the message starts with file:line")
    }
}
