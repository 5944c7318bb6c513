import Config
import Foundation
import Glibc
import Navigation
@testable import Runtime
import Sensors
import XCTest

/// One GPX file per walk in `tracks/`: a resumed walk keeps its file, a new walk starts one, and old
/// walks beyond `[track]`'s limits are deleted, never the current one.
final class TrackArchiveTests: XCTestCase {
    var state = ""
    var tracks: String { state + "/tracks" }
    /// 2026-11-26T08:15:42Z.
    let start = Date(timeIntervalSince1970: 1_795_680_942)
    let demo = Route(name: "Demo walk", kind: .route, waypoints: [Waypoint(coordinate: Coordinate(latitude: 52.27, longitude: 8.04))])
    let other = Route(name: "Other", kind: .route, waypoints: [Waypoint(coordinate: Coordinate(latitude: 52.28, longitude: 8.05))])

    override func setUpWithError() throws {
        state = NSTemporaryDirectory() + "wayfinder-tracks-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: state)
    }

    func open(_ route: Route? = nil, resuming: Bool = false, at date: Date? = nil,
              settings: TrackSettings = TrackSettings(), remove: (String) -> Int32 = { unlink($0) }) -> TrackArchive.Start {
        TrackArchive.start(stateDirectory: state, route: route ?? demo, resuming: resuming, settings: settings,
                           now: date ?? start, isAlive: { _ in false }, remove: remove)
    }

    func fix(_ i: Int) -> Fix {
        Fix(coordinate: Coordinate(latitude: 52.27 + Double(i) * 1e-4, longitude: 8.04), altitude: 63,
            utcSeconds: 1_795_680_942 + Double(i), receivedAt: .seconds(i))
    }

