import Clocks
import Logging
import Platform
import Synchronization
import XCTest
@testable import BLE
@testable import BLESockets

/// The link manager every device actor runs on: bounded backoff between attempts, a bound on each
/// attempt, reconnection after a loss, and a clean stop — all on a test clock.
final class ConnectionManagerTests: XCTestCase {
    /// A link whose end the test decides.
    final class FakeClient: GATTClient, Sendable {
        let events: AsyncStream<GATTClientEvent>
        let sink: AsyncStream<GATTClientEvent>.Continuation
        let closed = Mutex(false)
        init() { (events, sink) = AsyncStream.makeStream() }
        func discover(services: [BLEUUID]) async throws -> [BLEUUID: [BLEUUID]] { [:] }
        func read(characteristic: BLEUUID) async throws -> [UInt8] { [] }
        func write(characteristic: BLEUUID, value: [UInt8], withResponse: Bool) async throws {}
        func setNotifications(characteristic: BLEUUID, enabled: Bool) async throws {}
        func disconnect() async {
            closed.withLock { $0 = true }
            sink.yield(.disconnected(reason: nil))
            sink.finish()
        }
        func lose() {
            sink.yield(.disconnected(reason: "link lost"))
            sink.finish()
        }
    }

    /// Fails the first `failures` attempts, hangs when told to, else connects.
    final class FakeConnector: GATTConnector, Sendable {
        let state = Mutex<(attempts: Int, failures: Int, hang: Bool, clients: [FakeClient])>((0, 0, false, []))
        init(failures: Int = 0, hang: Bool = false) { state.withLock { $0.failures = failures; $0.hang = hang } }
        var attempts: Int { state.withLock { $0.attempts } }
        var clients: [FakeClient] { state.withLock { $0.clients } }
        func connect() async throws -> any GATTClient {
            let (fail, hang) = state.withLock { s -> (Bool, Bool) in
                s.attempts += 1
                return (s.attempts <= s.failures, s.hang)
            }
            if hang {
                let (never, _) = AsyncStream<Void>.makeStream()
                for await _ in never {}
                throw CancellationError()
            }
            if fail { throw GATTError.notFound("nobody there") }
            let client = FakeClient()
            state.withLock { $0.clients.append(client) }
            return client
        }
    }

    func settle() async {
        for _ in 0..<20 { await Task.megaYield() }
    }

    func testFailedAttemptsBackOffWithinTheBoundAndThenConnect() async throws {
        let clock = TestClock()
        let connector = FakeConnector(failures: 5)
        let manager = ConnectionManager(name: "case", connector: connector, clock: SessionClock(clock), logger: Logger(label: "test"))
        let running = Task { await manager.run { client in for await _ in client.events {} } }
        var waits: [Duration] = []
        var now = Duration.zero
        for _ in 0..<5 {
            await settle()
            let state = await manager.state
            guard case .waiting(let until) = state else { return XCTFail("not waiting: \(state)") }
            waits.append(until - now)
            await clock.advance(by: until - now)
            now = until
        }
        await settle()
        let state = await manager.state
        XCTAssertEqual(state, .connected)
        XCTAssertEqual(waits, [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8)],
                       "doubling from 0.5 s, bounded at 8 s")
        XCTAssertEqual(connector.attempts, 6)
        await manager.stop()
        await running.value
    }

    func testALostLinkIsReconnectedAfterTheFirstBackoffStep() async throws {
        let clock = TestClock()
        let connector = FakeConnector()
        let manager = ConnectionManager(name: "case", connector: connector, clock: SessionClock(clock), logger: Logger(label: "test"))
        let running = Task { await manager.run { client in for await _ in client.events {} } }
        await settle()
        XCTAssertEqual(connector.clients.count, 1)
        await clock.advance(by: .seconds(60))  // a healthy run: the backoff starts afresh
        connector.clients[0].lose()
        await settle()
        let waiting = await manager.state
        XCTAssertEqual(waiting, .waiting(until: .seconds(60) + .milliseconds(500)))
        await clock.advance(by: .milliseconds(500))
        await settle()
        XCTAssertEqual(connector.clients.count, 2, "reconnected")
        let state = await manager.state
        XCTAssertEqual(state, .connected)
        await manager.stop()
        await running.value
    }

    func testAHangingAttemptIsAbandonedAfterItsBound() async throws {
        let clock = TestClock()
        let connector = FakeConnector(hang: true)
        let manager = ConnectionManager(name: "pencil", connector: connector, clock: SessionClock(clock),
                                        attemptTimeout: .seconds(20), logger: Logger(label: "test"))
        let running = Task { await manager.run { client in for await _ in client.events {} } }
        await settle()
        let connecting = await manager.state
        XCTAssertEqual(connecting, .connecting(attempt: 1))
        await clock.advance(by: .seconds(19))
        await settle()
        let still = await manager.state
        XCTAssertEqual(still, .connecting(attempt: 1), "within the bound")
        await clock.advance(by: .seconds(1))
        await settle()
        let after = await manager.state
        XCTAssertEqual(after, .waiting(until: .seconds(20) + .milliseconds(500)))
        running.cancel()
        await running.value
        let end = await manager.state
        XCTAssertEqual(end, .stopped)
    }

    func testStopClosesTheLinkAndEndsTheRun() async throws {
        let clock = TestClock()
        let connector = FakeConnector()
        let manager = ConnectionManager(name: "case", connector: connector, clock: SessionClock(clock), logger: Logger(label: "test"))
        let running = Task { await manager.run { client in for await _ in client.events {} } }
        await settle()
        await manager.stop()
        await running.value
        XCTAssertTrue(connector.clients[0].closed.withLock { $0 })
        XCTAssertEqual(connector.attempts, 1, "no attempt after stop")
        var states: [ConnectionManager.State] = []
        for await state in manager.states { states.append(state) }
        XCTAssertEqual(states, [.connecting(attempt: 1), .connected, .stopped])
    }
}
