import BLE
import Belt
import Clocks
import Logging
import Platform
@testable import Runtime
import Synchronization
import WayfinderTestKit
import XCTest

/// `GATTBeltLink` over an in-process GATT belt: the handshake, the queue, the belt's words for
/// transport failures, and the connection kept up.
final class GATTBeltLinkTests: XCTestCase {
    /// The handshake, as the session orders it; no FE0C, as the link does not ask for the belt's heading.
    static let handshake = [
        "discover FE51 FE52 FE53",
        "notify fe02 on",
        "notify fe06 on",
        "write fe05 01 01",
        "write fe05 01 02",
        "read fe01",
        "write fe05 01 03",
        "write fe05 10 01 03",
        "notify fe04 on",
        "notify fe09 on",
    ]

    /// A link that connects when asked, and the reader of its events.
    private func makeLink(_ connector: any GATTConnector, clock: SessionClock = SessionClock(TestClock()),
                          policy: GATTLinkPolicy = .whenAsked,
                          logs: LogCapture = LogCapture()) -> (GATTBeltLink, AsyncStream<BeltLinkEvent>.Iterator) {
        let link = GATTBeltLink(connector: connector, clock: clock, policy: policy, logger: logs.logger("belt-link"))
        return (link, link.events.makeAsyncIterator())
    }

    /// Events up to and including the first that `last` accepts.
    private func events(_ iterator: inout AsyncStream<BeltLinkEvent>.Iterator,
                        through last: (BeltLinkEvent) -> Bool) async -> [BeltLinkEvent] {
        var seen: [BeltLinkEvent] = []
        while let event = await iterator.next() {
            seen.append(event)
            if last(event) { break }
        }
        return seen
    }

    private static func isConnected(_ event: BeltLinkEvent) -> Bool { event == .belt(.connected) }

    private static func isEnd(_ event: BeltLinkEvent) -> Bool {
        switch event {
        case .attemptFailed, .closed: true
        case .belt: false
        }
    }

    /// What a handshake with `FakeBelt` reports: the mode, the firmware and the compass accuracy
    /// signal it read, then connected.
    static let handshakeEvents: [BeltLinkEvent] = [.belt(.modeChanged(.wait)), .belt(.firmware(BeltFirmwareInfo(version: 52, variant: 1))),
                                                   .belt(.compassAccuracySignal(.everywhere)), .belt(.connected)]

    func testHandshakeFollowsTheRecommendedSequenceAndStartsWithModeThenConnected() async throws {
        let belt = FakeBelt()
        var (link, reader) = makeLink(FakeConnector(belt: belt))
        await link.connect()
        let seen = await events(&reader, through: Self.isConnected)
        XCTAssertEqual(seen, Self.handshakeEvents)
        let state = await link.state
        XCTAssertEqual(state, .connected)
        let ops = await belt.operations
        XCTAssertEqual(ops, Self.handshake)
        await link.disconnect()
    }

    func testKeepAliveDuringTheHandshakeIsAnsweredBeforeTheNextQueuedOperation() async throws {
        let belt = FakeBelt()
        await belt.configure(keepAliveOnModeRequest: true)
        var (link, reader) = makeLink(FakeConnector(belt: belt))
        await link.connect()
        _ = await events(&reader, through: Self.isConnected)
        let ops = await belt.operations
        let modeRequest = try XCTUnwrap(ops.firstIndex(of: "write fe05 01 01"))
        XCTAssertEqual(Array(ops[modeRequest...].prefix(3)), ["write fe05 01 01", "write fe02 00", "write fe05 01 02"])
        XCTAssertEqual(ops.filter { $0 != "write fe02 00" }, Self.handshake)
        await link.disconnect()
    }

