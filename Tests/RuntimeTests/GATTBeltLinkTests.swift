import BLE
import Belt
import Clocks
import Logging
import Platform
@testable import Runtime
import WayfinderTestKit
import XCTest

/// A belt as a GATT server, scripted: answers the handshake like firmware 52 does, records
/// every operation in order, and can stay silent, hold writes or drop the link.
private actor FakeBelt: GATTClient {
    nonisolated let events: AsyncStream<GATTClientEvent>
    private nonisolated let sink: AsyncStream<GATTClientEvent>.Continuation
    private(set) var operations: [String] = []
    private var mode: UInt8 = BeltMode.wait.rawValue
    /// When false the belt ignores `01 01` (the mode request): the handshake must time out.
    private var answersModeRequest = true
    /// When true a keep-alive is notified while the mode request is being written.
    private var keepAliveOnModeRequest = false
    private var heldCharacteristic: BLEUUID?
    private var held: [CheckedContinuation<Void, Never>] = []

    /// 80 % on battery, as the belt's FE09 notification lays it out.
    static let battery = BeltNotification.batteryStatus(BeltBatteryStatus(powerStatus: .onBattery, percent: 80)).encoded().bytes

    init() {
        (events, sink) = AsyncStream<GATTClientEvent>.makeStream()
    }

    func configure(answersModeRequest: Bool = true, keepAliveOnModeRequest: Bool = false) {
        self.answersModeRequest = answersModeRequest
        self.keepAliveOnModeRequest = keepAliveOnModeRequest
    }

    /// Writes to `characteristic` wait until `release()`.
    func hold(_ characteristic: BeltCharacteristic?) { heldCharacteristic = characteristic?.uuid }

    func release() {
        heldCharacteristic = nil
        for h in held { h.resume() }
        held.removeAll()
    }

    var heldWrites: Int { held.count }

    func notify(_ characteristic: BeltCharacteristic, _ bytes: [UInt8]) {
        sink.yield(.notification(characteristic: characteristic.uuid, value: bytes))
    }

    func drop() {
        operations.append("link lost")
        sink.yield(.disconnected(reason: "supervision timeout"))
        sink.finish()
    }

    private func name(_ uuid: BLEUUID) -> String { BeltCharacteristic(uuid: uuid)?.rawValue ?? uuid.description }

    func discover(services: [BLEUUID]) async throws -> [BLEUUID: [BLEUUID]] {
        operations.append("discover \(services.map(\.description).joined(separator: " "))")
        let control: [BeltCharacteristic] = [.fe01, .fe02, .fe03, .fe04, .fe05, .fe06, .fe09]
        return [BeltService.control.uuid: control.map(\.uuid), BeltService.sensor.uuid: [BeltCharacteristic.fe0c.uuid]]
    }

    func read(characteristic: BLEUUID) async throws -> [UInt8] {
        operations.append("read \(name(characteristic))")
        switch BeltCharacteristic(uuid: characteristic) {
        case .fe01: return [52, 0, 1]
        case .fe09: return FakeBelt.battery
        default: throw GATTError.attributeError(code: 0x02, characteristic: characteristic)
        }
    }

    func write(characteristic: BLEUUID, value: [UInt8], withResponse: Bool) async throws {
        operations.append("write \(name(characteristic)) \(BeltHex.format(value))\(withResponse ? "" : " (no response)")")
        if characteristic == heldCharacteristic {
            await withCheckedContinuation { held.append($0) }
        }
        guard BeltCharacteristic(uuid: characteristic) == .fe05 else { return }
        switch value {
        case [0x01, 0x01]:
            if keepAliveOnModeRequest { notify(.fe02, [0x00, mode]) }
            if answersModeRequest { notify(.fe06, [0x01, 0x01, mode]) }
        case [0x01, 0x02]: notify(.fe06, [0x01, 0x02, 50])
        case [0x01, 0x03]: notify(.fe06, [0x01, 0x03, 45, 0])
        case [0x10, 0x01, 0x03]: notify(.fe06, [0x10, 0x03, 0x03])
        case _ where value.count == 4 && value[0] == 0x01 && value[1] == 0x81:
            mode = value[2]
            notify(.fe06, [0x01, 0x01, mode])
        default: break
        }
    }

    func setNotifications(characteristic: BLEUUID, enabled: Bool) async throws {
        operations.append("notify \(name(characteristic)) \(enabled ? "on" : "off")")
    }

    func disconnect() async {
        operations.append("disconnect")
        sink.yield(.disconnected(reason: nil))
        sink.finish()
    }
}

