import Belt
import Clocks
import Config
import Foundation
import Navigation
import Platform
import Routing
import RoutingPlatform
@testable import Runtime
import Sensors
import Status
import Synchronization
import WayfinderTestKit
import XCTest

/// The navigation actor walking to a destination on a map: the route planned by Debian's
/// routino-router from the walk's first fix, followed by the guidance; a walker off the route brought
/// back by a re-plan, and no second one within the interval; `go-to` and `next-place` changing the
/// destination. The map is the hand-written test town (Tests/RoutingTests/Fixtures/town.osm), imported
/// once; the router runs inline, so its answer is in the actor's mailbox before the next message, and
/// the session clock is a test clock.
final class NavigationPlanningTests: XCTestCase {
    static let station = Coordinate(latitude: 55.68000, longitude: 12.56800)
    static let harbour = Coordinate(latitude: 55.67900, longitude: 12.57550)
    static let library = Coordinate(latitude: 55.68150, longitude: 12.57200)
    /// Imported once for the class, at first use.
    static let mapDirectory: String = {
        let directory = NSTemporaryDirectory() + "wayfinder-planning-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let map = directory + "/town"
        _ = try? MapImporter().importMap(from: Repository.root + "/Tests/RoutingTests/Fixtures/town.osm", to: map)
        return map
    }()

    override class func tearDown() {
        try? FileManager.default.removeItem(atPath: (mapDirectory as NSString).deletingLastPathComponent)
        super.tearDown()
    }

    struct Run {
        let actor: NavigationActor
        let logs: LogCapture
        let clock: TestClock<Duration>
        let task: Task<Void, any Error>
        /// Where the test clock stands, in whole seconds.
        let elapsed = Elapsed()
    }

    final class Elapsed: Sendable {
        let seconds = Mutex(0)
    }

