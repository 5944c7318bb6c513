import Platform
@testable import Runtime
import ServiceLifecycle
import Synchronization
import WayfinderTestKit
import XCTest

/// The services' wait that a graceful shutdown ends: the operation's own result when it finishes,
/// its cancellation when the group shuts down, and all of it on the caller's executor (a test loop
/// drains it; ServiceLifecycle's own `cancelWhenGracefulShutdown` went through the global pool).
final class CancellingAtGracefulShutdownTests: XCTestCase {
    /// A service whose whole run is one long sleep on the loop's clock inside the wait.
    private final class Outcome: Sendable {
        let value = Mutex<String?>(nil)
        var now: String? { value.withLock { $0 } }
    }

    private struct Sleeper: Service {
        let clock: SessionClock
        let outcome: Outcome
        func run() async throws {
            do {
                try await cancellingAtGracefulShutdown { try await clock.sleep(for: .seconds(60)) }
                outcome.value.withLock { $0 = "slept" }
            } catch is CancellationError {
                outcome.value.withLock { $0 = "cancelled" }
            }
        }
    }

    func testTheOperationsValueAndErrorComeThroughOutsideAServiceGroup() throws {
        let loop = TestEventLoop()
        XCTAssertEqual(try loop.run { try await cancellingAtGracefulShutdown { 42 } }, 42)
        struct Refused: Error {}
        XCTAssertThrowsError(try loop.run { try await cancellingAtGracefulShutdown { () throws -> Int in throw Refused() } }) {
            XCTAssertTrue($0 is Refused, "\($0)")
        }
    }

    func testAnOperationThatEndsFirstIsNotCancelled() throws {
        let loop = TestEventLoop()
        let outcome = Outcome()
        let group = ServiceGroup(services: [Sleeper(clock: loop.clock, outcome: outcome)], logger: .init(label: "test"))
        loop.spawn { try? await group.run() }
        loop.advance(by: .seconds(59))
        XCTAssertNil(outcome.now)
        loop.advance(by: .seconds(1))
        XCTAssertEqual(outcome.now, "slept")
    }

    func testAGracefulShutdownCancelsTheOperationWithinOneDrainWithoutTimePassing() throws {
        let loop = TestEventLoop()
        let outcome = Outcome()
        let group = ServiceGroup(services: [Sleeper(clock: loop.clock, outcome: outcome)], logger: .init(label: "test"))
        let ended = Mutex(false)
        loop.spawn {
            try? await group.run()
            ended.withLock { $0 = true }
        }
        loop.drain()
        XCTAssertEqual(loop.pendingTimers, 1, "the operation sleeps")
        try loop.run { await group.triggerGracefulShutdown() }
        loop.drain()
        XCTAssertEqual(outcome.now, "cancelled")
        XCTAssertTrue(ended.withLock { $0 }, "the group ended within the drain")
        XCTAssertEqual(loop.now, .zero)
        XCTAssertEqual(loop.pendingTimers, 0, "the sleep's timer went with it")
    }
}
