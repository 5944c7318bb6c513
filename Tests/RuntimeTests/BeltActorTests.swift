import Belt
import Foundation
import Logging
import Navigation
import Platform
@testable import Runtime
import ServiceLifecycle
import Synchronization
import TripReport
import WayfinderTestKit
import XCTest

/// A belt link for tests: connects at once in a given mode (once per `start`) and records every write.
final class TestBeltLink: BeltLink {
    private let state = Mutex<(sent: [BeltCommand], starts: Int)>(([], 0))
    let mode: BeltMode
    let events: AsyncStream<BeltLinkEvent>
    private let sink: AsyncStream<BeltLinkEvent>.Continuation

    init(mode: BeltMode = .app) {
        self.mode = mode
        (events, sink) = AsyncStream.makeStream()
    }

    var sent: [BeltCommand] { state.withLock { $0.sent } }

    func start() async {
        state.withLock { $0.starts += 1 }
        sink.yield(.belt(.modeChanged(mode)))
        sink.yield(.belt(.connected))
    }

    func send(_ command: BeltCommand) async throws {
        state.withLock { $0.sent.append(command) }
    }

    func disconnect() async {}
}

final class BeltActorTests: XCTestCase {
    let navigate = BeltRequest.startNavigation(direction: 90, isMagneticBearing: true, signal: .navigation)
    let signal90 = BeltCommand.configureChannel(ChannelConfiguration(channel: 2, pattern: .continuous,
                                                                    orientation: .magneticBearing(90), iterations: 0,
                                                                    periodMilliseconds: 500))

