import BLE
import Belt
import Clocks
import Logging
import Platform
@testable import Runtime
import Simulation
import Synchronization
import TouchCase
import WayfinderTestKit
import XCTest

/// The touch case actor against the simulated case: our `SocketGATTClient` and the case's
/// `GATTServerConnection` exchanging real ATT PDUs over a socketpair, on a test clock.
final class TouchCaseActorTests: XCTestCase {
    /// FuffrLib's enable sequence (FFRCaseHandler.m) as the case receives it.
    static func sequence(_ final: String) -> [String] {
        ["write FFF1 00 00", "notify FFF2 on", "notify FFF3 on", "notify FFF4 on", "notify FFF5 on", "notify FFF6 on",
         "write FFF1 \(final)"]
    }

    private final class Collected: Sendable {
        let events = Mutex<[TouchEvent]>([])
        var all: [TouchEvent] { events.withLock { $0 } }
    }

    private struct Rig {
        let testClock: TestClock<Duration>
        let clock: SessionClock
        let host: FuffrPeripheralHost
        let actor: TouchCaseActor
        let collected: Collected
        let logs: LogCapture
        let tasks: [Task<Void, Never>]

        /// Moves session time on in steps, letting the tasks run between steps. The actor and the
        /// simulated case speak ATT over a kernel socketpair, read by their own loops, so each step
        /// gives the round trips a little real time; the checks after it are bounded polls
        /// (`eventually`) for the same reason.
        func advance(by total: Duration, step: Duration = .milliseconds(10)) async throws {
            var done = Duration.zero
            while done < total {
                let s = min(step, total - done)
                await testClock.advance(by: s)
                done += s
                try await Task.sleep(for: .milliseconds(2))
            }
        }

        func stop() async {
            await actor.stop()
            for t in tasks { t.cancel() }
        }
    }

    private func makeRig(_ command: TouchEnableCommand, powerSaving: Bool = false,
                         navigation: NavigationState = .navigating) -> Rig {
        let testClock = TestClock()
        let clock = SessionClock(testClock)
        let logs = LogCapture()
        let host = FuffrPeripheralHost(clock: clock, logger: logs.logger("fuffr-sim"))
        let actor = TouchCaseActor(connector: host.connector(clock: clock, logger: logs.logger("gatt")), command: command,
                                   powerSaving: powerSaving, navigation: navigation, clock: clock,
                                   logger: logs.logger("touch-case"))
        let collected = Collected()
        let run = Task { _ = try? await actor.run() }
        let collect = Task { for await e in actor.touches { collected.events.withLock { $0.append(e) } } }
        return Rig(testClock: testClock, clock: clock, host: host, actor: actor, collected: collected, logs: logs,
                   tasks: [run, collect])
    }

    func testConnectingRunsTheEnableSequenceInOrderOnTheCase() async throws {
        let rig = makeRig(TouchEnableCommand(sides: [.left, .right], touchesPerSide: 1)!)
        try await eventually("ready") { await rig.actor.state == .ready }
        let ops = await rig.host.operations
        XCTAssertEqual(ops, Self.sequence("05 01"))
        let command = await rig.host.command
        XCTAssertEqual(command.bytes, [0x05, 0x01])
        let violations = await rig.host.violations
        XCTAssertEqual(violations, [])
        await rig.stop()
    }

