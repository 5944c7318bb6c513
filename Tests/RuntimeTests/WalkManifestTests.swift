import Foundation
import Navigation
import Platform
@testable import Runtime
import Status
import TripReport
import Upload
import WayfinderTestKit
import XCTest

/// A walk's manifest is written beside its track when the walk ends (stopped or arrived), last of its
/// files, with the facts a lab needs; a pause writes none, and a walk that goes on in its files after
/// a stop loses its manifest until it ends again, so the upload never takes a walk that still grows.
final class WalkManifestTests: XCTestCase {
    let route = Route(name: "Park", kind: .route, waypoints: [
        Waypoint(name: "A", coordinate: Coordinate(latitude: 52.0000, longitude: 8.0000)),
        Waypoint(name: "B", coordinate: Coordinate(latitude: 52.0010, longitude: 8.0000)),
    ])
    static let hash = String(repeating: "ab", count: 32)
    var state = ""

    override func setUpWithError() throws {
        state = NSTemporaryDirectory() + "wayfinder-manifest-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let path = state
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    }

    func writer(_ logs: LogCapture = LogCapture(level: .info)) -> WalkManifestWriter {
        let writer = WalkManifestWriter(unitID: "unit-7", softwareVersion: "9.8.7", configurationSHA256: Self.hash,
                                        logger: logs.logger("trip"))
        writer.attach { [.init(kind: "belt", firmware: "52 variant 1"), .init(kind: "pencil")] }
        return writer
    }

    func launch(_ manifest: WalkManifestWriter) throws -> NavigationNewWalkTests.Run {
        try NavigationNewWalkTests.launch(state: state, route: route, resuming: false, manifest: manifest)
    }

    func control(_ command: NavigationCommand, _ run: NavigationNewWalkTests.Run) async {
        _ = await withCheckedContinuation { continuation in
            run.actor.mailbox.send(.control(CommandEnvelope(command, from: .controlSocket(ControlPeerDescription(uid: 0, pid: 1))),
                                            reply: { continuation.resume(returning: $0) }))
        }
    }

    func fix(north: Double, at second: Double) -> Fix {
        Fix(coordinate: Coordinate(latitude: 52.0 + north / 111_250, longitude: 8.0), mode: .threeD, satellites: 9, hdop: 0.9,
            utcSeconds: NavigationNewWalkTests.utc0 + second, receivedAt: .zero)
    }

    func manifestPath(_ run: NavigationNewWalkTests.Run) -> String {
        WalkManifestWriter.path(forTrack: run.trip.trackPath)
    }

