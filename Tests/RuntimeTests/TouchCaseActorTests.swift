import BLE
import Belt
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

    /// The actor, the simulated case and their socketpair on one `TestEventLoop`: a drain carries
    /// every ATT PDU both ways (a packet sent on a socketpair is in its peer's buffer when `send`
    /// returns), and session time moves only in `advance(by:)`. Nothing waits on the wall clock.
    private struct Rig {
        let loop: TestEventLoop
        let host: FuffrPeripheralHost
        let actor: TouchCaseActor
        let collected: Collected
        let logs: LogCapture

        var elapsed: Duration { loop.now }

        /// Moves session time on, firing the case's report timers and the actor's at their instants.
        func advance(by duration: Duration) { loop.advance(by: duration) }

        /// `body` run as a task on the loop, drained until it returns.
        func on<T: Sendable>(_ body: @escaping @Sendable () async -> T) throws -> T { try loop.run(body) }

        func stop() throws {
            let actor = self.actor
            try loop.run { await actor.stop() }
        }
    }

    private func makeRig(_ command: TouchEnableCommand, powerSaving: Bool = false,
                         navigation: NavigationState = .navigating) -> Rig {
        let loop = TestEventLoop()
        let logs = LogCapture()
        let host = FuffrPeripheralHost(clock: loop.clock, logger: logs.logger("fuffr-sim"), executor: loop)
        let actor = TouchCaseActor(connector: host.connector(clock: loop.clock, logger: logs.logger("gatt"), executor: loop),
                                   command: command, powerSaving: powerSaving, navigation: navigation, clock: loop.clock,
                                   logger: logs.logger("touch-case"), executor: loop)
        let collected = Collected()
        loop.spawn { _ = try? await actor.run() }
        loop.spawn { for await e in actor.touches { collected.events.withLock { $0.append(e) } } }
        return Rig(loop: loop, host: host, actor: actor, collected: collected, logs: logs)
    }

    /// Starts the actor and carries the connection through: the case is enabled and ready.
    private func readyRig(_ command: TouchEnableCommand, powerSaving: Bool = false,
                          navigation: NavigationState = .navigating) throws -> Rig {
        let rig = makeRig(command, powerSaving: powerSaving, navigation: navigation)
        rig.loop.drain()
        let state = try rig.on { await rig.actor.state }
        XCTAssertEqual(state, .ready, "one drain connects and enables the case")
        return rig
    }

    func testConnectingRunsTheEnableSequenceInOrderOnTheCase() throws {
        let rig = try readyRig(TouchEnableCommand(sides: [.left, .right], touchesPerSide: 1)!)
        XCTAssertEqual(try rig.on { await rig.host.operations }, Self.sequence("05 01"))
        XCTAssertEqual(try rig.on { await rig.host.command.bytes }, [0x05, 0x01])
        XCTAssertEqual(try rig.on { await rig.host.violations }, [])
        XCTAssertEqual(rig.elapsed, .zero, "connecting took no session time")
        try rig.stop()
    }

    /// A scripted stroke on the left side arrives as began, moves, ended at the scripted positions.
    func testAScriptedStrokeArrivesAsTouchEvents() throws {
        let rig = try readyRig(TouchEnableCommand(sides: .all, touchesPerSide: 2)!)
        let start = rig.elapsed + .milliseconds(100)
        try rig.on {
            await rig.host.play(FuffrTouchTrace([
                .init(side: .left, finger: 1, start: start, duration: .milliseconds(200), from: (0.2, 0.3), to: (0.2, 0.7)),
            ]))
        }
        rig.advance(by: .milliseconds(400))
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
        XCTAssertEqual(first.time, start, "the first report is stamped when the case sent it")
        let last = try XCTUnwrap(events.last)
        XCTAssertEqual(last.y, 0.7, accuracy: 0.05)
        XCTAssertTrue(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
        try rig.stop()
    }

    /// A finger that vanishes without its release record ends 200 ms after its last record.
    func testAFingerWithoutReleaseEndsAfterTwoHundredMillisecondsOfSilence() throws {
        let rig = try readyRig(TouchEnableCommand(sides: .all, touchesPerSide: 1)!)
        let start = rig.elapsed + .milliseconds(50)
        try rig.on {
            await rig.host.play(FuffrTouchTrace([
                .init(side: .top, start: start, duration: .milliseconds(100), from: (0.5, 0.5), sendsRelease: false),
            ]))
        }
        rig.advance(by: .milliseconds(299))
        XCTAssertEqual(rig.collected.all.map(\.phase), [.began], "still held 199 ms after the touch began")
        rig.advance(by: .milliseconds(201))
        let events = rig.collected.all
        XCTAssertEqual(events.map(\.phase), [.began, .ended], "a stationary finger only begins and ends")
        let began = try XCTUnwrap(events.first)
        let ended = try XCTUnwrap(events.last)
        XCTAssertEqual(began.time, start)
        // The case reports the held finger every 20 ms while it is down (0 to 80 ms of its 100);
        // the last record is followed by 200 ms of silence.
        XCTAssertEqual(ended.time - began.time, .milliseconds(280))
        XCTAssertEqual(ended.side, .top)
        XCTAssertEqual(try rig.on { await rig.actor.counters.silentEnds }, 1)
        try rig.stop()
    }

    /// FuffrLib's FFRBLEManager.m: 0.5 s after an unexpected loss, a new connection, which enables again.
    func testAnUnexpectedLossReconnectsHalfASecondLaterAndEnablesAgain() throws {
        let rig = try readyRig(TouchEnableCommand(sides: .all, touchesPerSide: 1)!)
        let start = rig.elapsed + .milliseconds(20)
        try rig.on { await rig.host.play(FuffrTouchTrace([.init(side: .right, start: start, duration: .seconds(60), from: (0.5, 0.5))])) }
        rig.advance(by: .milliseconds(100))
        XCTAssertEqual(rig.collected.all.first?.phase, .began)
        let lostAt = rig.elapsed
        try rig.on { await rig.host.dropLink() }
        // The drain after the call carried the close to the actor.
        XCTAssertEqual(try rig.on { await rig.actor.link }, .waiting(until: lostAt + .milliseconds(500)))
        XCTAssertEqual(rig.collected.all.last?.phase, .cancelled, "the live touch is cancelled with the link")
        rig.advance(by: .milliseconds(490))
        XCTAssertEqual(try rig.on { await rig.host.linksServed }, 1, "not before 0.5 s")
        rig.advance(by: .milliseconds(20))
        XCTAssertEqual(try rig.on { await rig.actor.state }, .ready)
        XCTAssertEqual(try rig.on { await rig.host.operations }, Self.sequence("0F 01") + Self.sequence("0F 01"))
        XCTAssertEqual(try rig.on { await rig.host.linksServed }, 2)
        try rig.stop()
    }

    /// With power saving, a stopped navigation puts the case to sleep (`00 00`) and navigating wakes it.
    func testPowerSavingSleepsTheCaseWhileNavigationIsStopped() throws {
        let rig = try readyRig(TouchEnableCommand(sides: [.left, .right], touchesPerSide: 2)!, powerSaving: true,
                               navigation: .stopped)
        XCTAssertEqual(try rig.on { await rig.host.operations }, Self.sequence("00 00"))
        try rig.on { await rig.actor.navigationStateChanged(.navigating) }
        XCTAssertEqual(try rig.on { await rig.host.command.bytes }, [0x05, 0x02], "awake")
        try rig.on { await rig.actor.navigationStateChanged(.paused) }
        XCTAssertEqual(try rig.on { await rig.host.command.bytes }, [0x05, 0x02], "a paused walk keeps the case awake")
        try rig.on { await rig.actor.navigationStateChanged(.stopped) }
        XCTAssertEqual(try rig.on { await rig.host.operations },
                       Self.sequence("00 00") + Self.sequence("05 02") + Self.sequence("00 00"))
        XCTAssertEqual(try rig.on { await rig.host.violations }, [])
        try rig.stop()
    }

    /// FuffrLib's observers hear the same touches, filtered by their sides; removed ones hear nothing.
    func testObserversHearTheirSidesOnly() throws {
        let rig = makeRig(TouchEnableCommand(sides: .all, touchesPerSide: 1)!)
        let heard = Mutex<[String]>([])
        let wasRemoved = try rig.on {
            await rig.actor.addTouchBlock(.began, sides: .bottom) { t in heard.withLock { $0.append("bottom \(t.map(\.id))") } }
            let removed = await rig.actor.addTouchBlock(.began, sides: .all) { _ in heard.withLock { $0.append("removed") } }
            await rig.actor.addTouchObserver(sides: .right, began: { t in heard.withLock { $0.append("right \(t.map(\.id))") } })
            return await rig.actor.removeTouchObserver(removed)
        }
        XCTAssertTrue(wasRemoved)
        XCTAssertEqual(try rig.on { await rig.actor.state }, .ready)
        let start = rig.elapsed + .milliseconds(20)
        try rig.on {
            await rig.host.play(FuffrTouchTrace([
                .init(side: .bottom, start: start, duration: .milliseconds(100), from: (0.1, 0.9)),
                .init(side: .top, start: start + .milliseconds(40), duration: .milliseconds(100), from: (0.9, 0.1)),
            ]))
        }
        rig.advance(by: .milliseconds(300))
        XCTAssertEqual(rig.collected.all.filter { $0.phase == .ended }.count, 2)
        XCTAssertEqual(heard.withLock { $0 }, ["bottom [2]"])
        try rig.stop()
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
    func testAttemptsThatFailTheSameWayWarnOnceThenRemindAtWideningIntervals() throws {
        let loop = TestEventLoop()
        let logs = LogCapture()
        let connector = FailingConnector()
        let actor = TouchCaseActor(connector: connector, command: TouchEnableCommand(sides: .all, touchesPerSide: 1)!,
                                   clock: loop.clock, logger: logs.logger("touch-case"), executor: loop)
        loop.spawn { _ = try? await actor.run() }
        // Attempts follow the backoff: 0.5 s after the first, doubling up to 8 s. Each time the link
        // waits for its next attempt, session time moves on to it.
        var failedAt: [Duration] = []
        var next: Duration?
        for attempt in 1...27 {
            if let next { loop.advance(to: next) } else { loop.drain() }
            XCTAssertEqual(connector.attempts, attempt)
            guard case .waiting(let until) = try loop.run({ await actor.link }), until > loop.now else {
                return XCTFail("attempt \(attempt) failed and the next one is not scheduled")
            }
            failedAt.append(loop.now)
            next = until
        }
        try loop.run { await actor.stop() }

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
