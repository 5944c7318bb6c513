@testable import Platform
import XCTest

/// `EventLoop`: actors and tasks given to it run on its one thread, in order, and its timers wake a
/// sleeper no earlier than asked, at once when cancelled, and with an error when the loop stops.
final class EventLoopTests: XCTestCase {
    actor Counter {
        let loop: EventLoop
        nonisolated var unownedExecutor: UnownedSerialExecutor { loop.unownedExecutor }
        private(set) var seen: [Int] = []
        private(set) var onLoop = true
        init(loop: EventLoop) { self.loop = loop }
        func add(_ n: Int) {
            onLoop = onLoop && loop.isLoopThread
            seen.append(n)
        }
    }

    func testAnActorOnTheLoopRunsEveryCallOnTheLoopThreadInOrder() async throws {
        let loop = try EventLoop()
        defer { loop.stop() }
        let counter = Counter(loop: loop)
        for n in 0..<1000 { await counter.add(n) }
        let (seen, onLoop) = await (counter.seen, counter.onLoop)
        XCTAssertEqual(seen, Array(0..<1000))
        XCTAssertTrue(onLoop)
        XCTAssertFalse(loop.isLoopThread, "the test itself runs elsewhere")
    }

    func testATaskPreferringTheLoopRunsOnItAndCallsIntoTheActorWithoutLeavingIt() async throws {
        let loop = try EventLoop()
        defer { loop.stop() }
        let counter = Counter(loop: loop)
        let task = Task(executorPreference: loop) { () -> Bool in
            let before = loop.isLoopThread
            await counter.add(1)
            return before && loop.isLoopThread
        }
        let stayed = await task.value
        XCTAssertTrue(stayed)
    }

    func testASleeperWakesNoEarlierThanItsDeadlineAndTimersFireInDeadlineOrder() async throws {
        let loop = try EventLoop()
        defer { loop.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        let order = try await withThrowingTaskGroup(of: Int.self) { group in
            for (n, ms) in [(3, 60), (1, 20), (2, 40)] {
                group.addTask(executorPreference: loop) {
                    try await loop.sleep(until: start + .milliseconds(ms))
                    XCTAssertGreaterThanOrEqual(clock.now, start + .milliseconds(ms), "timer \(n) fired early")
                    return n
                }
            }
            var order: [Int] = []
            for try await n in group { order.append(n) }
            return order
        }
        XCTAssertEqual(order, [1, 2, 3])
    }

    func testACancelledSleeperIsWokenAtOnceWithCancellationError() async throws {
        let loop = try EventLoop()
        defer { loop.stop() }
        let sleeper = Task(executorPreference: loop) { () -> (any Error)? in
            do {
                try await loop.sleep(until: ContinuousClock.now + .seconds(3600))
                return nil
            } catch { return error }
        }
        try await Task.sleep(for: .milliseconds(10))
        sleeper.cancel()
        let error = await sleeper.value
        XCTAssertTrue(error is CancellationError, "\(String(describing: error))")
    }

    func testStoppingTheLoopWakesItsSleepersWithCancellationError() async throws {
        let loop = try EventLoop()
        let sleeper = Task { () -> (any Error)? in
            do {
                try await loop.sleep(until: ContinuousClock.now + .seconds(3600))
                return nil
            } catch { return error }
        }
        try await Task.sleep(for: .milliseconds(10))
        loop.stop()
        let error = await sleeper.value
        XCTAssertTrue(error is CancellationError, "\(String(describing: error))")
    }

    func testThePollTimeoutIsRoundedUpAndMinusOneWithoutTimers() {
        let now = ContinuousClock.now
        XCTAssertEqual(EventLoop.pollTimeout(from: now, to: nil), -1)
        XCTAssertEqual(EventLoop.pollTimeout(from: now, to: now), 0)
        XCTAssertEqual(EventLoop.pollTimeout(from: now, to: now + .microseconds(1)), 1, "never early")
        XCTAssertEqual(EventLoop.pollTimeout(from: now, to: now + .microseconds(2_001)), 3)
        XCTAssertEqual(EventLoop.pollTimeout(from: now, to: now + .seconds(Int64(Int32.max))), Int32.max, "clamped")
    }
}