    func testKeepAliveAnswerJumpsAheadOfQueuedCommands() async throws {
        let belt = FakeBelt()
        var (link, reader) = makeLink(FakeConnector(belt: belt))
        await link.connect()
        _ = await events(&reader, through: Self.isConnected)
        await belt.hold(.fe03)
        let stop = Task { try await link.send(.stop(channel: nil)) }
        while await belt.heldWrites == 0 { await Task.yield() }
        let signal = Task { try await link.send(.systemSignal(.batteryLevel)) }
        while await link.queuedOperations == 0 { await Task.yield() }
        await belt.notify(.fe02, [0x00, BeltMode.wait.rawValue])
        while await link.queuedOperations < 2 { await Task.yield() }
        await belt.release()
        try await stop.value
        try await signal.value
        let ops = await belt.operations.dropFirst(Self.handshake.count)
        XCTAssertEqual(Array(ops), ["write fe03 30 FF", "write fe02 00",
                                    "write fe03 \(BeltHex.format(BeltCommand.systemSignal(.batteryLevel).encoded().bytes))"])
        await link.disconnect()
    }

    /// A link and a fake belt on one test loop, with the loop's clock, and the link's events as they come.
    private final class LoopRig {
        final class Seen: Sendable { let all = Mutex<[BeltLinkEvent]>([]) }
        let loop = TestEventLoop()
        let belt: FakeBelt
        let link: GATTBeltLink
        let seen = Seen()
        let reader: Task<Void, Never>

        init() {
            belt = FakeBelt(executor: loop)
            link = GATTBeltLink(connector: FakeConnector(belt: belt), clock: loop.clock, policy: .whenAsked,
                                logger: LogCapture().logger("belt-link"), executor: loop)
            let (link, seen) = (link, seen)
            reader = loop.spawn { for await event in link.events { seen.all.withLock { $0.append(event) } } }
        }

        var events: [BeltLinkEvent] { seen.all.withLock { $0 } }
        var state: BeltSession.State { get throws { let link = link; return try loop.run { await link.state } } }
        var operations: [String] { get throws { let belt = belt; return try loop.run { await belt.operations } } }

        func finish() {
            reader.cancel()
            loop.drain()
        }
    }

    func testABeltThatNeverAnswersTheModeRequestFailsTheAttemptWithinASecond() throws {
        let rig = LoopRig()
        defer { rig.finish() }
        let (belt, link) = (rig.belt, rig.link)
        try rig.loop.run { await belt.configure(answersModeRequest: false) }
        try rig.loop.run { await link.connect() }
        let asked = try rig.operations
        XCTAssertTrue(asked.contains("write fe05 01 01"), "\(asked)")
        var failedAt: Duration?
        for _ in 0..<30 {
            rig.loop.advance(by: .milliseconds(100))
            if try rig.state == .notConnected {
                failedAt = rig.loop.now
                break
            }
        }
        guard case .attemptFailed(.handshakeFailed, retryIn: nil)? = rig.events.last else { return XCTFail("\(rig.events)") }
        let at = try XCTUnwrap(failedAt)
        XCTAssertLessThanOrEqual(at, .milliseconds(1300))
        XCTAssertEqual(try rig.operations.last, "disconnect", "a failed handshake closes the link")
    }

    func testChangeModeReachesTheClientAsAWriteWithResponse() async throws {
        let belt = FakeBelt()
        var (link, reader) = makeLink(FakeConnector(belt: belt))
        await link.connect()
        _ = await events(&reader, through: Self.isConnected)
        try await link.send(.changeMode(.app))
        let ops = await belt.operations
        XCTAssertEqual(ops.last, "write fe05 01 81 03 00")
        // The belt's FE06 acknowledgement reaches the events as a mode change.
        let next = await reader.next()
        XCTAssertEqual(next, .belt(.modeChanged(.app)))
        await link.disconnect()
    }

    /// A request cancelled with its task (a shutdown) is the link going with it, which the belt actor
    /// logs at info, not a failed connection it warns of; while connecting it is a failed attempt.
    func testACancelledRequestIsALostLinkNotABeltFailure() {
        XCTAssertEqual(GATTBeltLink.linkError(CancellationError(), connecting: false), .connectionLost)
        XCTAssertEqual(GATTBeltLink.linkError(CancellationError(), connecting: true), .connectionFailed("cancelled"))
        XCTAssertEqual(GATTBeltLink.linkError(GATTError.disconnected, connecting: false), .connectionLost)
    }

