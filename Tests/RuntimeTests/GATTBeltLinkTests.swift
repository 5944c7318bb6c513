import BLE
import Belt
import Clocks
import Logging
import Platform
@testable import Runtime
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

    func testHandshakeFollowsTheRecommendedSequenceAndStartsWithModeThenConnected() async throws {
        let belt = FakeBelt()
        var (link, reader) = makeLink(FakeConnector(belt: belt))
        await link.connect()
        let seen = await events(&reader, through: Self.isConnected)
        XCTAssertEqual(seen, [.belt(.modeChanged(.wait)), .belt(.connected)])
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

    func testABeltThatNeverAnswersTheModeRequestFailsTheAttemptWithinASecond() async throws {
        let belt = FakeBelt()
        await belt.configure(answersModeRequest: false)
        let testClock = TestClock()
        let clock = SessionClock(testClock)
        var (link, reader) = makeLink(FakeConnector(belt: belt), clock: clock)
        await link.connect()
        while await !belt.operations.contains("write fe05 01 01") { await Task.yield() }
        var failedAt: Duration?
        for _ in 0..<30 {
            try await Task.sleep(for: .milliseconds(5))
            await testClock.advance(by: .milliseconds(100))
            try await Task.sleep(for: .milliseconds(5))
            if await link.state == .notConnected {
                failedAt = clock.elapsed
                break
            }
        }
        let seen = await events(&reader, through: Self.isEnd)
        guard case .attemptFailed(.handshakeFailed, retryIn: nil)? = seen.last else { return XCTFail("\(seen)") }
        let at = try XCTUnwrap(failedAt)
        XCTAssertLessThanOrEqual(at, .milliseconds(1300))
        let ops = await belt.operations
        XCTAssertEqual(ops.last, "disconnect", "a failed handshake closes the link")
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
        XCTAssertEqual(seen, [.belt(.battery(percent: 80)), .belt(.modeChanged(.app))])
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
        XCTAssertEqual(again, [.belt(.modeChanged(.wait)), .belt(.connected)])
        XCTAssertEqual(belts.belts.count, 2)
        let ops = await belts.belts[1].operations
        XCTAssertEqual(ops, Self.handshake)
        await link.disconnect()
    }

    /// A write that gets no answer fails after the request bound, and the link is closed: after an ATT
    /// transaction timeout nothing more may be sent on that bearer.
    func testAWriteWithoutAnswerTimesOutAfterFiveSecondsAndClosesTheLink() async throws {
        let belt = FakeBelt()
        let testClock = TestClock()
        var (link, reader) = makeLink(FakeConnector(belt: belt), clock: SessionClock(testClock))
        await link.connect()
        _ = await events(&reader, through: Self.isConnected)
        await belt.hold(.fe03)
        let send = Task { try await link.send(.stop(channel: nil)) }
        while await belt.heldWrites == 0 { await Task.yield() }
        await testClock.advance(by: .milliseconds(4900))
        try await Task.sleep(for: .milliseconds(20))
        let stillUp = await link.state
        XCTAssertEqual(stillUp, .connected, "not before the bound")
        await testClock.advance(by: .milliseconds(200))
        do {
            try await send.value
            XCTFail("the write should have timed out")
        } catch {
            XCTAssertEqual(error as? BeltLinkError, .timedOut(.seconds(5)))
        }
        let seen = await events(&reader, through: Self.isEnd)
        XCTAssertEqual(seen.last, .closed(retryIn: nil))
        let ops = await belt.operations
        XCTAssertEqual(ops.last, "disconnect")
        await belt.release()
    }

    private func XCTAssertThrowsAsync(_ body: () async throws -> Void, line: UInt = #line) async {
        do {
            try await body()
            XCTFail("expected an error", line: line)
        } catch {}
    }
}
