import Clocks
import Foundation
import Navigation
import Platform
import RoutingPlatform
@testable import Runtime
import WayfinderTestKit
import XCTest

/// The report the appliance writes at a walk's end on a map (`[route] map`): the map's streets
/// around the walk under it, and a map that cannot be read said on the page and in the log, the
/// report written all the same.
final class TripRecorderMapTests: XCTestCase {
    static let root = NSTemporaryDirectory() + "wayfinder-trip-map-\(UUID().uuidString)"
    /// The fixtures' town, imported once for the class.
    static let town = Result { () throws -> String in
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return try MapImporter().importMap(from: Repository.root + "/Tests/RoutingTests/Fixtures/town.osm", to: root + "/town").directory
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    /// From the station east along Nørregade to the square, a fix every 10 s.
    let route = Route(name: "to the square", kind: .waypoints, waypoints: [
        Waypoint(name: "station", coordinate: Coordinate(latitude: 55.68, longitude: 12.568)),
        Waypoint(name: "square", coordinate: Coordinate(latitude: 55.68, longitude: 12.573)),
    ])

    func walk(map: String) throws -> (html: String, logs: LogCapture) {
        let dir = Self.root + "/walk-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let trackPath = "\(dir)/walk.gpx"
        let track = try TrackFile(path: trackPath, routeName: "to the square")
        for i in 0...10 {
            track.append(Fix(coordinate: Coordinate(latitude: 55.68, longitude: 12.568 + Double(i) * 0.0005), mode: .threeD, satellites: 8,
                             hdop: 0.9, utcSeconds: 1_764_230_000 + Double(i) * 10, receivedAt: .seconds(i * 10)))
        }
        let logs = LogCapture(level: .info)
        let recorder = try XCTUnwrap(TripRecorder(trackPath: trackPath, route: route, routePath: nil, mapDirectory: map,
                                                  offRouteDistance: 30, clock: SessionClock(TestClock()), logger: logs.logger("trip")))
        XCTAssertEqual(recorder.writeReport(), "\(dir)/walk.html")
        return (try String(contentsOfFile: "\(dir)/walk.html", encoding: .utf8), logs)
    }

    func testTheReportDrawsTheStreetsOfTheMapTheWalkPlansOn() throws {
        let (html, logs) = try walk(map: try Self.town.get())
        XCTAssertTrue(html.contains("<title>Nørregade</title>"))
        XCTAssertTrue(html.contains("<title>Vester Voldgade</title>"))
        XCTAssertTrue(html.contains("<g class=\"streets st-steps\""), "Trappen, at the map's east edge")
        XCTAssertTrue(html.contains("Streets from the map “town”"))
        XCTAssertEqual(logs.matching("without the map's streets"), [])
    }

    func testAMapThatCannotBeReadLeavesTheStreetsOutAndSaysSo() throws {
        let missing = Self.root + "/no-such-map"
        let (html, logs) = try walk(map: missing)
        XCTAssertFalse(html.contains("<g class=\"streets"))
        XCTAssertTrue(html.contains("<li>The map “no-such-map” could not be read, so the streets are not drawn: \(missing): no such map directory"), html)
        XCTAssertTrue(html.contains("class=\"track q-good\""), "the rest of the report is there")
        XCTAssertEqual(logs.matching("the trip report is written without the map's streets: \(missing): no such map directory").count, 1)
    }
}