    func launch(destination: RoutePlanningSettings.Destination?, route: Route? = nil, places: [Place] = [],
                replanInterval: Duration = .seconds(60)) throws -> Run {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: Self.mapDirectory + "/" + MapManifest.fileName),
                          "the test town could not be imported (are Debian's routino and osmium-tool installed?)")
        let settings = RoutePlanningSettings(mapDirectory: Self.mapDirectory, destination: destination, replanInterval: replanInterval)
        let followed = try XCTUnwrap(route ?? destination.map(RoutePlanningSettings.directRoute(to:)))
        let testClock = TestClock()
        let clock = SessionClock(testClock)
        let logs = LogCapture(level: .info)
        let (fixes, _) = AsyncStream<Fix>.makeStream()
        let (headings, _) = AsyncStream<Heading>.makeStream()
        let (commands, _) = AsyncStream<CommandEnvelope>.makeStream()
        let (beltReports, _) = AsyncStream<BeltActor.Report>.makeStream()
        let (_, beltRequestSink) = AsyncStream<BeltRequest>.makeStream()
        let actor = NavigationActor(
            guidance: RouteGuidance(route: followed, parameters: GuidanceParameters()), store: nil,
            inputs: .init(fixes: fixes, headings: headings, commands: commands, beltReports: beltReports),
            beltRequests: beltRequestSink, autostart: false, clock: clock,
            logger: logs.logger(NavigationActor.name), health: HealthMonitor(expected: [NavigationActor.name]),
            status: StatusBoard(order: [NavigationActor.name]),
            planning: RoutePlanningService(settings: settings, inline: true), places: PlaceBook(places))
        let run = Run(actor: actor, logs: logs, clock: testClock, task: Task { try await actor.run() })
        addTeardownBlock {
            run.actor.mailbox.send(.shutdown)
            _ = try? await run.task.value
        }
        return run
    }

    func control(_ command: NavigationCommand, _ run: Run) async -> Result<NavigationControlOutcome, ControlRefusal> {
        await withCheckedContinuation { continuation in
            run.actor.mailbox.send(.control(CommandEnvelope(command, from: .controlSocket(ControlPeerDescription(uid: 0, pid: 1))),
                                            reply: { continuation.resume(returning: $0) }))
        }
    }

    func goTo(_ destination: RoutePlanningSettings.Destination, _ run: Run) async -> Result<NavigationControlOutcome, ControlRefusal> {
        await withCheckedContinuation { continuation in
            run.actor.mailbox.send(.controlGoTo(destination, from: .controlSocket(ControlPeerDescription(uid: 0, pid: 1)),
                                                reply: { continuation.resume(returning: $0) }))
        }
    }

    /// A fix at `coordinate`, `second` seconds into the session (the test clock is moved there first).
    func fix(_ coordinate: Coordinate, at second: Int, _ run: Run) async {
        let now = Duration.seconds(second)
        let elapsed = run.elapsed.seconds.withLock { $0 }
        if second > elapsed {
            await run.clock.advance(by: .seconds(second - elapsed))
            run.elapsed.seconds.withLock { $0 = second }
        }
        run.actor.mailbox.send(.fix(Fix(coordinate: coordinate, mode: .threeD, satellites: 9, hdop: 0.9, receivedAt: now)))
    }

    /// Everything sent before has been handled (a refused control is answered after them too).
    func settle(_ run: Run) async {
        _ = await control(.intensityUp, run)
        _ = await control(.intensityDown, run)
    }

    func routeStatus(_ run: Run) async -> RouteStatus {
        await run.actor.statusParts(routeName: "", gpsSource: nil).route
    }

    func testTheRouteIsPlannedFromTheWalksFirstFixAndFollowed() async throws {
        let run = try launch(destination: .init(name: "harbour", coordinate: Self.harbour, isPlace: true))
        _ = await control(.start, run)
        await settle(run)
        XCTAssertEqual(run.logs.matching("planning a route").count, 0, "no fix yet, nothing to plan from")
        let before = await routeStatus(run)
        XCTAssertEqual(before.waypointCount, 1, "until then, straight at the destination")
        await fix(Self.station, at: 1, run)
        await settle(run)
        let planned = run.logs.matching(" planned: ")
        XCTAssertEqual(planned.count, 1, run.logs.all.joined(separator: "\n"))
        XCTAssertTrue(planned.first?.contains("to harbour") == true, planned.first ?? "")
        XCTAssertTrue(planned.first?.contains("1 flight of steps") == true, "the foot route takes Trappen: \(planned.first ?? "")")
        XCTAssertTrue(planned.first?.contains("2 crossings") == true, planned.first ?? "")
        let status = await routeStatus(run)
        XCTAssertEqual(status.name, "to harbour")
        XCTAssertGreaterThan(status.waypointCount, 3, "the planned route's instructions and shape points")
    }

    func testTheCrossingAheadIsToldOnceBeforeTheWalkerReachesIt() async throws {
        let run = try launch(destination: .init(name: "harbour", coordinate: Self.harbour, isPlace: true))
        _ = await control(.start, run)
        await fix(Self.station, at: 1, run)
        // The route is followed once the router's answer, queued behind the fix, has been handled.
        await settle(run)
        // East along Nørregade toward Vester Voldgade (the crossing at 12.5720), 20 m a second.
        for step in 1...12 {
            await fix(Coordinate(latitude: 55.68, longitude: 12.568 + Double(step) * 0.000318), at: 1 + step, run)
        }
        await settle(run)
        let ahead = run.logs.matching("ahead in ")
        XCTAssertEqual(ahead.count, 1, run.logs.all.joined(separator: "\n"))
        XCTAssertTrue(ahead.first?.contains("cross Vester Voldgade, signals with sound and vibration") == true, ahead.first ?? "")
    }

    func testOffTheRouteTheWalkerIsBroughtBackOnceAndNotAgainWithinTheInterval() async throws {
        let run = try launch(destination: .init(name: "harbour", coordinate: Self.harbour, isPlace: true))
        _ = await control(.start, run)
        await fix(Self.station, at: 1, run)
        await settle(run)
        XCTAssertEqual(run.logs.matching(" planned: ").count, 1)
        // North of the station, away from every way of the route, for longer than the off-route delay.
        let astray = Coordinate(latitude: 55.6815, longitude: 12.5680)
        for second in 2...14 { await fix(astray, at: second, run) }
        await settle(run)
        XCTAssertEqual(run.logs.matching("re-planned: ").count, 1, run.logs.all.joined(separator: "\n"))
        XCTAssertTrue(run.logs.matching("planning a route to harbour from 55.681500,12.568000 (re-planned)").count == 1,
                      run.logs.matching("planning").joined(separator: "\n"))
        // Astray again from the new route, 30 s later: the interval (60 s) holds the next re-plan back.
        let further = Coordinate(latitude: 55.6835, longitude: 12.5650)
        for second in 15...30 { await fix(further, at: second, run) }
        await settle(run)
        XCTAssertEqual(run.logs.matching("re-planned: ").count, 1, "no second re-plan within the interval")
        XCTAssertEqual(run.logs.matching("the next re-plan may come in").count, 1, run.logs.all.joined(separator: "\n"))
    }

    func testAPlaceThatCannotBeReachedIsSaidAndTheBeltPointsStraightAtIt() async throws {
        let island = Coordinate(latitude: 55.68500, longitude: 12.58050)
        let run = try launch(destination: .init(name: "island", coordinate: island, isPlace: true))
        _ = await control(.start, run)
        await fix(Self.station, at: 1, run)
        await settle(run)
        let warning = run.logs.matching("cannot plan a route to island")
        XCTAssertEqual(warning.count, 1, run.logs.all.joined(separator: "\n"))
        XCTAssertTrue(warning.first?.contains("the belt points straight at it") == true, warning.first ?? "")
        let status = await routeStatus(run)
        XCTAssertEqual(status.waypointCount, 1)
    }

    func testGoToPlansToTheNewDestinationAtOnceWhileWalking() async throws {
        let run = try launch(destination: .init(name: "harbour", coordinate: Self.harbour, isPlace: true))
        _ = await control(.start, run)
        await fix(Self.station, at: 1, run)
        let answer = await goTo(.init(name: "library", coordinate: Self.library, isPlace: true), run)
        XCTAssertEqual(try answer.get().result, "destination library")
        await settle(run)
        XCTAssertEqual(run.logs.matching("planned to a new destination: ").count, 1, run.logs.all.joined(separator: "\n"))
        let status = await routeStatus(run)
        XCTAssertEqual(status.name, "to library")
    }

    func testNextPlaceStepsThroughThePlacesAndIsRefusedWithoutAMap() async throws {
        let places = [Place(name: "harbour", coordinate: Self.harbour), Place(name: "library", coordinate: Self.library),
                      Place(name: "station", coordinate: Self.station)]
        let run = try launch(destination: .init(name: "harbour", coordinate: Self.harbour, isPlace: true), places: places)
        var answers: [String] = []
        for _ in 0..<3 { answers.append(try await control(.nextPlace, run).get().result) }
        XCTAssertEqual(answers, ["destination library (2 of 3)", "destination station (3 of 3)", "destination harbour (1 of 3)"])
        let status = await routeStatus(run)
        XCTAssertEqual(status.name, "to harbour")
        XCTAssertEqual(run.logs.matching("planning a route").count, 0, "stopped: planned when the walk starts")
        _ = await control(.start, run)
        await fix(Self.station, at: 1, run)
        await settle(run)
        XCTAssertEqual(run.logs.matching(" planned: ").count, 1)
    }
}
