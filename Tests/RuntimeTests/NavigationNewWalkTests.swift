import Belt
import Clocks
import Config
import Foundation
import Navigation
import Platform
@testable import Runtime
import Sensors
import TripReport
import WayfinderTestKit
import XCTest

/// A start after the walk arrived, or after the wearer stopped it, begins another walk in files of its
/// own (track, journal, report), so that the finished walk's report is that walk alone; a pause does
/// not. The navigation actor runs with the appliance's track archive and trip recorder in a scratch
/// state directory; fixes and controls go through its mailbox in order, and the session clock stands
/// still (each fix carries its UTC time, which is what the track and the journal record).
final class NavigationNewWalkTests: XCTestCase {
    // A: start; B: 111 m north of A.
    let route = Route(name: "Park", kind: .route, waypoints: [
        Waypoint(name: "A", coordinate: Coordinate(latitude: 52.0000, longitude: 8.0000)),
        Waypoint(name: "B", coordinate: Coordinate(latitude: 52.0010, longitude: 8.0000)),
    ])
    static let utc0 = 1_764_230_000.0

    var state = ""
    var tracks: String { "\(state)/\(TrackArchive.directoryName)" }

    override func setUpWithError() throws {
        state = NSTemporaryDirectory() + "wayfinder-new-walk-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let path = state
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    }

    struct Run {
        let actor: NavigationActor
        let trip: TripRecorder
        let logs: LogCapture
        let task: Task<Void, any Error>
        let clock: TestClock<Duration>
    }

    /// The actor as `Appliance.build` assembles it: the saved progress restored, a new walk's files
    /// (or, `resuming`, the current walk's), and the archive to begin the next walk's.
    func launch(resuming: Bool = false, nextWalk: ((NextWalkFiles) -> NextWalkFiles)? = nil) throws -> Run {
        try Self.launch(state: state, route: route, resuming: resuming, nextWalk: nextWalk)
    }

    /// `nextWalk` changes the archive's files for the next walk (to make a step fail).
    static func launch(state: String, route: Route, resuming: Bool,
                       nextWalk: ((NextWalkFiles) -> NextWalkFiles)? = nil,
                       manifest: WalkManifestWriter? = nil) throws -> Run {
        let settings = TrackSettings()
        let start = TrackArchive.start(stateDirectory: state, route: route, resuming: resuming, settings: settings)
        let track = try XCTUnwrap(start.track)
        let testClock = TestClock()
        let clock = SessionClock(testClock)
        let logs = LogCapture(level: .info)
        let trip = try XCTUnwrap(TripRecorder(trackPath: track.path, route: route, routePath: nil, offRouteDistance: 30,
                                              clock: clock, logger: logs.logger("trip")))
        let (fixes, _) = AsyncStream<Fix>.makeStream()
        let (headings, _) = AsyncStream<Heading>.makeStream()
        let (commands, _) = AsyncStream<CommandEnvelope>.makeStream()
        let (beltReports, _) = AsyncStream<BeltActor.Report>.makeStream()
        let (_, beltRequestSink) = AsyncStream<BeltRequest>.makeStream()
        let directory = state
        let archive = NextWalkFiles.archive(stateDirectory: directory, settings: settings, logger: logs.logger(NavigationActor.name))
        let actor = NavigationActor(
            guidance: RouteGuidance(route: route, parameters: GuidanceParameters(),
                                    restoring: try ProgressStore(directory: directory).load()),
            store: ProgressStore(directory: directory), track: track, trip: trip, manifest: manifest,
            nextWalk: nextWalk?(archive) ?? archive,
            inputs: .init(fixes: fixes, headings: headings, commands: commands, beltReports: beltReports),
            beltRequests: beltRequestSink, autostart: false, clock: clock,
            logger: logs.logger(NavigationActor.name), health: HealthMonitor(expected: [NavigationActor.name]),
            status: StatusBoard(order: [NavigationActor.name]))
        return Run(actor: actor, trip: trip, logs: logs, task: Task { try await actor.run() }, clock: testClock)
    }