    /// A scripted stroke on the left side arrives as began, moves, ended at the scripted positions.
    func testAScriptedStrokeArrivesAsTouchEvents() async throws {
        let rig = makeRig(TouchEnableCommand(sides: .all, touchesPerSide: 2)!)
        try await eventually("ready") { await rig.actor.state == .ready }
        let start = rig.clock.elapsed + .milliseconds(100)
        await rig.host.play(FuffrTouchTrace([
            .init(side: .left, finger: 1, start: start, duration: .milliseconds(200), from: (0.2, 0.3), to: (0.2, 0.7)),
        ]))
        try await rig.advance(by: .milliseconds(400))
        try await eventually("ended") { rig.collected.all.contains { $0.phase == .ended } }
        let events = rig.collected.all
        XCTAssertEqual(events.first?.phase, .began)
        XCTAssertEqual(events.last?.phase, .ended)
        XCTAssertTrue(events.dropFirst().dropLast().allSatisfy { $0.phase == .moved }, "\(events)")
        XCTAssertGreaterThan(events.count, 5)
        XCTAssertEqual(Set(events.map(\.side)), [.left])
        XCTAssertEqual(Set(events.map(\.id)), [6], "left is slot 2: ids 5–6 with 2 per side; finger 1 is id 6")
        let first = try XCTUnwrap(events.first)
        XCTAssertEqual(first.x, 0.2, accuracy: 1e-3)
        XCTAssertEqual(first.y, 0.3, accuracy: 1e-3)
        let last = try XCTUnwrap(events.last)
        XCTAssertEqual(last.y, 0.7, accuracy: 0.05)
        XCTAssertTrue(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
        await rig.stop()
    }

    /// A finger that vanishes without its release record ends 200 ms after its last record.
    func testAFingerWithoutReleaseEndsAfterTwoHundredMillisecondsOfSilence() async throws {
        let rig = makeRig(TouchEnableCommand(sides: .all, touchesPerSide: 1)!)
        try await eventually("ready") { await rig.actor.state == .ready }
        let start = rig.clock.elapsed + .milliseconds(50)
        await rig.host.play(FuffrTouchTrace([
            .init(side: .top, start: start, duration: .milliseconds(100), from: (0.5, 0.5), sendsRelease: false),
        ]))
        try await rig.advance(by: .milliseconds(500))
        try await eventually("ended") { rig.collected.all.contains { $0.phase == .ended } }
        let events = rig.collected.all
        XCTAssertEqual(events.map(\.phase), [.began, .ended], "a stationary finger only begins and ends")
        let began = try XCTUnwrap(events.first).time
        let ended = try XCTUnwrap(events.last)
        // Held 100 ms (reported every 20 ms on a loaded machine maybe less often), then 200 ms of
        // silence: the end lies 200–300 ms after the start. The exact stamp is checked in TouchCaseTests.
        XCTAssertTrue((.milliseconds(200)...(.milliseconds(300))).contains(ended.time - began), "\(ended.time - began)")
        XCTAssertEqual(ended.side, .top)
        let silent = await rig.actor.counters.silentEnds
        XCTAssertEqual(silent, 1)
        await rig.stop()
    }

    /// FuffrLib's FFRBLEManager.m: 0.5 s after an unexpected loss, a new connection, which enables again.
    func testAnUnexpectedLossReconnectsHalfASecondLaterAndEnablesAgain() async throws {
        let rig = makeRig(TouchEnableCommand(sides: .all, touchesPerSide: 1)!)
        try await eventually("ready") { await rig.actor.state == .ready }
        let start = rig.clock.elapsed + .milliseconds(20)
        await rig.host.play(FuffrTouchTrace([.init(side: .right, start: start, duration: .seconds(60), from: (0.5, 0.5))]))
        try await rig.advance(by: .milliseconds(100))
        try await eventually("began") { rig.collected.all.contains { $0.phase == .began } }
        let lostAt = rig.clock.elapsed
        await rig.host.dropLink()
        try await eventually("waiting to reconnect") {
            if case .waiting = await rig.actor.link { true } else { false }
        }
        let link = await rig.actor.link
        XCTAssertEqual(link, .waiting(until: lostAt + .milliseconds(500)))
        // The link's state changes at the close; the cancelled touch follows through the actor's stream.
        try await eventually("the live touch is cancelled with the link") { rig.collected.all.last?.phase == .cancelled }
        try await rig.advance(by: .milliseconds(490))
        let served = await rig.host.linksServed
        XCTAssertEqual(served, 1, "not before 0.5 s")
        try await rig.advance(by: .milliseconds(20))
        try await eventually("ready again") { await rig.actor.state == .ready }
        let ops = await rig.host.operations
        XCTAssertEqual(ops, Self.sequence("0F 01") + Self.sequence("0F 01"))
        let servedAfter = await rig.host.linksServed
        XCTAssertEqual(servedAfter, 2)
        await rig.stop()
    }

    /// With power saving, a stopped navigation puts the case to sleep (`00 00`) and navigating wakes it.
    func testPowerSavingSleepsTheCaseWhileNavigationIsStopped() async throws {
        let rig = makeRig(TouchEnableCommand(sides: [.left, .right], touchesPerSide: 2)!, powerSaving: true, navigation: .stopped)
        try await eventually("ready") { await rig.actor.state == .ready }
        var ops = await rig.host.operations
        XCTAssertEqual(ops, Self.sequence("00 00"))
        await rig.actor.navigationStateChanged(.navigating)
        try await eventually("awake") { await rig.host.command.bytes == [0x05, 0x02] }
        await rig.actor.navigationStateChanged(.paused)
        await rig.actor.navigationStateChanged(.stopped)
        try await eventually("asleep") {
            let ops = await rig.host.operations
            return ops.count == 21
        }
        ops = await rig.host.operations
        XCTAssertEqual(ops, Self.sequence("00 00") + Self.sequence("05 02") + Self.sequence("00 00"))
        let violations = await rig.host.violations
        XCTAssertEqual(violations, [])
        await rig.stop()
    }

    /// FuffrLib's observers hear the same touches, filtered by their sides; removed ones hear nothing.
    func testObserversHearTheirSidesOnly() async throws {
        let rig = makeRig(TouchEnableCommand(sides: .all, touchesPerSide: 1)!)
        let heard = Mutex<[String]>([])
        await rig.actor.addTouchBlock(.began, sides: .bottom) { t in heard.withLock { $0.append("bottom \(t.map(\.id))") } }
        let removed = await rig.actor.addTouchBlock(.began, sides: .all) { _ in heard.withLock { $0.append("removed") } }
        await rig.actor.addTouchObserver(sides: .right, began: { t in heard.withLock { $0.append("right \(t.map(\.id))") } })
        let wasRemoved = await rig.actor.removeTouchObserver(removed)
        XCTAssertTrue(wasRemoved)
        try await eventually("ready") { await rig.actor.state == .ready }
        let start = rig.clock.elapsed + .milliseconds(20)
        await rig.host.play(FuffrTouchTrace([
            .init(side: .bottom, start: start, duration: .milliseconds(100), from: (0.1, 0.9)),
            .init(side: .top, start: start + .milliseconds(40), duration: .milliseconds(100), from: (0.9, 0.1)),
        ]))
        try await rig.advance(by: .milliseconds(300))
        try await eventually("two ended") { rig.collected.all.filter { $0.phase == .ended }.count == 2 }
        XCTAssertEqual(heard.withLock { $0 }, ["bottom [2]"])
        await rig.stop()
    }

    /// A connector that fails every attempt the same way, as on a Pi without a Bluetooth adapter.
    private final class FailingConnector: GATTConnector, Sendable {
        static let error = GATTError.unavailable("no Bluetooth adapter (hci0); check `bluetoothctl list`")
        private let count = Mutex(0)
        var attempts: Int { count.withLock { $0 } }
        func connect() async throws -> any GATTClient {
            count.withLock { $0 += 1 }
            throw Self.error
        }
    }

    /// A case that cannot be reached is logged once in full (the warning carries what to do), then at
    /// debug, with a short reminder at notice after a minute and again at a widening interval: the
    /// journal does not repeat the whole warning every 8 s.
    func testAttemptsThatFailTheSameWayWarnOnceThenRemindAtWideningIntervals() async throws {
        let testClock = TestClock()
        let clock = SessionClock(testClock)
        let logs = LogCapture()
        let connector = FailingConnector()
        let actor = TouchCaseActor(connector: connector, command: TouchEnableCommand(sides: .all, touchesPerSide: 1)!,
                                   clock: clock, logger: logs.logger("touch-case"))
        let run = Task { _ = try? await actor.run() }
        // Attempts follow the backoff: 0.5 s after the first, doubling up to 8 s. Each time the link
        // waits for its next attempt, session time moves on to it.
        var failedAt: [Duration] = []
        for attempt in 1...27 {
            if attempt > 1 {
                guard case .waiting(let until) = await actor.link else { return XCTFail("not waiting to reconnect") }
                await testClock.advance(by: until - clock.elapsed)
            }
            try await eventually("attempt \(attempt) failed and the next one is scheduled") {
                guard connector.attempts == attempt, case .waiting(let until) = await actor.link else { return false }
                return until > clock.elapsed
            }
            failedAt.append(clock.elapsed)
        }
        await actor.stop()
        run.cancel()

        XCTAssertEqual(failedAt.prefix(6), [.zero, .milliseconds(500), .milliseconds(1500), .milliseconds(3500),
                                            .milliseconds(7500), .milliseconds(15_500)])
        XCTAssertEqual(failedAt.last, .milliseconds(183_500))
        let failures = logs.matching("touch-case: connection attempt")
        XCTAssertEqual(failures.first,
                       "<4>touch-case: connection attempt 1 failed: \(FailingConnector.error); reconnecting in 0.5 s")
        XCTAssertEqual(failures.dropFirst(), ArraySlice((Array(2...11) + Array(13...26)).map {
            "<7>touch-case: connection attempt \($0) failed: \(FailingConnector.error); reconnecting in \($0 < 5 ? 1 << ($0 - 2) : 8) s"
        }), "the repeats at debug, but for the two reminded of: \(logs.all.joined(separator: "\n"))")
        XCTAssertEqual(logs.all.filter { $0.hasPrefix("<4>") || $0.hasPrefix("<3>") }.count, 1,
                       "one warning in all: \(logs.all.joined(separator: "\n"))")
        // The first reminder at the first attempt a minute or more after the first failure (63.5 s),
        // the next twice as long after it (183.5 s).
        XCTAssertEqual(logs.matching("<5>touch-case:"), [
            "<5>touch-case: still cannot connect to the touch case: 12 times in 64 s, the same as the first, "
                + "logged with what to do",
            "<5>touch-case: still cannot connect to the touch case: 27 times in 3 min, the same as the first, "
                + "logged with what to do",
        ])
    }
}
