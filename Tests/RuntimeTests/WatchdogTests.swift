import Clocks
import Logging
import Platform
@testable import Runtime
import ServiceLifecycle
import WayfinderTestKit
import XCTest

/// An actor on the shared run loop (`Mailbox.runLoop`: heartbeat ticks, events one at a time) whose
/// handler can be made to hang.
actor HangableActor {
    enum Event: Sendable { case tick, hang, stop }
    nonisolated let mailbox = Mailbox<Event>()
    let clock: SessionClock
    let health: HealthMonitor
    let gate: AsyncStream<Void>

    init(clock: SessionClock, health: HealthMonitor, gate: AsyncStream<Void>) {
        self.clock = clock
        self.health = health
        self.gate = gate
    }

    func run() async throws {
        health.beat("worker", at: clock.elapsed)
        try await mailbox.runLoop(tick: .tick, every: .milliseconds(250), shutdown: .stop, clock: clock) { event in
            switch event {
            case .tick: health.beat("worker", at: clock.elapsed)
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
        health.beat("a", at: .zero)
        for _ in 0..<10 { await testClock.advance(by: .milliseconds(500)) }
        XCTAssertEqual(notifier.messages, [], "not ready while b has not started")
        health.beat("b", at: clock.elapsed)
        health.beat("a", at: clock.elapsed)
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
        health.beat("navigation", at: .zero)
        let task = Task { try await service.run() }
        defer { task.cancel() }
        await testClock.advance(by: .milliseconds(100))
        XCTAssertEqual(notifier.messages.first, "READY=1\nSTATUS=navigating to waypoint 1/12; belt app mode")
        status.set("navigation", "navigating to waypoint 2/12")
        health.beat("navigation", at: clock.elapsed)
        await testClock.advance(by: ServiceManagerService.defaultCheckInterval)
        XCTAssertEqual(notifier.messages.last, "STATUS=navigating to waypoint 2/12; belt app mode")
        XCTAssertEqual(notifier.count("WATCHDOG=1"), 0, "systemd asked for no watchdog")
    }

    func testHealthMonitorReportsStaleActors() {
        let h = HealthMonitor(expected: ["belt", "navigation"])
        XCTAssertEqual(h.stale(at: .zero, window: .seconds(1)), ["belt", "navigation"])
        h.beat("belt", at: .seconds(10))
        h.beat("navigation", at: .seconds(8))
        XCTAssertTrue(h.allStarted)
        XCTAssertEqual(h.stale(at: .seconds(10), window: .seconds(1)), ["navigation"])
    }
}
