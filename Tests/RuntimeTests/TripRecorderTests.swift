import Clocks
import Foundation
import Navigation
import Platform
@testable import Runtime
import TripReport
import WayfinderTestKit
import XCTest

/// The walk's event journal: times on the GPS's timeline, whole lines that survive a crash, and the
/// report written from it beside the track.
final class TripRecorderTests: XCTestCase {
    let route = Route(name: "Park loop", kind: .route, waypoints: [
        Waypoint(name: "Gate", coordinate: Coordinate(latitude: 52.0, longitude: 8.0)),
        Waypoint(name: "Pond", coordinate: Coordinate(latitude: 52.001, longitude: 8.0)),
    ])

    func directory() throws -> String {
        let path = NSTemporaryDirectory() + "wayfinder-trip-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func events(_ path: String) throws -> TripJournalFormat.Contents {
        TripJournalFormat.read(try String(contentsOfFile: path, encoding: .utf8))
    }

    func testEventsAreStampedOnTheGPSTimelineThroughTheLatestFix() async throws {
        let dir = try directory()
        let testClock = TestClock()
        let clock = SessionClock(testClock)
        let logs = LogCapture(level: .info)
        let recorder = try XCTUnwrap(TripRecorder(trackPath: "\(dir)/walk.gpx", route: route, routePath: "/routes/park.gpx",
                                                  offRouteDistance: 25, clock: clock, logger: logs.logger("trip"),
                                                  now: Date(timeIntervalSince1970: 1_000)))
        XCTAssertEqual(recorder.journalPath, "\(dir)/walk.events.jsonl")
        XCTAssertEqual(recorder.reportPath, "\(dir)/walk.html")
        // Before any fix the wall clock at start stands in.
        await testClock.advance(by: .seconds(2))
        recorder.record(.paused)
        // A fix received at t+3 s says it is 1 764 230 000 s UTC; an event 4.5 s later is that plus 4.5.
        recorder.anchor(utc: 1_764_230_000, at: .seconds(3))
        await testClock.advance(by: .seconds(5.5))
        recorder.record(.waypointReached) { $0.index = 1; $0.name = "Pond" }
        let read = try events(recorder.journalPath)
        XCTAssertEqual(read.skippedLines, 0)
        XCTAssertEqual(read.events.map(\.kind), [.walk, .applianceStarted, .paused, .waypointReached])
        XCTAssertEqual(read.events[0].name, "Park loop")
        XCTAssertEqual(read.events[0].path, "/routes/park.gpx")
        XCTAssertEqual(read.events[0].distance, 25)
        XCTAssertEqual(read.events[2].time, 1_002, accuracy: 0.001)
        XCTAssertEqual(read.events[3].time, 1_764_230_004.5, accuracy: 0.001)
        XCTAssertEqual(read.events[3].index, 1)
    }

    func testBeltDirectionsAreThinnedToOneEveryFiveSeconds() async throws {
        let dir = try directory()
        let testClock = TestClock()
        let recorder = try XCTUnwrap(TripRecorder(trackPath: "\(dir)/walk.gpx", route: route, routePath: nil, offRouteDistance: 30,
                                                  clock: SessionClock(testClock), logger: LogCapture(level: .info).logger("trip")))
        for _ in 0..<12 {
            recorder.record(.belt) { $0.bearing = 90 }
            await testClock.advance(by: .seconds(1))
        }
        let belts = try events(recorder.journalPath).events.filter { $0.kind == .belt }
        XCTAssertEqual(belts.count, 3, "at 0, 5 and 10 s")
    }

