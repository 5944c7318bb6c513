import Foundation
import Glibc
@testable import Navigation
@testable import Runtime
import Sensors
import WayfinderTestKit
import XCTest

/// One walk's track stays a GPX file that parses after every append, across restarts, and after a
/// torn tail; a file that is not ours is moved aside, never appended to. Opening reads only the ends.
final class TrackFileTests: XCTestCase {
    var directory = ""
    var path: String { directory + "/2026-11-26T0815Z-walk.gpx" }

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
        let track = try TrackFile(path: path, routeName: "Osnabrück & back")
        for i in 0..<40 {
            XCTAssertTrue(track.append(fix(i)))
            let route = try parse(track.path)
            XCTAssertEqual(route.waypoints.count, i + 1, "after append \(i)")
        }
        let route = try parse(track.path)
        XCTAssertEqual(route.name, "Osnabrück & back")
        XCTAssertEqual(route.waypoints.last?.coordinate.latitude ?? 0, 52.27 + 39e-4, accuracy: 1e-7)
    }

    /// The descriptors open on `path` in this process, from /proc/self/fd.
    func openDescriptors(on path: String) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path }.count
    }

    /// The navigation actor syncs in the background, so the sync must neither leak the descriptor it
    /// works on nor disturb the appends made meanwhile, even when the track is closed before it runs.
    func testBackgroundSyncsCloseTheirDescriptorAndLeaveEveryAppend() throws {
        var track: TrackFile? = try TrackFile(path: path, routeName: "walk")
        XCTAssertEqual(openDescriptors(on: path), 1, "the count below must see the track's own descriptor")
        for i in 0..<30 {
            XCTAssertTrue(track?.append(fix(i)) ?? false)
            if i % 10 == 0 { track?.syncInBackground() }
        }
        track = nil
        // The syncs run on the global pool and close their descriptors in the kernel: polled, bounded.
        try eventually("a background sync kept its duplicate descriptor open", every: .milliseconds(10)) {
            openDescriptors(on: path) == 0
        }
        XCTAssertEqual(try parse(path).waypoints.count, 30)
    }

    func testANewFileIsMode0600WhateverTheUmask() throws {
        let previous = umask(0o022)
        defer { umask(previous) }
        _ = try TrackFile(path: path, routeName: "walk")
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o600)
    }

    func testARestartAddsASegmentAndKeepsThePoints() throws {
        var track: TrackFile? = try TrackFile(path: path, routeName: "walk")
        for i in 0..<5 { track?.append(fix(i)) }
        track = nil
        let again = try TrackFile(path: path, routeName: "walk")
        XCTAssertEqual(again.notes, [])
        for i in 5..<8 { again.append(fix(i)) }
        let text = try String(contentsOfFile: again.path, encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: "<trkseg>").count - 1, 2, "one segment per session")
        XCTAssertEqual(try parse(again.path).waypoints.count, 8)
    }

    func testATornTailIsCutBackToTheLastCompletePoint() throws {
        let track = try TrackFile(path: path, routeName: "walk")
        for i in 0..<3 { track.append(fix(i)) }
        // A power loss tore the last page: half a point, no footer.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: track.path))
        bytes.removeLast(GPXTrackFormat.footer.utf8.count + 20)
        try bytes.write(to: URL(fileURLWithPath: track.path))
        let repaired = try TrackFile(path: path, routeName: "walk")
        XCTAssertEqual(repaired.notes.count, 1)
        XCTAssertTrue(repaired.notes[0].contains("cut back"), repaired.notes[0])
        XCTAssertEqual(try parse(repaired.path).waypoints.count, 2, "the torn third point is dropped")
        repaired.append(fix(3))
        XCTAssertEqual(try parse(repaired.path).waypoints.count, 3)
    }

    func testOpeningLooksOnlyAtTheEndsOfTheFile() throws {
        // A long track whose middle is not GPX at all: a whole-file parse would refuse it, the tail
        // check keeps it (its header and its footer are ours), which shows the middle was not read.
        let middle = String(repeating: "x", count: 4 * TrackFile.tailWindow)
        let text = GPXTrackFormat.header(name: "walk") + middle + "\n" + GPXTrackFormat.footer
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let track = try TrackFile(path: path, routeName: "walk")
        XCTAssertEqual(track.notes, [])
        XCTAssertTrue(track.append(fix(0)))
        let after = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(after.hasPrefix(GPXTrackFormat.header(name: "walk") + middle), "the middle is untouched")
        XCTAssertTrue(after.hasSuffix(GPXTrackFormat.pointEnd + GPXTrackFormat.footer))
    }

    func testAnEmptyFileGetsAHeader() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()), "the fixture file was created")
        let track = try TrackFile(path: path, routeName: "walk")
        XCTAssertEqual(track.notes, [])
        track.append(fix(0))
        XCTAssertEqual(try parse(path).waypoints.count, 1)
    }

    func testAFileThatIsNotOursIsMovedAsideAndReported() throws {
        try Data("not a track at all".utf8).write(to: URL(fileURLWithPath: path))
        let track = try TrackFile(path: path, routeName: "walk")
        XCTAssertEqual(track.notes.count, 1)
        XCTAssertTrue(track.notes[0].contains("moved aside"), track.notes[0])
        let name = (path as NSString).lastPathComponent
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("\(name).unreadable-") }
        XCTAssertEqual(aside.count, 1)
        XCTAssertEqual(try String(contentsOfFile: directory + "/" + aside[0], encoding: .utf8), "not a track at all")
        track.append(fix(0))
        XCTAssertEqual(try parse(track.path).waypoints.count, 1)
    }
}
