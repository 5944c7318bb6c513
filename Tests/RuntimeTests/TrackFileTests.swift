import Foundation
@testable import Navigation
@testable import Runtime
import Sensors
import XCTest

/// The walked track stays a GPX file that parses after every append, across restarts, and after a
/// torn tail; a file that is not ours is moved aside, never appended to.
final class TrackFileTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "wayfinder-track-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func fix(_ i: Int) -> Fix {
        Fix(coordinate: Coordinate(latitude: 52.27 + Double(i) * 1e-4, longitude: 8.04), altitude: 63,
            utcSeconds: 1_795_348_800 + Double(i), receivedAt: .seconds(i))
    }

    func parse(_ path: String) throws -> Route {
        try GPXParser.parse(data: Data(contentsOf: URL(fileURLWithPath: path)), source: path)
    }

    func testTheFileParsesAfterEveryAppend() throws {
        let track = try TrackFile(directory: directory, routeName: "Osnabrück & back")
        for i in 0..<40 {
            XCTAssertTrue(track.append(fix(i)))
            let route = try parse(track.path)
            XCTAssertEqual(route.waypoints.count, i + 1, "after append \(i)")
        }
        let route = try parse(track.path)
        XCTAssertEqual(route.name, "Osnabrück & back")
        XCTAssertEqual(route.waypoints.last?.coordinate.latitude ?? 0, 52.27 + 39e-4, accuracy: 1e-7)
    }

    func testARestartAddsASegmentAndKeepsThePoints() throws {
        var track: TrackFile? = try TrackFile(directory: directory, routeName: "walk")
        for i in 0..<5 { track?.append(fix(i)) }
        track = nil
        let again = try TrackFile(directory: directory, routeName: "walk")
        XCTAssertEqual(again.notes, [])
        for i in 5..<8 { again.append(fix(i)) }
        let text = try String(contentsOfFile: again.path, encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: "<trkseg>").count - 1, 2, "one segment per session")
        XCTAssertEqual(try parse(again.path).waypoints.count, 8)
    }

    func testATornTailIsCutBackToTheLastCompletePoint() throws {
        let track = try TrackFile(directory: directory, routeName: "walk")
        for i in 0..<3 { track.append(fix(i)) }
        // A power loss tore the last page: half a point, no footer.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: track.path))
        bytes.removeLast(GPXTrackFormat.footer.utf8.count + 20)
        try bytes.write(to: URL(fileURLWithPath: track.path))
        let repaired = try TrackFile(directory: directory, routeName: "walk")
        XCTAssertEqual(repaired.notes.count, 1)
        XCTAssertTrue(repaired.notes[0].contains("cut back"), repaired.notes[0])
        XCTAssertEqual(try parse(repaired.path).waypoints.count, 2, "the torn third point is dropped")
    }

    func testAFileThatIsNotOursIsMovedAsideAndReported() throws {
        let path = directory + "/track.gpx"
        try Data("not a track at all".utf8).write(to: URL(fileURLWithPath: path))
        let track = try TrackFile(directory: directory, routeName: "walk")
        XCTAssertEqual(track.notes.count, 1)
        XCTAssertTrue(track.notes[0].contains("moved aside"), track.notes[0])
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("track.gpx.unreadable-") }
        XCTAssertEqual(aside.count, 1)
        XCTAssertEqual(try String(contentsOfFile: directory + "/" + aside[0], encoding: .utf8), "not a track at all")
        track.append(fix(0))
        XCTAssertEqual(try parse(track.path).waypoints.count, 1)
    }
}