    /// A fix `north` metres north of A at `second` seconds after `utc0`.
    func fix(north: Double, at second: Double) -> Fix {
        Fix(coordinate: Coordinate(latitude: 52.0 + north / 111_250, longitude: 8.0), mode: .threeD, satellites: 9, hdop: 0.9,
            utcSeconds: Self.utc0 + second, receivedAt: .zero)
    }

    /// Fixes once a second from `from` to `to` metres north of A, starting at `second`.
    func walk(_ run: Run, from: Double, to: Double, startingAt second: Double) -> Double {
        let steps = Int((abs(to - from) / 1.4).rounded(.up))
        for step in 0...steps {
            let north = from + (to - from) * Double(step) / Double(steps)
            run.actor.mailbox.send(.fix(fix(north: north, at: second + Double(step))))
        }
        return second + Double(steps)
    }

    /// A control from the socket, answered once it (and everything sent before it) is handled.
    func control(_ command: NavigationCommand, _ run: Run) async -> Result<NavigationControlOutcome, ControlRefusal> {
        await withCheckedContinuation { continuation in
            run.actor.mailbox.send(.control(CommandEnvelope(command, from: .controlSocket(ControlPeerDescription(uid: 0, pid: 1))), reply: { continuation.resume(returning: $0) }))
        }
    }

    func walks() -> [String] {
        PrivateDirectory.entries(of: tracks).filter { $0.hasSuffix(TrackFileName.fileExtension) }.sorted()
    }

    func statistics(_ trackName: String) throws -> TripStatistics {
        let trackPath = "\(tracks)/\(trackName)"
        let journal = TripRecorder.sibling(of: trackPath, extension: TrackArchive.journalExtension)
        let inputs = try TripReportFiles.read(trackPath: trackPath, route: route, journalPath: journal)
        return TripStatistics(track: inputs.track, route: inputs.route, events: inputs.events)
    }

    func kinds(_ trackName: String) throws -> [TripEvent.Kind] {
        let journal = TripRecorder.sibling(of: "\(tracks)/\(trackName)", extension: TrackArchive.journalExtension)
        // The belt's directions are sampled on the session clock, which stands still here.
        return TripJournalFormat.read(try String(contentsOfFile: journal, encoding: .utf8)).events.map(\.kind).filter { $0 != .belt }
    }

    /// Waits in real time until the reports written in the background are there.
    func until(_ what: String, _ condition: () -> Bool) async throws {
        // The navigation actor writes the reports in a detached task on the global pool, which no test
        // loop runs, through the kernel's files: polled, bounded.
        try await eventually(what, timeout: .seconds(20), condition)
    }