    /// SIGTERM while the belt actor waits to be restarted must still leave the belt silent.
    func testShutdownDuringARestartBackoffLeavesTheBeltSilent() throws {
        let loop = TestEventLoop()
        let clock = loop.clock
        let logs = LogCapture()
        let link = TestBeltLink()
        let (requests, requestSink) = AsyncStream<BeltRequest>.makeStream()
        let (_, reportSink) = AsyncStream<BeltActor.Report>.makeStream()
        let health = HealthMonitor(expected: [BeltActor.name])
        let belt = BeltActor(link: link, requests: requests, reports: reportSink, defaultIntensity: 60, clock: clock,
                             logger: logs.logger("belt"), health: health, status: StatusBoard(order: []), executor: loop)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [
            .init(service: SupervisedService(name: "belt", clock: clock, logger: logs.logger("supervisor"),
                                             backoff: RestartBackoff(initial: .seconds(30)), health: health,
                                             cleanup: { await belt.release() }) { try await belt.run() },
                  successTerminationBehavior: .ignore, failureTerminationBehavior: .gracefullyShutdownGroup),
        ], logger: logs.logger("group")))
        let ended = Mutex<Result<Void, any Error>?>(nil)
        loop.spawn {
            do { try await group.run(); ended.withLock { $0 = .success(()) } } catch { ended.withLock { $0 = .failure(error) } }
        }

        requestSink.yield(navigate)
        loop.drain()
        XCTAssertTrue(link.sent.contains(signal90), "\(link.sent)")
        belt.mailbox.inject(InjectedFailure(actor: BeltActor.name))
        loop.drain()
        XCTAssertFalse(logs.matching("restarting in 30 s").isEmpty, "\(logs.all)")
        try loop.run { await group.triggerGracefulShutdown() }
        loop.drain()
        XCTAssertEqual(clock.elapsed, .zero, "the group ended without time passing")
        XCTAssertNoThrow(try XCTUnwrap(ended.withLock { $0 }).get())

        let afterSignal = link.sent.suffix(from: try XCTUnwrap(link.sent.lastIndex(of: signal90)) + 1)
        XCTAssertEqual(Array(afterSignal), [.stop(channel: nil), .changeMode(.wait)], "\(link.sent)")
        XCTAssertFalse(logs.matching("belt actor stays down: shutting down").isEmpty, "\(logs.all)")
    }

    /// A write that gets no answer holds the belt actor's handler: the watchdog must stop being fed,
    /// and start again once the link's request bound (5 s) fails the write and the actor is back at
    /// its mailbox.
    func testAHungBeltWriteWithholdsTheWatchdogUntilItTimesOut() throws {
        let loop = TestEventLoop()
        let clock = loop.clock
        let fake = FakeBelt(executor: loop)
        let link = GATTBeltLink(connector: FakeConnector(belt: fake), clock: clock, logger: LogCapture().logger("belt-link"),
                                executor: loop)
        let (requests, requestSink) = AsyncStream<BeltRequest>.makeStream()
        let (reports, reportSink) = AsyncStream<BeltActor.Report>.makeStream()
        let health = HealthMonitor(expected: [BeltActor.name])
        let notifier = CapturingNotifier()
        let belt = BeltActor(link: link, requests: requests, reports: reportSink, defaultIntensity: 60, clock: clock,
                             logger: LogCapture().logger("belt"), health: health, status: StatusBoard(order: []),
                             executor: loop)
        let watchdog = ServiceManagerService(notifier: notifier, watchdog: WatchdogSettings(timeout: .seconds(2)),
                                             health: health, status: StatusBoard(order: []), clock: clock,
                                             logger: LogCapture().logger("systemd"))
        let connected = Mutex(false)
        let tasks = [
            loop.spawn { _ = try? await belt.run() },
            loop.spawn { _ = try? await watchdog.run() },
            loop.spawn { for await report in reports where report == .connected(true) { connected.withLock { $0 = true } } },
        ]
        defer {
            tasks.forEach { $0.cancel() }
            loop.drain()
        }
        loop.drain()
        XCTAssertTrue(connected.withLock { $0 }, "the fake belt answers the handshake without time passing")

        loop.advance(by: .seconds(3))
        let healthy = notifier.count("WATCHDOG=1")
        XCTAssertGreaterThanOrEqual(healthy, 2)

        let channel = signal90.encoded().characteristic
        try loop.run { await fake.hold(channel) }
        requestSink.yield(navigate)
        loop.drain()
        XCTAssertEqual(try loop.run { await fake.heldWrites }, 1)
        loop.advance(by: .seconds(2))                   // the hang is noticed within the window
        let whileHung = notifier.count("WATCHDOG=1")
        loop.advance(by: .seconds(2))                   // still inside the 5 s request bound
        XCTAssertEqual(notifier.count("WATCHDOG=1"), whileHung, "no ping while the belt actor is stuck in a write")

        loop.advance(by: .seconds(4))                   // the write times out; the actor beats again
        XCTAssertGreaterThan(notifier.count("WATCHDOG=1"), whileHung, "pings resume after the timeout")
        try loop.run { await fake.release() }
    }

    /// A connection attempt that never completes is given up after the link's attempt bound (20 s) and
    /// retried after the first backoff step.
    func testAHangingConnectionAttemptTimesOutAndIsRetried() throws {
        let loop = TestEventLoop()
        let clock = loop.clock
        let logs = LogCapture()
        let connector = HangingConnector()
        let link = GATTBeltLink(connector: connector, clock: clock, logger: logs.logger("belt-link"), executor: loop)
        let (requests, _) = AsyncStream<BeltRequest>.makeStream()
        let (_, reportSink) = AsyncStream<BeltActor.Report>.makeStream()
        let belt = BeltActor(link: link, requests: requests, reports: reportSink, defaultIntensity: 60, clock: clock,
                             logger: logs.logger("belt"), health: HealthMonitor(expected: [BeltActor.name]),
                             status: StatusBoard(order: []), executor: loop)
        let task = loop.spawn { _ = try? await belt.run() }
        defer {
            task.cancel()
            loop.drain()
        }
        loop.advance(by: .seconds(19))
        XCTAssertEqual(connector.attempts, 1)
        XCTAssertTrue(logs.matching("timed out").isEmpty && logs.matching("did not answer within").isEmpty)
        loop.advance(by: .seconds(1))                   // the 20 s bound
        XCTAssertFalse(logs.matching("next belt connection attempt in 0.5 s").isEmpty, "\(logs.all)")
        XCTAssertFalse(logs.matching("belt connection attempt failed: the belt did not answer within 20.0 seconds").isEmpty,
                       "\(logs.all)")
        XCTAssertEqual(connector.attempts, 1, "not before the backoff step")
        loop.advance(by: .milliseconds(500))
        XCTAssertEqual(connector.attempts, 2)
    }

    /// A reload's new default intensity is written without the feedback vibration (the wearer did not
    /// ask for it) and is the one a reconnected belt is given again.
    func testANewDefaultIntensityIsSentQuietlyAndKeptForTheNextConnection() throws {
        let loop = TestEventLoop()
        let link = TestBeltLink()
        let (requests, _) = AsyncStream<BeltRequest>.makeStream()
        let (_, reportSink) = AsyncStream<BeltActor.Report>.makeStream()
        let belt = BeltActor(link: link, requests: requests, reports: reportSink, defaultIntensity: 60, clock: loop.clock,
                             logger: LogCapture().logger("belt"), health: HealthMonitor(expected: [BeltActor.name]),
                             status: StatusBoard(order: []), executor: loop)
        let task = loop.spawn { _ = try? await belt.run() }
        defer {
            task.cancel()
            loop.drain()
        }
        loop.drain()
        XCTAssertTrue(link.sent.contains(.setDefaultIntensity(60, feedback: false)), "\(link.sent)")
        belt.mailbox.send(.defaultIntensity(85))
        loop.drain()
        XCTAssertTrue(link.sent.contains(.setDefaultIntensity(85, feedback: false)), "\(link.sent)")
        belt.mailbox.send(.link(.belt(.disconnected(expected: false))))
        belt.mailbox.send(.link(.belt(.modeChanged(.app))))
        belt.mailbox.send(.link(.belt(.connected)))
        loop.drain()
        XCTAssertEqual(link.sent.filter { $0 == .setDefaultIntensity(85, feedback: false) }.count, 2, "\(link.sent)")
        XCTAssertFalse(link.sent.contains(.setDefaultIntensity(85, feedback: true)), "\(link.sent)")
    }

    /// What a wearer's log shows for a lost link and a draining battery: one warning per loss (the
    /// failed attempts that follow are the recovery, at info) and one per battery band (below 20 %,
    /// below 10 %), not one per attempt or per percent.
    func testALostLinkAndADrainingBatteryEachWarnOnceNotOnEveryStep() throws {
        let loop = TestEventLoop()
        let logs = LogCapture()
        let link = TestBeltLink()
        let (requests, _) = AsyncStream<BeltRequest>.makeStream()
        let (_, reportSink) = AsyncStream<BeltActor.Report>.makeStream()
        let belt = BeltActor(link: link, requests: requests, reports: reportSink, defaultIntensity: 60, clock: loop.clock,
                             logger: logs.logger("belt"), health: HealthMonitor(expected: [BeltActor.name]),
                             status: StatusBoard(order: []), executor: loop)
        let task = loop.spawn { _ = try? await belt.run() }
        defer {
            task.cancel()
            loop.drain()
        }
        loop.drain()
        XCTAssertFalse(logs.matching("belt connected").isEmpty, "\(logs.all)")
        belt.mailbox.send(.link(.belt(.disconnected(expected: false))))
        belt.mailbox.send(.link(.attemptFailed(.noBeltFound, retryIn: .seconds(60))))
        belt.mailbox.send(.link(.attemptFailed(.timedOut(.seconds(10)), retryIn: .seconds(60))))
        belt.mailbox.send(.link(.belt(.connected)))
        for percent in [25, 19, 18, 12, 9, 8] {
            belt.mailbox.send(.link(.belt(.battery(BeltBatteryStatus(powerStatus: .onBattery, percent: Double(percent))))))
        }
        loop.drain()
        XCTAssertFalse(logs.matching("belt battery 8%").isEmpty, "\(logs.all)")
        let warnings = logs.all.filter { $0.hasPrefix("<4>") }  // journal priority 4, warning
        XCTAssertEqual(warnings.filter { $0.contains("belt connection") }.count, 1, warnings.joined(separator: "\n"))
        XCTAssertEqual(logs.matching("belt connection attempt failed").count, 2, "the attempts are still told, at info")
        XCTAssertEqual(warnings.filter { $0.contains("battery low") }.count, 2, warnings.joined(separator: "\n"))
        XCTAssertEqual(logs.matching("belt battery low: 19%").count, 1)
        XCTAssertEqual(logs.matching("belt battery low: 9%").count, 1)
    }
}

