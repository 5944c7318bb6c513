import Clocks
import Logging
import Platform
@testable import Runtime
import ServiceLifecycle
import WayfinderTestKit
import XCTest

/// An actor on the shared run loop (`Mailbox.runLoop`: events one at a time, no ticks) whose handler
/// can be made to hang.
actor HangableActor {
    enum Event: Sendable { case work, hang, stop }
    nonisolated let mailbox = Mailbox<Event>()
    let clock: SessionClock
    let health: HealthMonitor
    let gate: AsyncStream<Void>

    init(clock: SessionClock, health: HealthMonitor, gate: AsyncStream<Void>) {
        self.clock = clock
        self.health = health
        self.gate = gate
    }

    private(set) var worked = 0

    func run() async throws {
        health.started("worker", progress: mailbox.progress)
        try await mailbox.runLoop(shutdown: .stop) { event in
            switch event {
            case .work: worked += 1
            case .hang: for await _ in gate {}   // stuck inside a handler until cancelled
            case .stop: return true
            }
            return false
        }
    }
}

final class WatchdogTests: XCTestCase {
    func testWatchdogPingsStopWhenAnActorHangs() async throws {
        let testClock = TestClock()
        let clock = SessionClock(testClock)
        let health = HealthMonitor(expected: ["worker"])
        let notifier = CapturingNotifier()
        let logs = LogCapture()
        let (gate, gateSink) = AsyncStream<Void>.makeStream()
        defer { gateSink.finish() }
        let worker = HangableActor(clock: clock, health: health, gate: gate)
        let service = ServiceManagerService(notifier: notifier, watchdog: WatchdogSettings(timeout: .seconds(2)),
                                            health: health, status: StatusBoard(order: []), clock: clock,
                                            logger: logs.logger("systemd"))
        let workerTask = Task { try await worker.run() }
        let serviceTask = Task { try await service.run() }
        defer { workerTask.cancel(); serviceTask.cancel() }

        for _ in 0..<20 { await testClock.advance(by: .milliseconds(250)) }     // 5 s, healthy
        XCTAssertEqual(notifier.count("READY=1"), 1)
        let healthyPings = notifier.count("WATCHDOG=1")
        XCTAssertGreaterThanOrEqual(healthyPings, 4, "a ping every second while the actor beats")

        worker.mailbox.send(.hang)
        await Task.megaYield()
        for _ in 0..<8 { await testClock.advance(by: .milliseconds(250)) }      // 2 s: the hang is noticed
        let afterHang = notifier.count("WATCHDOG=1")
        for _ in 0..<40 { await testClock.advance(by: .milliseconds(250)) }     // 10 more seconds
        XCTAssertEqual(notifier.count("WATCHDOG=1"), afterHang, "no ping while the actor is hung")
        XCTAssertLessThanOrEqual(afterHang - healthyPings, 2, "at most the pings already due when it hung")
        XCTAssertFalse(logs.matching("worker not responding; withholding the watchdog ping").isEmpty, "\(logs.all)")
    }

    func testAnIdleActorIsNeverWokenAndStaysHealthy() async throws {
        let testClock = TestClock()
        let clock = SessionClock(testClock)
        let health = HealthMonitor(expected: ["worker"])
        let notifier = CapturingNotifier()
        let (gate, gateSink) = AsyncStream<Void>.makeStream()
        defer { gateSink.finish() }
        let worker = HangableActor(clock: clock, health: health, gate: gate)
        let service = ServiceManagerService(notifier: notifier, watchdog: WatchdogSettings(timeout: .seconds(2)),
                                            health: health, status: StatusBoard(order: []), clock: clock,
                                            logger: LogCapture().logger("systemd"))
        let workerTask = Task { try await worker.run() }
        let serviceTask = Task { try await service.run() }
        defer { workerTask.cancel(); serviceTask.cancel() }
        for _ in 0..<10 { await testClock.advance(by: .milliseconds(100)) }
        XCTAssertEqual(notifier.count("READY=1"), 1)
        for _ in 0..<60 { await testClock.advance(by: .seconds(1)) }     // a minute without one event
        XCTAssertGreaterThanOrEqual(notifier.count("WATCHDOG=1"), 55, "an idle actor needs no heartbeat to count as alive")
        for _ in 0..<5 {
            worker.mailbox.send(.work)
            await Task.megaYield()
            await testClock.advance(by: .seconds(1))
        }
        let worked = await worker.worked
        XCTAssertEqual(worked, 5, "its events are handled as they come")
        XCTAssertGreaterThanOrEqual(notifier.count("WATCHDOG=1"), 60)
    }