    func testAStartAfterArrivalBeginsANewWalkWhoseFilesAndReportAreItsOwn() async throws {
        let run = try launch()
        if case .failure(let refusal) = await control(.start, run) { XCTFail("\(refusal)") }
        // Walk 1: A to B in 80 s, arriving; ten minutes standing at B (not recorded: not navigating).
        var t = walk(run, from: 0, to: 111, startingAt: 0)
        t = walk(run, from: 111, to: 111, startingAt: t + 1) + 600
        _ = await control(.announceBattery, run)
        let arrived = await run.actor.progress
        XCTAssertTrue(arrived.destinationReached)
        // Walk 2: started again from the control socket, back from B to A, then stopped there.
        if case .failure(let refusal) = await control(.start, run) { XCTFail("\(refusal)") }
        t = walk(run, from: 111, to: 0, startingAt: t)
        _ = await control(.stop, run)
        run.actor.mailbox.send(.shutdown)
        try await run.task.value

        let names = walks()
        XCTAssertEqual(names.count, 2, "one track per walk: \(names)")
        guard names.count == 2 else { return }
        // The pointer names the walk a restart would resume: the second.
        let second = try XCTUnwrap(TrackArchive.readPointer("\(tracks)/\(TrackArchive.pointerName)")).file
        let first = try XCTUnwrap(names.first { $0 != second })
        XCTAssertEqual(try kinds(first), [.walk, .applianceStarted, .command, .navigationStarted, .waypointReached, .waypointReached, .arrived],
                       "the finished walk's journal ends with its arrival: the battery check made before the next start is no part of it")
        XCTAssertEqual(try kinds(second), [.walk, .applianceStarted, .command, .navigationStarted, .waypointReached, .command, .stopped],
                       "the next walk's journal begins with the start that began it")
        let one = try statistics(first), two = try statistics(second)
        // 0 to 71 s: arrived at the first fix within 12 m of B.
        XCTAssertEqual(one.duration ?? -1, 71, accuracy: 1, "the first walk alone, not the wait and the walk after it")
        XCTAssertEqual(one.timeWithoutFix, 0)
        XCTAssertEqual(one.arrivals.count, 2)
        XCTAssertEqual(two.duration ?? -1, 80, accuracy: 1)
        XCTAssertEqual(two.startTime ?? 0, Self.utc0 + 81 + 600, accuracy: 1, "from the second start")
        XCTAssertEqual(two.timeWithoutFix, 0)
        for name in names {
            let report = TripRecorder.sibling(of: "\(tracks)/\(name)", extension: TrackArchive.reportExtension)
            try await until("the report \(report)") { FileManager.default.fileExists(atPath: report) }
        }
        XCTAssertEqual(run.trip.trackPath, "\(tracks)/\(second)", "the recorder is on the second walk")
    }

    /// `status`'s time walked belongs to the walk: a start after arrival counts from zero again,
    /// while a pause only holds the count.
    func testTheTimeWalkedInStatusIsTheCurrentWalks() async throws {
        let run = try launch()
        func walked() async -> Double { await run.actor.statusParts(routeName: "Park", gpsSource: nil).route.elapsedSeconds }
        if case .failure(let refusal) = await control(.start, run) { XCTFail("\(refusal)") }
        await run.clock.advance(by: .seconds(70))
        // From A to B, as fixes received now (the clock has run on; older ones would be stale).
        for step in 0...80 {
            var fix = fix(north: Double(step) * 111 / 80, at: Double(step))
            fix.receivedAt = .seconds(70)
            run.actor.mailbox.send(.fix(fix))
        }
        _ = await control(.announceBattery, run)   // answered after the fixes before it
        let arrived = await run.actor.progress
        XCTAssertTrue(arrived.destinationReached)
        let first = await walked()
        XCTAssertEqual(first, 70, accuracy: 0.001, "the first walk's time")
        await run.clock.advance(by: .seconds(600))
        let w1 = await walked()
        XCTAssertEqual(w1, 70, accuracy: 0.001, "standing after arrival is not walking")
        if case .failure(let refusal) = await control(.start, run) { XCTFail("\(refusal)") }
        await run.clock.advance(by: .seconds(10))
        let w2 = await walked()
        XCTAssertEqual(w2, 10, accuracy: 0.001, "the next walk counts from its own start")
        _ = await control(.pause, run)
        await run.clock.advance(by: .seconds(30))
        _ = await control(.resume, run)
        await run.clock.advance(by: .seconds(5))
        let w3 = await walked()
        XCTAssertEqual(w3, 15, accuracy: 0.001, "a pause holds the count and a resume goes on from it")
        run.actor.mailbox.send(.shutdown)
        try await run.task.value
    }

    func testAPauseAndResumeStayInOneWalk() async throws {
        let run = try launch()
        _ = await control(.start, run)
        let t = walk(run, from: 0, to: 50, startingAt: 0)
        _ = await control(.pause, run)
        _ = await control(.resume, run)
        _ = walk(run, from: 50, to: 60, startingAt: t + 60)
        run.actor.mailbox.send(.shutdown)
        try await run.task.value
        XCTAssertEqual(walks().count, 1)
    }