    var walkFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: tracks)) ?? []).filter { $0.hasSuffix(".gpx") }.sorted()
    }

    /// An old walk's file, last written `daysAgo` days before `start`.
    @discardableResult
    func oldWalk(_ name: String, daysAgo: Double) throws -> String {
        try FileManager.default.createDirectory(atPath: tracks, withIntermediateDirectories: true)
        let path = "\(tracks)/\(name)"
        try Data((GPXTrackFormat.header(name: "old") + GPXTrackFormat.footer).utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: start.addingTimeInterval(-daysAgo * 86_400)], ofItemAtPath: path)
        return path
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    // MARK: Rotation

    func testAWalkIsRecordedInAFileNamedByItsStartAndRoute() throws {
        let opened = open()
        XCTAssertEqual(opened.track?.path, "\(tracks)/2026-11-26T0815Z-demo-walk.gpx")
        XCTAssertEqual(Self.mode(tracks), 0o700)
        XCTAssertEqual(Self.mode("\(tracks)/2026-11-26T0815Z-demo-walk.gpx"), 0o600)
        XCTAssertEqual(Self.mode("\(tracks)/\(TrackArchive.pointerName)"), 0o600)
    }

    func testAResumedWalkKeepsAppendingToItsFile() throws {
        var first: TrackFile? = open().track
        first?.append(fix(0))
        let path = first?.path
        first = nil
        let resumed = open(resuming: true, at: start.addingTimeInterval(3600))
        XCTAssertEqual(resumed.track?.path, path)
        resumed.track?.append(fix(1))
        XCTAssertEqual(walkFiles.count, 1)
        let route = try GPXParser.parse(data: Data(contentsOf: URL(fileURLWithPath: path ?? "")), source: "track")
        XCTAssertEqual(route.waypoints.count, 2)
    }

    func testANewWalkOnTheSameRouteStartsANewFile() throws {
        let first = open().track?.path
        let second = open(resuming: false, at: start.addingTimeInterval(3600)).track?.path
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(walkFiles, ["2026-11-26T0815Z-demo-walk.gpx", "2026-11-26T0915Z-demo-walk.gpx"])
    }

    func testAResumeOfAnotherRoutesWalkStartsANewFile() throws {
        _ = open(demo)
        let opened = open(other, resuming: true, at: start.addingTimeInterval(60))
        XCTAssertEqual(opened.track?.path, "\(tracks)/2026-11-26T0816Z-other.gpx")
    }

    func testTwoWalksStartedInTheSameMinuteGetTwoFiles() throws {
        _ = open()
        let second = open(at: start.addingTimeInterval(5)).track?.path
        XCTAssertEqual(second, "\(tracks)/2026-11-26T0815Z-demo-walk-2.gpx")
    }

    func testAPointerThatNamesAPathOutsideTracksIsIgnored() throws {
        try FileManager.default.createDirectory(atPath: tracks, withIntermediateDirectories: true)
        let pointer = #"{"file": "../progress.json", "routeIdentity": "\#(demo.identity)"}"#
        try Data(pointer.utf8).write(to: URL(fileURLWithPath: "\(tracks)/\(TrackArchive.pointerName)"))
        let opened = open(resuming: true)
        XCTAssertEqual(opened.track?.path, "\(tracks)/2026-11-26T0815Z-demo-walk.gpx")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(state)/progress.json"))
    }

    func testWithRecordingOffNoTrackIsOpened() throws {
        let opened = open(settings: TrackSettings(enabled: false))
        XCTAssertNil(opened.track)
        XCTAssertEqual(walkFiles, [])
    }

    // MARK: Retention

    func testWalksBeyondKeepWalksAreDeletedOldestFirst() throws {
        for day in 1...5 { try oldWalk("walk-\(day).gpx", daysAgo: Double(day)) }
        let opened = open(settings: TrackSettings(keepWalks: 3, keepDays: 0))
        XCTAssertEqual(opened.deleted, ["walk-5.gpx", "walk-4.gpx", "walk-3.gpx"].map { "\(tracks)/\($0)" })
        XCTAssertEqual(walkFiles, ["2026-11-26T0815Z-demo-walk.gpx", "walk-1.gpx", "walk-2.gpx"])
        let lines = opened.notes.filter { $0.message.contains("deleted the track of an old walk") }
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines.allSatisfy { $0.level == .info })
        XCTAssertTrue(lines[0].message.contains("keep_walks"), lines[0].message)
    }

    /// The journal and the report hold the same location history as the track: they go with it.
    func testADeletedWalkTakesItsJournalAndReportWithIt() throws {
        try oldWalk("walk-1.gpx", daysAgo: 1)
        try oldWalk("walk-2.gpx", daysAgo: 2)
        for name in ["walk-2.events.jsonl", "walk-2.html", "walk-1.events.jsonl"] {
            try Data("x\n".utf8).write(to: URL(fileURLWithPath: "\(tracks)/\(name)"))
        }
        let opened = open(settings: TrackSettings(keepWalks: 2, keepDays: 0))
        XCTAssertEqual(opened.deleted, ["walk-2.gpx", "walk-2.events.jsonl", "walk-2.html"].map { "\(tracks)/\($0)" })
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tracks)/walk-1.events.jsonl"))
        XCTAssertFalse(opened.notes.contains { $0.message.contains("cannot delete") })
    }

    func testWalksOlderThanKeepDaysAreDeleted() throws {
        try oldWalk("young.gpx", daysAgo: 29)
        try oldWalk("old.gpx", daysAgo: 31)
        try oldWalk("older.gpx.unreadable-1700000000", daysAgo: 40)
        let opened = open(settings: TrackSettings(keepWalks: 0, keepDays: 30))
        XCTAssertEqual(opened.deleted, ["\(tracks)/older.gpx.unreadable-1700000000", "\(tracks)/old.gpx"])
        XCTAssertTrue(opened.notes.contains { $0.message.contains("keep_days") })
        XCTAssertEqual(walkFiles, ["2026-11-26T0815Z-demo-walk.gpx", "young.gpx"])
    }

    func testTheCurrentWalkIsNeverDeleted() throws {
        // The walk being resumed was last written long ago, and the limits would take it twice over.
        var first: TrackFile? = open(at: start.addingTimeInterval(-90 * 86_400)).track
        let path = try XCTUnwrap(first?.path)
        first = nil
        try FileManager.default.setAttributes([.modificationDate: start.addingTimeInterval(-90 * 86_400)], ofItemAtPath: path)
        try oldWalk("newer.gpx", daysAgo: 1)
        let opened = open(resuming: true, settings: TrackSettings(keepWalks: 1, keepDays: 30))
        XCTAssertEqual(opened.track?.path, path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(opened.deleted, ["\(tracks)/newer.gpx"])
    }

    func testZeroLimitsKeepEveryWalk() throws {
        for day in 1...3 { try oldWalk("walk-\(day).gpx", daysAgo: Double(day * 1000)) }
        XCTAssertEqual(open(settings: TrackSettings(keepWalks: 0, keepDays: 0)).deleted, [])
        XCTAssertEqual(walkFiles.count, 4)
    }

    func testAFailedDeletionIsAWarningWithThePathAndTheReasonAndTheStartGoesOn() throws {
        let path = try oldWalk("old.gpx", daysAgo: 100)
        let opened = open(remove: { _ in errno = EACCES; return -1 })
        XCTAssertNotNil(opened.track)
        XCTAssertEqual(opened.deleted, [])
        let warning = try XCTUnwrap(opened.notes.first { $0.message.contains("cannot delete") })
        XCTAssertEqual(warning.level, .warning)
        XCTAssertTrue(warning.message.contains(path), warning.message)
        XCTAssertTrue(warning.message.contains("Permission denied"), warning.message)
    }

    func testRetentionAppliesWithRecordingOff() throws {
        try oldWalk("old.gpx", daysAgo: 100)
        XCTAssertEqual(open(settings: TrackSettings(enabled: false)).deleted, ["\(tracks)/old.gpx"])
    }

    func testAClockBehindTheFilesDeletesNothingByAge() {
        let walks = [TrackArchive.Walk(name: "a.gpx", modified: 2_000_000_000)]
        XCTAssertEqual(TrackArchive.expired(walks, current: nil, keepWalks: 0, keepDays: 1, now: 0), [])
        XCTAssertEqual(TrackArchive.expired([TrackArchive.Walk(name: "b.gpx", modified: .min)], current: nil,
                                            keepWalks: 0, keepDays: 1, now: .max), [], "no overflow trap")
    }

    // MARK: Legacy and leftovers

    func testTheLegacyTrackIsMovedIntoTracksNamedFromItsTimeAndName() throws {
        let legacy = "\(state)/track.gpx"
        let text = GPXTrackFormat.header(name: "Demo walk") + GPXTrackFormat.footer
        try Data(text.utf8).write(to: URL(fileURLWithPath: legacy))
        try FileManager.default.setAttributes([.modificationDate: start.addingTimeInterval(-86_400)], ofItemAtPath: legacy)
        let opened = open(at: start.addingTimeInterval(3600))
        XCTAssertFalse(FileManager.default.fileExists(atPath: legacy))
        XCTAssertEqual(walkFiles, ["2026-11-25T0815Z-demo-walk.gpx", "2026-11-26T0915Z-demo-walk.gpx"])
        XCTAssertEqual(try String(contentsOfFile: "\(tracks)/2026-11-25T0815Z-demo-walk.gpx", encoding: .utf8), text)
        XCTAssertTrue(opened.notes.contains { $0.level == .notice && $0.message.contains("moved the track of earlier walks") })
        XCTAssertFalse(open(at: start.addingTimeInterval(7200)).notes.contains { $0.message.contains("earlier walks") }, "once")
    }

    func testALegacyFileThatIsNotOursIsMovedAsideInPlace() throws {
        try Data("not a track".utf8).write(to: URL(fileURLWithPath: "\(state)/track.gpx"))
        _ = open()
        let aside = try FileManager.default.contentsOfDirectory(atPath: state).filter { $0.hasPrefix("track.gpx.unreadable-") }
        XCTAssertEqual(aside.count, 1)
    }

    func testLeftoverTemporaryFilesOfOursInTracksAreRemovedAndNoOthers() throws {
        try FileManager.default.createDirectory(atPath: tracks, withIntermediateDirectories: true)
        for name in ["current.json.tmp-4242", "2026-11-26T0815Z-demo.gpx.tmp-4242", "2026-11-26T0815Z-demo.html.tmp-4242",
                     "notes.txt.tmp-4242"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: "\(tracks)/\(name)", contents: Data("{".utf8)), "the fixture file was created")
        }
        let opened = open()
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tracks)/current.json.tmp-4242"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tracks)/2026-11-26T0815Z-demo.gpx.tmp-4242"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tracks)/2026-11-26T0815Z-demo.html.tmp-4242"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tracks)/notes.txt.tmp-4242"), "not a name Wayfinder writes")
        XCTAssertTrue(opened.notes.contains { $0.level == .info && $0.message.contains("current.json.tmp-4242") })
    }
}