    func testSendWhenNotConnectedThrows() async {
        let (link, _) = makeLink(FakeConnector(belt: FakeBelt()))
        do {
            try await link.send(.changeMode(.app))
            XCTFail("send should throw")
        } catch {
            XCTAssertEqual(error as? BeltLinkError, .notConnected)
        }
    }

    /// A command never goes out between the handshake's steps: with the link up and the belt not yet
    /// answering its mode request, a send is refused and nothing is written for it.
    func testSendDuringTheHandshakeIsRefusedAndWritesNothing() async throws {
        let belt = FakeBelt()
        await belt.configure(answersModeRequest: false)
        let (link, _) = makeLink(FakeConnector(belt: belt))
        await link.connect()
        while await !belt.operations.contains("write fe05 01 01") { await Task.yield() }
        do {
            try await link.send(.changeMode(.app))
            XCTFail("send should throw during the handshake")
        } catch {
            XCTAssertEqual(error as? BeltLinkError, .notConnected)
        }
        let ops = await belt.operations
        XCTAssertFalse(ops.contains("write fe05 01 81 03 00"), "\(ops)")
        await link.disconnect()
    }

    func testAnUnexpectedDisconnectIsReportedAndSendsFailAfterIt() async throws {
        let belt = FakeBelt()
        var (link, reader) = makeLink(FakeConnector(belt: belt))
        await link.connect()
        _ = await events(&reader, through: Self.isConnected)
        await belt.drop()
        let seen = await events(&reader, through: Self.isEnd)
        XCTAssertEqual(seen, [.belt(.disconnected(expected: false)), .closed(retryIn: nil)])
        let state = await link.state
        XCTAssertEqual(state, .notConnected)
        do {
            try await link.send(.changeMode(.app))
            XCTFail("send should throw after the link is gone")
        } catch {
            XCTAssertEqual(error as? BeltLinkError, .notConnected)
        }
    }

    func testDisconnectEndsTheConnectionAsExpected() async throws {
        let belt = FakeBelt()
        var (link, reader) = makeLink(FakeConnector(belt: belt))
        await link.connect()
        _ = await events(&reader, through: Self.isConnected)
        await link.disconnect()
        let seen = await events(&reader, through: Self.isEnd)
        XCTAssertEqual(seen, [.belt(.disconnected(expected: true)), .closed(retryIn: nil)])
        let ops = await belt.operations
        XCTAssertEqual(ops.last, "disconnect")
    }

    func testAMalformedNotificationIsDroppedAndTheLinkStaysUp() async throws {
        let belt = FakeBelt()
        let logs = LogCapture()
        var (link, reader) = makeLink(FakeConnector(belt: belt), logs: logs)
        await link.connect()
        _ = await events(&reader, through: Self.isConnected)
        await belt.notify(.fe06, [0x01])                       // truncated parameter value
        await belt.notify(.fe04, [0x09, 0x01, 0x00, 0x01, 0x03]) // unknown button
        await belt.notify(.fe09, FakeBelt.battery)                // a good one after them still counts
        try await link.send(.changeMode(.app))
        let seen = await events(&reader) { $0 == .belt(.modeChanged(.app)) }
        XCTAssertEqual(seen, [.belt(.battery(BeltBatteryStatus(powerStatus: .onBattery, percent: 80))), .belt(.modeChanged(.app))])
        let state = await link.state
        XCTAssertEqual(state, .connected)
        XCTAssertEqual(logs.matching("malformed").count, 2, "\(logs.all)")
        await link.disconnect()
    }

    func testALinkDroppedDuringTheHandshakeFailsTheAttempt() async throws {
        let belt = FakeBelt()
        await belt.configure(answersModeRequest: false)
        var (link, reader) = makeLink(FakeConnector(belt: belt))
        await link.connect()
        while await !belt.operations.contains("write fe05 01 01") { await Task.yield() }
        await belt.drop()
        let seen = await events(&reader, through: Self.isEnd)
        guard case .attemptFailed(.connectionFailed, retryIn: nil)? = seen.last else { return XCTFail("\(seen)") }
        let state = await link.state
        XCTAssertEqual(state, .notConnected)
    }