    func testNoWatchdogPingsBeforeEveryActorHasStarted() async throws {
        let testClock = TestClock()
        let clock = SessionClock(testClock)
        let health = HealthMonitor(expected: ["a", "b"])
        let notifier = CapturingNotifier()
        let service = ServiceManagerService(notifier: notifier, watchdog: WatchdogSettings(timeout: .seconds(2)),
                                            health: health, status: StatusBoard(order: []), clock: clock,
                                            logger: LogCapture().logger("systemd"))
        let task = Task { try await service.run() }
        defer { task.cancel() }
        health.started("a")
        for _ in 0..<10 { await testClock.advance(by: .milliseconds(500)) }
        XCTAssertEqual(notifier.messages, [], "not ready while b has not started")
        health.started("b")
        await testClock.advance(by: .milliseconds(100))
        XCTAssertEqual(notifier.count("READY=1"), 1)
    }

    func testStatusLineFollowsTheActorsAndNoPingsWithoutAWatchdog() async throws {
        let testClock = TestClock()
        let clock = SessionClock(testClock)
        let health = HealthMonitor(expected: ["navigation"])
        let status = StatusBoard(order: ["navigation", "belt"])
        let notifier = CapturingNotifier()
        let service = ServiceManagerService(notifier: notifier, watchdog: nil, health: health, status: status,
                                            clock: clock, logger: LogCapture().logger("systemd"))
        status.set("belt", "belt app mode")
        status.set("navigation", "navigating to waypoint 1/12")
        health.started("navigation")
        let task = Task { try await service.run() }
        defer { task.cancel() }
        await testClock.advance(by: .milliseconds(100))
        XCTAssertEqual(notifier.messages.first, "READY=1\nSTATUS=navigating to waypoint 1/12; belt app mode")
        status.set("navigation", "navigating to waypoint 2/12")
        await testClock.advance(by: ServiceManagerService.defaultCheckInterval)
        XCTAssertEqual(notifier.messages.last, "STATUS=navigating to waypoint 2/12; belt app mode")
        XCTAssertEqual(notifier.count("WATCHDOG=1"), 0, "systemd asked for no watchdog")
    }

    func testAnActorIsStuckOnlyWhenWorkWaitedThroughTwoChecksWithNothingFinished() {
        let h = HealthMonitor(expected: ["belt", "navigation"])
        XCTAssertEqual(h.check(), ["belt", "navigation"], "not started yet")
        let belt = MailboxProgress(), navigation = MailboxProgress()
        h.started("belt", progress: belt)
        h.started("navigation", progress: navigation)
        XCTAssertTrue(h.allStarted)
        XCTAssertEqual(h.check(), [], "idle: nothing to finish")
        belt.didSend()
        XCTAssertEqual(h.check(), [], "one check with work waiting is no proof: it may be handled next")
        navigation.didSend(); navigation.didFinish()
        XCTAssertEqual(h.check(), ["belt"], "the belt finished nothing since; navigation kept up")
        belt.didFinish()
        XCTAssertEqual(h.check(), [], "the belt moved on")
        belt.didSend(); belt.didSend()
        XCTAssertEqual(h.check(), [])
        belt.didFinish()
        XCTAssertEqual(h.check(), [], "busy at both checks but one finished between them: working, not stuck")
        XCTAssertEqual(h.check(), ["belt"])
        h.resting("belt", true)
        XCTAssertEqual(h.check(), [], "held down for its restart backoff by the supervisor")
        h.resting("belt", false)
        XCTAssertEqual(h.check(), [])
        XCTAssertEqual(h.check(), ["belt"], "back from the backoff with the same event still waiting")
    }

    func testAnActorThatFailedBeforeItStartedDoesNotHoldUpStartup() {
        let h = HealthMonitor(expected: ["gps"])
        h.resting("gps", true)
        XCTAssertTrue(h.allStarted, "a missing device degrades the appliance; it does not block READY")
        XCTAssertEqual(h.check(), [])
    }
}