    /// A stop ends the walk too: the next start walks on from the same waypoint, in another walk.
    /// A restart of the appliance between them does not change that: the continued journal says the
    /// walk was stopped, and this run's start is recorded in the next walk.
    func testAStartAfterAStopBeginsANewWalkEvenAfterARestart() async throws {
        let first = try launch()
        _ = await control(.start, first)
        _ = walk(first, from: 0, to: 50, startingAt: 0)
        _ = await control(.stop, first)
        first.actor.mailbox.send(.shutdown)
        try await first.task.value
        let stopped = try XCTUnwrap(walks().first)
        let stoppedKinds = try kinds(stopped)
        XCTAssertEqual(stoppedKinds.last, .stopped)

        // The appliance starts again on the stopped walk's files, as a resumed start does.
        let second = try launch(resuming: true)
        XCTAssertEqual(second.trip.trackPath, "\(tracks)/\(stopped)")
        XCTAssertTrue(second.trip.walkHasEnded)
        if case .failure(let refusal) = await control(.start, second) { XCTFail("\(refusal)") }
        _ = walk(second, from: 50, to: 111, startingAt: 300)
        second.actor.mailbox.send(.shutdown)
        try await second.task.value

        let names = walks()
        XCTAssertEqual(names.count, 2, "\(names)")
        XCTAssertEqual(try kinds(stopped), stoppedKinds, "nothing of the second run in the stopped walk")
        let next = try XCTUnwrap(names.first { $0 != stopped })
        XCTAssertEqual(try kinds(next), [.walk, .applianceStarted, .command, .navigationStarted, .waypointReached, .arrived])
        let s = try statistics(next)
        XCTAssertEqual(s.startTime ?? 0, Self.utc0 + 300, accuracy: 0.5)
        XCTAssertEqual(s.arrivals.count, 1, "walked on to B, the waypoint the stop left")
    }

    /// A restart in the middle of a walk (power loss, the watchdog) is not an end: the walk goes on
    /// in the same files, one segment per run.
    func testARestartInTheMiddleOfAWalkContinuesItsFiles() async throws {
        let first = try launch()
        _ = await control(.start, first)
        _ = walk(first, from: 0, to: 50, startingAt: 0)
        _ = await control(.announceBattery, first)
        first.task.cancel()
        _ = try? await first.task.value
        let second = try launch(resuming: true)
        XCTAssertFalse(second.trip.walkHasEnded)
        _ = await control(.start, second)
        _ = walk(second, from: 50, to: 111, startingAt: 300)
        second.actor.mailbox.send(.shutdown)
        try await second.task.value
        let names = walks()
        XCTAssertEqual(names.count, 1, "\(names)")
        let s = try statistics(try XCTUnwrap(names.first))
        XCTAssertEqual(s.segmentCount, 2)
        XCTAssertEqual(s.arrivals.count, 2)
    }

    func pointedWalk() throws -> String {
        try XCTUnwrap(TrackArchive.readPointer("\(tracks)/\(TrackArchive.pointerName)")).file
    }

    /// The walk from A to B, arriving.
    func walkToB(_ run: Run) async -> Double {
        if case .failure(let refusal) = await control(.start, run) { XCTFail("\(refusal)") }
        let t = walk(run, from: 0, to: 111, startingAt: 0)
        _ = await control(.announceBattery, run)
        return t
    }

