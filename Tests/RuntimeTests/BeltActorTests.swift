import Belt
import Clocks
import Logging
import Platform
@testable import Runtime
import ServiceLifecycle
import Synchronization
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
    func testShutdownDuringARestartBackoffLeavesTheBeltSilent() async throws {
        let clock = SessionClock.continuous()
        let logs = LogCapture()
        let link = TestBeltLink()
        let (requests, requestSink) = AsyncStream<BeltRequest>.makeStream()
        let (_, reportSink) = AsyncStream<BeltActor.Report>.makeStream()
        let health = HealthMonitor(expected: [BeltActor.name])
        let belt = BeltActor(link: link, requests: requests, reports: reportSink, defaultIntensity: 60, clock: clock,
                             logger: logs.logger("belt"), health: health, status: StatusBoard(order: []))
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [
            .init(service: SupervisedService(name: "belt", clock: clock, logger: logs.logger("supervisor"),
                                             backoff: RestartBackoff(initial: .seconds(30)), health: health,
                                             cleanup: { await belt.release() }) { try await belt.run() },
                  successTerminationBehavior: .ignore, failureTerminationBehavior: .gracefullyShutdownGroup),
        ], logger: logs.logger("group")))
        let run = Task { try await group.run() }

        requestSink.yield(navigate)
        try await waitUntil { link.sent.contains(self.signal90) }
        belt.mailbox.inject(InjectedFailure(actor: BeltActor.name))
        try await waitUntil { !logs.matching("restarting in 30 s").isEmpty }
        await group.triggerGracefulShutdown()
        try await run.value

        let afterSignal = link.sent.suffix(from: link.sent.lastIndex(of: signal90)! + 1)
        XCTAssertEqual(Array(afterSignal), [.stop(channel: nil), .changeMode(.wait)], "\(link.sent)")
        XCTAssertFalse(logs.matching("belt actor stays down: shutting down").isEmpty, "\(logs.all)")
    }

    /// A write that gets no answer holds the belt actor's handler: the watchdog must stop being fed,
    /// and start again once the link's request bound (5 s) fails the write and the actor is back at
    /// its mailbox.
    func testAHungBeltWriteWithholdsTheWatchdogUntilItTimesOut() async throws {
        let testClock = TestClock()
        let clock = SessionClock(testClock)
        let fake = FakeBelt()
        let link = GATTBeltLink(connector: FakeConnector(belt: fake), clock: clock, logger: LogCapture().logger("belt-link"))
        let (requests, requestSink) = AsyncStream<BeltRequest>.makeStream()
        let (reports, reportSink) = AsyncStream<BeltActor.Report>.makeStream()
        let health = HealthMonitor(expected: [BeltActor.name])
        let notifier = CapturingNotifier()
        let belt = BeltActor(link: link, requests: requests, reports: reportSink, defaultIntensity: 60, clock: clock,
                             logger: LogCapture().logger("belt"), health: health, status: StatusBoard(order: []))
        let watchdog = ServiceManagerService(notifier: notifier, watchdog: WatchdogSettings(timeout: .seconds(2)),
                                             health: health, status: StatusBoard(order: []), clock: clock,
                                             logger: LogCapture().logger("systemd"))
        let beltTask = Task { try await belt.run() }
        let watchdogTask = Task { try await watchdog.run() }
        defer { beltTask.cancel(); watchdogTask.cancel() }
        for await report in reports where report == .connected(true) { break }

        func advance(seconds: Int) async {
            for _ in 0..<(seconds * 4) {
                await testClock.advance(by: .milliseconds(250))
                try? await Task.sleep(for: .milliseconds(2))
            }
        }
        await advance(seconds: 3)
        let healthy = notifier.count("WATCHDOG=1")
        XCTAssertGreaterThanOrEqual(healthy, 2)

        let channel = signal90.encoded().characteristic
        await fake.hold(channel)
        requestSink.yield(navigate)
        while await fake.heldWrites == 0 { await Task.yield() }
        await advance(seconds: 2)                       // the hang is noticed within the window
        let whileHung = notifier.count("WATCHDOG=1")
        await advance(seconds: 2)                       // still inside the 5 s request bound
        XCTAssertEqual(notifier.count("WATCHDOG=1"), whileHung, "no ping while the belt actor is stuck in a write")

        await advance(seconds: 4)                       // the write times out; the actor beats again
        XCTAssertGreaterThan(notifier.count("WATCHDOG=1"), whileHung, "pings resume after the timeout")
        await fake.release()
    }

    /// A connection attempt that never completes is given up after the link's attempt bound (20 s) and
    /// retried after the first backoff step.
    func testAHangingConnectionAttemptTimesOutAndIsRetried() async throws {
        let testClock = TestClock()
        let clock = SessionClock(testClock)
        let logs = LogCapture()
        let connector = HangingConnector()
        let link = GATTBeltLink(connector: connector, clock: clock, logger: logs.logger("belt-link"))
        let (requests, _) = AsyncStream<BeltRequest>.makeStream()
        let (_, reportSink) = AsyncStream<BeltActor.Report>.makeStream()
        let belt = BeltActor(link: link, requests: requests, reports: reportSink, defaultIntensity: 60, clock: clock,
                             logger: logs.logger("belt"), health: HealthMonitor(expected: [BeltActor.name]),
                             status: StatusBoard(order: []))
        let task = Task { try await belt.run() }
        defer { task.cancel() }
        func advance(_ steps: Int) async {
            for _ in 0..<steps {
                await testClock.advance(by: .milliseconds(250))
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        await advance(19 * 4)
        XCTAssertEqual(connector.attempts, 1)
        XCTAssertTrue(logs.matching("timed out").isEmpty && logs.matching("did not answer within").isEmpty)
        await advance(2 * 4)
        // The failure is logged, then the next attempt's time: wait for the second.
        try await waitUntil { !logs.matching("next belt connection attempt in 0.5 s").isEmpty }
        XCTAssertFalse(logs.matching("belt connection attempt failed: the belt did not answer within 20.0 seconds").isEmpty,
                       "\(logs.all)")
        await advance(4)
        try await waitUntil { connector.attempts == 2 }
    }

    /// A reload's new default intensity is written without the feedback vibration (the wearer did not
    /// ask for it) and is the one a reconnected belt is given again.
    func testANewDefaultIntensityIsSentQuietlyAndKeptForTheNextConnection() async throws {
        let link = TestBeltLink()
        let (requests, _) = AsyncStream<BeltRequest>.makeStream()
        let (_, reportSink) = AsyncStream<BeltActor.Report>.makeStream()
        let belt = BeltActor(link: link, requests: requests, reports: reportSink, defaultIntensity: 60, clock: .continuous(),
                             logger: LogCapture().logger("belt"), health: HealthMonitor(expected: [BeltActor.name]),
                             status: StatusBoard(order: []))
        let task = Task { try await belt.run() }
        defer { task.cancel() }
        try await waitUntil { link.sent.contains(.setDefaultIntensity(60, feedback: false)) }
        belt.mailbox.send(.defaultIntensity(85))
        try await waitUntil { link.sent.contains(.setDefaultIntensity(85, feedback: false)) }
        belt.mailbox.send(.link(.belt(.disconnected(expected: false))))
        belt.mailbox.send(.link(.belt(.modeChanged(.app))))
        belt.mailbox.send(.link(.belt(.connected)))
        try await waitUntil { link.sent.filter { $0 == .setDefaultIntensity(85, feedback: false) }.count == 2 }
        XCTAssertFalse(link.sent.contains(.setDefaultIntensity(85, feedback: true)), "\(link.sent)")
    }

    /// What a wearer's log shows for a lost link and a draining battery: one warning per loss (the
    /// failed attempts that follow are the recovery, at info) and one per battery band (below 20 %,
    /// below 10 %), not one per attempt or per percent.
    func testALostLinkAndADrainingBatteryEachWarnOnceNotOnEveryStep() async throws {
        let logs = LogCapture()
        let link = TestBeltLink()
        let (requests, _) = AsyncStream<BeltRequest>.makeStream()
        let (_, reportSink) = AsyncStream<BeltActor.Report>.makeStream()
        let belt = BeltActor(link: link, requests: requests, reports: reportSink, defaultIntensity: 60, clock: .continuous(),
                             logger: logs.logger("belt"), health: HealthMonitor(expected: [BeltActor.name]),
                             status: StatusBoard(order: []))
        let task = Task { try await belt.run() }
        defer { task.cancel() }
        try await waitUntil { !logs.matching("belt connected").isEmpty }
        belt.mailbox.send(.link(.belt(.disconnected(expected: false))))
        belt.mailbox.send(.link(.attemptFailed(.noBeltFound, retryIn: .seconds(60))))
        belt.mailbox.send(.link(.attemptFailed(.timedOut(.seconds(10)), retryIn: .seconds(60))))
        belt.mailbox.send(.link(.belt(.connected)))
        for percent in [25, 19, 18, 12, 9, 8] { belt.mailbox.send(.link(.belt(.battery(percent: percent)))) }
        try await waitUntil { !logs.matching("belt battery 8%").isEmpty }
        let warnings = logs.all.filter { $0.hasPrefix("<4>") }  // journal priority 4, warning
        XCTAssertEqual(warnings.filter { $0.contains("belt connection") }.count, 1, warnings.joined(separator: "\n"))
        XCTAssertEqual(logs.matching("belt connection attempt failed").count, 2, "the attempts are still told, at info")
        XCTAssertEqual(warnings.filter { $0.contains("battery low") }.count, 2, warnings.joined(separator: "\n"))
        XCTAssertEqual(logs.matching("belt battery low: 19%").count, 1)
        XCTAssertEqual(logs.matching("belt battery low: 9%").count, 1)
    }
}