extension BeltActorTests {
    /// The belt's battery goes into the walk's journal at its first report, at a change of power and
    /// at each 10 % it crosses, not at every percent.
    func testTheBeltsBatteryIsJournalledAtItsFirstReportEachTenPercentAndAChangeOfPower() throws {
        let directory = NSTemporaryDirectory() + "wayfinder-belt-journal-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let loop = TestEventLoop()
        let route = Route(name: "Park", kind: .route, waypoints: [
            Waypoint(name: "Gate", coordinate: Coordinate(latitude: 52.0, longitude: 8.0)),
            Waypoint(name: "Pond", coordinate: Coordinate(latitude: 52.001, longitude: 8.0)),
        ])
        let trip = try XCTUnwrap(TripRecorder(trackPath: directory + "/walk.gpx", route: route, routePath: nil, offRouteDistance: 30,
                                              clock: loop.clock, logger: LogCapture().logger("trip")))
        let (requests, _) = AsyncStream<BeltRequest>.makeStream()
        let (_, reportSink) = AsyncStream<BeltActor.Report>.makeStream()
        let belt = BeltActor(link: TestBeltLink(), requests: requests, reports: reportSink, defaultIntensity: 60, clock: loop.clock,
                             logger: LogCapture().logger("belt"), health: HealthMonitor(expected: [BeltActor.name]),
                             status: StatusBoard(order: []), trip: trip, executor: loop)
        let task = loop.spawn { _ = try? await belt.run() }
        defer {
            task.cancel()
            loop.drain()
        }
        loop.drain()
        let reports: [(BeltPowerStatus, Double, Double)] = [
            (.onBattery, 83, 36_000), (.onBattery, 81, 35_000), (.onBattery, 79, 34_000), (.onBattery, 78, 33_000),
            (.charging, 78, 1_800), (.charging, 85, 900),
        ]
        for (power, percent, seconds) in reports {
            belt.mailbox.send(.link(.belt(.battery(BeltBatteryStatus(powerStatus: power, percent: percent, seconds: seconds)))))
        }
        loop.drain()
        let records = try TripJournalFormat.read(String(contentsOfFile: trip.journalPath, encoding: .utf8)).events
            .filter { $0.kind == .battery }
        XCTAssertEqual(records.map(\.percent), [83, 79, 78, 85], "first, below 80, charging, above 80")
        XCTAssertEqual(records.map(\.power), ["battery", "battery", "charging", "charging"])
        XCTAssertEqual(records.map(\.device), ["belt", "belt", "belt", "belt"])
        XCTAssertEqual(records[0].seconds ?? 0, 36_000, accuracy: 5.625, "the time to empty, in the field's steps")
    }
}