    /// A route loaded after arrival is the next walk's: the finished walk's report keeps the route
    /// that walk was walked on.
    func testARouteLoadedAfterArrivalLeavesTheFinishedWalksRoute() async throws {
        let run = try launch()
        var t = await walkToB(run)
        let finished = run.trip.walk
        XCTAssertTrue(run.trip.walkHasEnded)
        let back = Route(name: "Back", kind: .route, waypoints: [route.waypoints[1], route.waypoints[0]])
        _ = await withCheckedContinuation { continuation in
            run.actor.mailbox.send(.controlRoute(back, from: .controlSocket(ControlPeerDescription(uid: 0, pid: 1)),
                                                 reply: { continuation.resume(returning: $0) }))
        }
        XCTAssertEqual(run.trip.walk.route.name, "Park", "the finished walk keeps its route")
        if case .failure(let refusal) = await control(.start, run) { XCTFail("\(refusal)") }
        XCTAssertEqual(run.trip.walk.route.name, "Back", "the next walk follows the route loaded")
        XCTAssertNotEqual(run.trip.walk.trackPath, finished.trackPath)
        t = walk(run, from: 111, to: 60, startingAt: t + 60)
        _ = await control(.stop, run)
        run.actor.mailbox.send(.shutdown)
        try await run.task.value
        func report() -> String { (try? String(contentsOfFile: finished.reportPath, encoding: .utf8)) ?? "" }
        try await until("the finished walk's report") { report().contains("route “Park”") }
        XCTAssertFalse(report().contains("route “Back”"), "the finished walk's report names the route it was walked on")
    }

    /// One start after arrival makes one new track, and the pointer names it once the walk begun.
    func testOneStartAfterArrivalMakesExactlyOneNewTrack() async throws {
        let run = try launch()
        let t = await walkToB(run)
        let first = try XCTUnwrap(walks().first)
        XCTAssertEqual(walks(), [first])
        if case .failure(let refusal) = await control(.start, run) { XCTFail("\(refusal)") }
        _ = walk(run, from: 111, to: 100, startingAt: t + 60)
        run.actor.mailbox.send(.shutdown)
        try await run.task.value
        let names = walks()
        XCTAssertEqual(names.count, 2, "one new track: \(names)")
        let second = try XCTUnwrap(names.first { $0 != first })
        XCTAssertEqual(try pointedWalk(), second, "a restart resumes the walk begun")
        XCTAssertEqual(run.trip.trackPath, "\(tracks)/\(second)")
        let journals = PrivateDirectory.entries(of: tracks).filter { $0.hasSuffix(TrackArchive.journalExtension) }
        XCTAssertEqual(journals.count, 2, "\(journals)")
    }

    /// A next walk whose journal cannot be opened does not begin: the pointer, the track and the
    /// journal stay the finished walk's, which go on being written, and its new track is removed.
    /// (A directory where the journal would go: opening it fails for root too.)
    func testANextWalkWhoseJournalCannotOpenLeavesThePointerAtTheWalkWritten() async throws {
        let run = try launch { archive in
            var files = archive
            files.create = { route in
                guard let track = archive.create(route) else { return nil }
                let journal = TripRecorder.sibling(of: track.path, extension: TrackArchive.journalExtension)
                try? FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: false)
                return track
            }
            return files
        }
        let t = await walkToB(run)
        let first = try XCTUnwrap(walks().first)
        let pointsBefore = try statistics(first).pointCount
        if case .failure(let refusal) = await control(.start, run) { XCTFail("\(refusal)") }
        _ = walk(run, from: 111, to: 100, startingAt: t + 60)
        _ = await control(.stop, run)
        run.actor.mailbox.send(.shutdown)
        try await run.task.value
        XCTAssertEqual(walks(), [first], "no track left without a journal or a pointer")
        XCTAssertEqual(try pointedWalk(), first, "the pointer names the walk still written")
        XCTAssertEqual(run.trip.trackPath, "\(tracks)/\(first)")
        XCTAssertGreaterThan(try statistics(first).pointCount, pointsBefore, "the fixes after the start go into the walk written")
        XCTAssertEqual(Array(try kinds(first).suffix(4)), [.command, .navigationStarted, .command, .stopped],
                       "the start and what follows are recorded in the walk written")
        XCTAssertEqual(run.logs.matching("this walk's records go on into the last walk's journal").count, 1, "\(run.logs.all)")
    }
}