    /// An ended walk's journal is closed (its report and manifest are made from it and it may be
    /// uploaded): what happens after the end is held, written only if the same walk goes on, and
    /// dropped when the next walk begins.
    func testRecordsAfterTheEndAreHeldForAResumeAndDroppedForTheNextWalk() throws {
        let dir = try directory()
        let recorder = try XCTUnwrap(TripRecorder(trackPath: "\(dir)/walk.gpx", route: route, routePath: nil, offRouteDistance: 30,
                                                  clock: SessionClock(TestClock()), logger: LogCapture(level: .info).logger("trip")))
        recorder.record(.navigationStarted)
        recorder.record(.stopped)
        let closed = try Data(contentsOf: URL(fileURLWithPath: recorder.journalPath))
        recorder.record(.battery) { $0.percent = 80 }
        recorder.record(.linkLost) { $0.device = "belt" }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: recorder.journalPath)), closed, "the ended walk's journal is unchanged")
        recorder.record(.resumed)
        XCTAssertEqual(try events(recorder.journalPath).events.map(\.kind),
                       [.walk, .applianceStarted, .navigationStarted, .stopped, .battery, .linkLost, .resumed],
                       "the walk went on: what was held is part of it, in order")
        recorder.record(.arrived)
        recorder.record(.battery) { $0.percent = 70 }
        XCTAssertTrue(recorder.beginWalk(trackPath: "\(dir)/next.gpx", route: route))
        recorder.record(.navigationStarted)
        XCTAssertEqual(try events("\(dir)/walk.events.jsonl").events.map(\.kind).suffix(2), [.resumed, .arrived],
                       "the battery check between the walks is in neither")
        XCTAssertEqual(try events(recorder.journalPath).events.map(\.kind), [.walk, .applianceStarted, .navigationStarted])
    }

    /// Days between walks do not grow the memory: the oldest records held are dropped first.
    func testTheRecordsHeldBetweenWalksAreBounded() throws {
        let dir = try directory()
        let recorder = try XCTUnwrap(TripRecorder(trackPath: "\(dir)/walk.gpx", route: route, routePath: nil, offRouteDistance: 30,
                                                  clock: SessionClock(TestClock()), logger: LogCapture(level: .info).logger("trip")))
        recorder.record(.stopped)
        for percent in 0..<(TripRecorder.heldLimit + 10) { recorder.record(.battery) { $0.percent = Double(percent) } }
        recorder.record(.resumed)
        let batteries = try events(recorder.journalPath).events.filter { $0.kind == .battery }
        XCTAssertEqual(batteries.count, TripRecorder.heldLimit)
        XCTAssertEqual(batteries.first?.percent, 10, "the ten oldest were dropped")
    }

    /// A second run of the same walk appends; a line the first run's crash tore stays one bad line.
    func testAContinuedJournalKeepsItsRecordsAndSkipsOnlyATornLine() throws {
        let dir = try directory()
        let clock = SessionClock(TestClock())
        let logger = LogCapture(level: .info).logger("trip")
        var first = TripRecorder(trackPath: "\(dir)/walk.gpx", route: route, routePath: nil, offRouteDistance: 30, clock: clock, logger: logger)
        first?.record(.paused)
        first = nil
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: "\(dir)/walk.events.jsonl"))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"kind":"resumed","ti"#.utf8))
        handle.closeFile()
        let second = try XCTUnwrap(TripRecorder(trackPath: "\(dir)/walk.gpx", route: route, routePath: nil, offRouteDistance: 30,
                                                clock: clock, logger: logger))
        second.record(.stopped)
        let read = try events(second.journalPath)
        XCTAssertEqual(read.events.map(\.kind), [.walk, .applianceStarted, .paused, .applianceStarted, .stopped],
                       "one walk record; a start record per run")
        XCTAssertEqual(read.skippedLines, 1)
    }

    func testTheReportIsWrittenBesideTheTrackFromTheFilesOnDisk() throws {
        let dir = try directory()
        let clock = SessionClock(TestClock())
        let trackPath = "\(dir)/walk.gpx"
        let track = try TrackFile(path: trackPath, routeName: "Park loop")
        for (i, latitude) in [52.0, 52.0003, 52.0006, 52.001].enumerated() {
            track.append(Fix(coordinate: Coordinate(latitude: latitude, longitude: 8.0), mode: .threeD, satellites: 8, hdop: 0.9,
                             utcSeconds: 1_764_230_000 + Double(i) * 30, receivedAt: .seconds(i * 30)))
        }
        let logs = LogCapture(level: .info)
        let recorder = try XCTUnwrap(TripRecorder(trackPath: trackPath, route: route, routePath: nil, offRouteDistance: 30,
                                                  clock: clock, logger: logs.logger("trip")))
        recorder.anchor(utc: 1_764_230_090, at: .zero)
        recorder.record(.arrived) { $0.index = 1; $0.name = "Pond" }
        XCTAssertEqual(recorder.writeReport(generatedAt: Date(timeIntervalSince1970: 1_764_240_000)), "\(dir)/walk.html")
        let html = try String(contentsOfFile: "\(dir)/walk.html", encoding: .utf8)
        XCTAssertTrue(html.contains("Park loop"))
        XCTAssertTrue(html.contains(#"class="route""#), "the route is drawn")
        XCTAssertTrue(html.contains(#"class="track q-good""#), "the track is drawn, 3D with HDOP 0.9: good")
        XCTAssertEqual(logs.matching("trip report written").count, 1)
        var info = stat()
        XCTAssertEqual(stat("\(dir)/walk.html", &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600, "the report holds where the wearer walked")
    }

    /// The arrival's write runs in the background and the shutdown's on the loop: they may overlap,
    /// and neither may break the other's atomic replace.
    func testReportsWrittenAtOnceFromTwoThreadsAllSucceed() throws {
        let dir = try directory()
        let trackPath = "\(dir)/walk.gpx"
        let track = try TrackFile(path: trackPath, routeName: "Park loop")
        track.append(Fix(coordinate: Coordinate(latitude: 52.0, longitude: 8.0), utcSeconds: 1_764_230_000, receivedAt: .zero))
        let logs = LogCapture(level: .info)
        let recorder = try XCTUnwrap(TripRecorder(trackPath: trackPath, route: route, routePath: nil, offRouteDistance: 30,
                                                  clock: SessionClock(TestClock()), logger: logs.logger("trip")))
        DispatchQueue.concurrentPerform(iterations: 16) { _ in recorder.writeReport() }
        XCTAssertEqual(logs.matching("trip report written").count, 16)
        XCTAssertEqual(logs.matching("could not write the trip report"), [])
        XCTAssertTrue(try String(contentsOfFile: recorder.reportPath, encoding: .utf8).hasSuffix("</html>\n"))
    }

    func testAJournalThatCannotBeOpenedIsLoggedAndTheWalkGoesOnWithoutIt() throws {
        let logs = LogCapture(level: .info)
        XCTAssertNil(TripRecorder(trackPath: "/nonexistent-\(UUID().uuidString)/walk.gpx", route: route, routePath: nil,
                                  offRouteDistance: 30, clock: SessionClock(TestClock()), logger: logs.logger("trip")))
        XCTAssertEqual(logs.matching("gets no trip report, navigation goes on").count, 1)
    }
}