    func read(_ path: String) throws -> WalkManifest {
        try JSONDecoder().decode(WalkManifest.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func journalEvents(_ run: NavigationNewWalkTests.Run) throws -> [TripEvent] {
        TripJournalFormat.read(try String(contentsOfFile: run.trip.journalPath, encoding: .utf8)).events
    }

    func testAStoppedWalkGetsItsManifestWithTheUnitTheVersionTheConfigurationDevicesAndTimes() async throws {
        let run = try launch(writer())
        await control(.start, run)
        for second in 0...20 { run.actor.mailbox.send(.fix(fix(north: Double(second) * 1.4, at: Double(second)))) }
        await control(.stop, run)
        let path = manifestPath(run)
        XCTAssertTrue(path.hasSuffix(".manifest.json") && path.hasPrefix("\(state)/tracks/"), path)
        try await eventually("the manifest \(path)", timeout: .seconds(20)) { FileManager.default.fileExists(atPath: path) }
        let manifest = try read(path)
        let trackName = (run.trip.trackPath as NSString).lastPathComponent
        XCTAssertEqual(manifest.walk + ".gpx", trackName, "named for the walk as its track is")
        XCTAssertEqual(manifest.version, 1)
        XCTAssertEqual(manifest.unitID, "unit-7")
        XCTAssertEqual(manifest.softwareVersion, "9.8.7")
        XCTAssertEqual(manifest.configurationSHA256, Self.hash)
        XCTAssertEqual(manifest.devices, [.init(kind: "belt", firmware: "52 variant 1"), .init(kind: "pencil")])
        let events = try journalEvents(run)
        XCTAssertEqual(manifest.startTime, events.first { $0.kind == .navigationStarted }?.time, "the walk's start as its journal has it")
        XCTAssertEqual(manifest.endTime ?? 0, NavigationNewWalkTests.utc0 + 20, accuracy: 0.01, "the stop, at the last fix's UTC")
        // The report was written before it: the manifest is the walk's last file.
        let report = try FileManager.default.attributesOfItem(atPath: run.trip.reportPath)[.modificationDate] as? Date
        let written = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        XCTAssertLessThanOrEqual(try XCTUnwrap(report), try XCTUnwrap(written))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for key in ["\"unit_id\"", "\"software_version\"", "\"configuration_sha256\"", "\"start_time\"", "\"end_time\"", "\"firmware\""] {
            XCTAssertTrue(text.contains(key), "\(key) in \(text)")
        }
        var mode = stat()
        XCTAssertEqual(stat(path, &mode), 0)
        XCTAssertEqual(mode.st_mode & 0o777, 0o600, "a state file, private as the others")
        run.actor.mailbox.send(.shutdown)
        try await run.task.value
    }

    func testAPausedWalkHasNoManifest() async throws {
        let run = try launch(writer())
        await control(.start, run)
        run.actor.mailbox.send(.fix(fix(north: 0, at: 0)))
        await control(.pause, run)
        run.actor.mailbox.send(.shutdown)
        try await run.task.value
        XCTAssertTrue(FileManager.default.fileExists(atPath: run.trip.reportPath), "the shutdown wrote the report")
        XCTAssertFalse(FileManager.default.fileExists(atPath: manifestPath(run)), "a paused walk is in progress")
    }

    func testAWalkResumedAfterItsStopLosesItsManifestUntilItEndsAgain() async throws {
        let run = try launch(writer())
        await control(.start, run)
        run.actor.mailbox.send(.fix(fix(north: 0, at: 0)))
        await control(.stop, run)
        let path = manifestPath(run)
        try await eventually("the manifest", timeout: .seconds(20)) { FileManager.default.fileExists(atPath: path) }
        // The belt's own button resumes: the walk goes on in the same files.
        run.actor.mailbox.send(.belt(.navigationStateChanged(.navigating)))
        run.actor.mailbox.send(.fix(fix(north: 10, at: 30)))
        await control(.announceBattery, run)
        XCTAssertEqual(WalkManifestWriter.path(forTrack: run.trip.trackPath), path, "the same walk")
        try await eventually("the manifest removed", timeout: .seconds(20)) { !FileManager.default.fileExists(atPath: path) }
        await control(.stop, run)
        try await eventually("the manifest again", timeout: .seconds(20)) { FileManager.default.fileExists(atPath: path) }
        XCTAssertEqual(try read(path).endTime ?? 0, NavigationNewWalkTests.utc0 + 30, accuracy: 0.01, "its end is the second stop")
        run.actor.mailbox.send(.shutdown)
        try await run.task.value
    }

    /// Power lost after the walk's `stopped` record and before its manifest: the next start writes the
    /// report and the manifest, or the walk would never be uploaded.
    func testAnEndedWalkWithoutItsManifestGetsItAtTheNextStart() async throws {
        let first = try launch(writer())
        await control(.start, first)
        first.actor.mailbox.send(.fix(fix(north: 0, at: 0)))
        await control(.stop, first)
        first.actor.mailbox.send(.shutdown)
        try await first.task.value
        let path = manifestPath(first)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), "the shutdown waited for the end's manifest")
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.removeItem(atPath: first.trip.reportPath)
        let second = try NavigationNewWalkTests.launch(state: state, route: route, resuming: true, manifest: writer())
        try await eventually("the manifest written at start", timeout: .seconds(20)) { FileManager.default.fileExists(atPath: path) }
        XCTAssertEqual(second.trip.trackPath, first.trip.trackPath, "the same walk")
        XCTAssertTrue(FileManager.default.fileExists(atPath: second.trip.reportPath), "its report too")
        XCTAssertEqual(second.logs.matching("ended without its manifest").count, 1, "\(second.logs.all)")
        second.actor.mailbox.send(.shutdown)
        try await second.task.value
    }

    func testAWriteForAnEndThatAResumeFollowedIsDropped() async throws {
        let trackPath = "\(state)/walk.gpx"
        FileManager.default.createFile(atPath: trackPath, contents: Data())
        let writer = writer()
        let walk = TripRecorder.Walk(trackPath: trackPath, route: route)
        let stale = writer.ticket(for: walk)
        writer.discard(walk)
        let dropped = await writer.write(of: walk, ticket: stale)
        XCTAssertNil(dropped)
        XCTAssertFalse(FileManager.default.fileExists(atPath: WalkManifestWriter.path(forTrack: trackPath)))
        let written = await writer.write(of: walk, ticket: writer.ticket(for: walk))
        XCTAssertEqual(written, "\(state)/walk.manifest.json")
    }

    func testTheSpanIsTheFirstStartAndTheLastEnd() {
        let events = [TripEvent(time: 5, kind: .walk), TripEvent(time: 10, kind: .navigationStarted),
                      TripEvent(time: 20, kind: .stopped), TripEvent(time: 30, kind: .resumed),
                      TripEvent(time: 40, kind: .arrived), TripEvent(time: 50, kind: .command)]
        let span = WalkManifestWriter.span(of: events)
        XCTAssertEqual(span.start, 10)
        XCTAssertEqual(span.end, 40)
        XCTAssertEqual(WalkManifestWriter.span(of: [TripEvent(time: 5, kind: .walk)]).start, 5, "no start: the walk's record")
        XCTAssertNil(WalkManifestWriter.span(of: []).end)
    }

    func testTheDevicesAreThoseTheStatusHasWithTheirFirmware() {
        var report = StatusReport(wayfinderVersion: "", uptimeSeconds: 0)
        XCTAssertEqual(WalkManifestWriter.devices(in: report), [])
        var belt = BeltStatus(link: .connected)
        belt.firmwareRevision = "52"
        report.belt = belt
        report.pencil = PencilStatus(state: "connected", firmwareRevision: "1.2")
        XCTAssertEqual(WalkManifestWriter.devices(in: report),
                       [.init(kind: "belt", firmware: "52"), .init(kind: "pencil", firmware: "1.2")])
    }
}