private struct FakeConnector: GATTConnector {
    let belt: FakeBelt
    func connect() async throws -> any GATTClient { belt }
}

final class GATTBeltLinkTests: XCTestCase {
    /// The handshake, as the session orders it; FE0C because the fake has the sensor service.
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
        "notify fe0c on",
    ]

    private func makeLink(_ belt: FakeBelt, clock: SessionClock = SessionClock(TestClock()),
                          logs: LogCapture = LogCapture()) -> GATTBeltLink {
        GATTBeltLink(connector: FakeConnector(belt: belt), clock: clock, logger: logs.logger("belt-link"))
    }

    private func first(_ n: Int, of stream: AsyncStream<BeltEvent>) async -> [BeltEvent] {
        var out: [BeltEvent] = []
        for await event in stream {
            out.append(event)
            if out.count == n { break }
        }
        return out
    }

    func testHandshakeFollowsTheRecommendedSequenceAndStartsTheStreamWithModeThenConnected() async throws {
        let belt = FakeBelt()
        let link = makeLink(belt)
        let events = try await link.connect()
        let state = await link.state
        XCTAssertEqual(state, .connected)
        let ops = await belt.operations
        XCTAssertEqual(ops, Self.handshake)
        let firstEvents = await first(2, of: events)
        XCTAssertEqual(firstEvents, [.modeChanged(.wait), .connected])
        await link.disconnect()
    }

    func testKeepAliveDuringTheHandshakeIsAnsweredBeforeTheNextQueuedOperation() async throws {
        let belt = FakeBelt()
        await belt.configure(keepAliveOnModeRequest: true)
        let link = makeLink(belt)
        _ = try await link.connect()
        let ops = await belt.operations
        let modeRequest = try XCTUnwrap(ops.firstIndex(of: "write fe05 01 01"))
        XCTAssertEqual(Array(ops[modeRequest...].prefix(3)), ["write fe05 01 01", "write fe02 00", "write fe05 01 02"])
        XCTAssertEqual(ops.filter { $0 != "write fe02 00" }, Self.handshake)
        await link.disconnect()
    }

    func testKeepAliveAnswerJumpsAheadOfQueuedCommands() async throws {
        let belt = FakeBelt()
        let link = makeLink(belt)
        _ = try await link.connect()
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

    func testABeltThatNeverAnswersTheModeRequestFailsTheHandshakeWithinASecond() async throws {
        let belt = FakeBelt()
        await belt.configure(answersModeRequest: false)
        let testClock = TestClock()
        let clock = SessionClock(testClock)
        let link = makeLink(belt, clock: clock)
        let attempt = Task { try await link.connect() }
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
        do {
            _ = try await attempt.value
            XCTFail("connect() should have thrown")
        } catch let error as BeltLinkError {
            guard case .handshakeFailed = error else { return XCTFail("unexpected \(error)") }
        }
        let at = try XCTUnwrap(failedAt)
        XCTAssertLessThanOrEqual(at, .milliseconds(1300))
        let ops = await belt.operations
        XCTAssertEqual(ops.last, "disconnect", "a failed handshake closes the link")
    }

    func testChangeModeReachesTheClientAsAWriteWithResponse() async throws {
        let belt = FakeBelt()
        let link = makeLink(belt)
        let events = try await link.connect()
        try await link.send(.changeMode(.app))
        let ops = await belt.operations
        XCTAssertEqual(ops.last, "write fe05 01 81 03 00")
        // The belt's FE06 acknowledgement reaches the stream as a mode change.
        let seen = await first(3, of: events)
        XCTAssertEqual(seen, [.modeChanged(.wait), .connected, .modeChanged(.app)])
        await link.disconnect()
    }

    func testSendWhenNotConnectedThrows() async {
        let link = makeLink(FakeBelt())
        do {
            try await link.send(.changeMode(.app))
            XCTFail("send should throw")
        } catch {
            XCTAssertEqual(error as? BeltLinkError, .notConnected)
        }
    }

    func testAnUnexpectedDisconnectEndsTheStream() async throws {
        let belt = FakeBelt()
        let link = makeLink(belt)
        let events = try await link.connect()
        await belt.drop()
        var seen: [BeltEvent] = []
        for await event in events { seen.append(event) }
        XCTAssertEqual(seen, [.modeChanged(.wait), .connected, .disconnected(expected: false)])
        let state = await link.state
        XCTAssertEqual(state, .notConnected)
        do {
            try await link.send(.changeMode(.app))
            XCTFail("send should throw after the link is gone")
        } catch {
            XCTAssertEqual(error as? BeltLinkError, .notConnected)
        }
    }

    func testDisconnectEndsTheStreamAsExpected() async throws {
        let belt = FakeBelt()
        let link = makeLink(belt)
        let events = try await link.connect()
        await link.disconnect()
        var seen: [BeltEvent] = []
        for await event in events { seen.append(event) }
        XCTAssertEqual(seen, [.modeChanged(.wait), .connected, .disconnected(expected: true)])
        let ops = await belt.operations
        XCTAssertEqual(ops.last, "disconnect")
        // And it connects again afterwards.
        let again = try await makeLink(FakeBelt()).connect()
        _ = again
    }

    func testAMalformedNotificationIsDroppedAndTheLinkStaysUp() async throws {
        let belt = FakeBelt()
        let logs = LogCapture()
        let link = makeLink(belt, logs: logs)
        let events = try await link.connect()
        await belt.notify(.fe06, [0x01])                       // truncated parameter value
        await belt.notify(.fe04, [0x09, 0x01, 0x00, 0x01, 0x03]) // unknown button
        await belt.notify(.fe09, FakeBelt.battery)                // a good one after them still counts
        try await link.send(.changeMode(.app))
        let seen = await first(4, of: events)
        XCTAssertEqual(seen, [.modeChanged(.wait), .connected, .battery(percent: 80), .modeChanged(.app)])
        let state = await link.state
        XCTAssertEqual(state, .connected)
        XCTAssertEqual(logs.matching("malformed").count, 2, "\(logs.all)")
        await link.disconnect()
    }
}

extension GATTBeltLinkTests {
    func testALinkDroppedDuringTheHandshakeFailsConnect() async throws {
        let belt = FakeBelt()
        await belt.configure(answersModeRequest: false)
        let link = makeLink(belt)
        let attempt = Task { try await link.connect() }
        while await !belt.operations.contains("write fe05 01 01") { await Task.yield() }
        await belt.drop()
        do {
            _ = try await attempt.value
            XCTFail("connect() should have thrown")
        } catch let error as BeltLinkError {
            guard case .connectionFailed = error else { return XCTFail("unexpected \(error)") }
        }
        let state = await link.state
        XCTAssertEqual(state, .notConnected)
    }

    func testCommandsQueuedWhenTheLinkDropsFailInsteadOfHanging() async throws {
        let belt = FakeBelt()
        let link = makeLink(belt)
        _ = try await link.connect()
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

    private func XCTAssertThrowsAsync(_ body: () async throws -> Void, line: UInt = #line) async {
        do {
            try await body()
            XCTFail("expected an error", line: line)
        } catch {}
    }
}