    func testCommandsQueuedWhenTheLinkDropsFailInsteadOfHanging() async throws {
        let belt = FakeBelt()
        var (link, reader) = makeLink(FakeConnector(belt: belt))
        await link.connect()
        _ = await events(&reader, through: Self.isConnected)
        await belt.hold(.fe03)
        let first = Task { try await link.send(.stop(channel: nil)) }
        while await belt.heldWrites == 0 { await Task.yield() }
        let second = Task { try await link.send(.stop(channel: 1)) }
        while await link.queuedOperations == 0 { await Task.yield() }
        await belt.drop()
        await XCTAssertThrowsAsync { try await first.value }
        await XCTAssertThrowsAsync { try await second.value }
        await belt.release()
    }

    /// A kept link connects again after a loss, 0.5 s later (the first backoff step), and the new
    /// connection runs the whole handshake again.
    func testAKeptLinkReconnectsAfterALossAndShakesHandsAgain() async throws {
        let belts = FreshBelts()
        var (link, reader) = makeLink(belts, clock: .continuous(), policy: .keepConnected(GATTBeltLink.backoff))
        await link.start()
        _ = await events(&reader, through: Self.isConnected)
        await belts.belts[0].drop()
        let lost = await events(&reader, through: Self.isEnd)
        XCTAssertEqual(lost, [.belt(.disconnected(expected: false)), .closed(retryIn: .milliseconds(500))])
        let again = await events(&reader, through: Self.isConnected)
        XCTAssertEqual(again, Self.handshakeEvents)
        XCTAssertEqual(belts.belts.count, 2)
        let ops = await belts.belts[1].operations
        XCTAssertEqual(ops, Self.handshake)
        await link.disconnect()
    }

    /// A write that gets no answer fails after the request bound, and the link is closed: after an ATT
    /// transaction timeout nothing more may be sent on that bearer.
    func testAWriteWithoutAnswerTimesOutAfterFiveSecondsAndClosesTheLink() throws {
        let rig = LoopRig()
        defer { rig.finish() }
        let (belt, link) = (rig.belt, rig.link)
        try rig.loop.run { await link.connect() }
        XCTAssertEqual(rig.events.last, .belt(.connected))
        try rig.loop.run { await belt.hold(.fe03) }
        let outcome = Mutex<Result<Void, any Error>?>(nil)
        rig.loop.spawn {
            do {
                try await link.send(.stop(channel: nil))
                outcome.withLock { $0 = .success(()) }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
        }
        XCTAssertEqual(try rig.loop.run { await belt.heldWrites }, 1)
        rig.loop.advance(by: .milliseconds(4999))
        XCTAssertEqual(try rig.state, .connected, "not before the bound")
        XCTAssertNil(outcome.withLock { $0 })
        rig.loop.advance(by: .milliseconds(1))
        guard case .failure(let error)? = outcome.withLock({ $0 }) else { return XCTFail("the write should have timed out") }
        XCTAssertEqual(error as? BeltLinkError, .timedOut(.seconds(5)))
        XCTAssertEqual(rig.events.last, .closed(retryIn: nil))
        XCTAssertEqual(try rig.operations.last, "disconnect")
        try rig.loop.run { await belt.release() }
    }

    /// With every request answered nothing is due, and no timer is left to wake the loop only to find
    /// that out: the belt's keep-alive every 2 s would otherwise cost a wake-up every few seconds.
    func testAnAnsweredWriteLeavesNoTimerRunning() throws {
        let rig = LoopRig()
        defer { rig.finish() }
        let link = rig.link
        try rig.loop.run { await link.connect() }
        XCTAssertEqual(rig.events.last, .belt(.connected))
        try rig.loop.run { try await link.send(.stop(channel: nil)) }
        rig.loop.drain()
        XCTAssertEqual(rig.loop.pendingTimers, 0, "the answered write's 5 s bound is gone with its timer")
        rig.loop.advance(by: .seconds(10))
        XCTAssertEqual(try rig.state, .connected)
    }

    private func XCTAssertThrowsAsync(_ body: () async throws -> Void, line: UInt = #line) async {
        do {
            try await body()
            XCTFail("expected an error", line: line)
        } catch {}
    }
}
