@testable import Platform
import CBluetooth
import Glibc
import Synchronization
import WayfinderTestKit
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

    /// A sleeper on a loop's thread is woken by that loop (`SessionClock.continuous()`): `current` names
    /// the loop on its own thread and no other.
    func testCurrentIsTheLoopWhoseThreadTheCallerRunsOn() async throws {
        let loop = try EventLoop(name: "wf-test-current")
        defer { loop.stop() }
        XCTAssertFalse(EventLoop.current === loop, "the test itself runs elsewhere")
        let onItsThread = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            loop.execute { done.resume(returning: EventLoop.current === loop) }
        }
        XCTAssertTrue(onItsThread)
        let other = try EventLoop(name: "wf-test-other")
        defer { other.stop() }
        let onTheOther = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            other.execute { done.resume(returning: EventLoop.current === other) }
        }
        XCTAssertTrue(onTheOther, "each loop's thread finds its own loop")
    }

    /// `top -H` on a unit tells the appliance's loop (`wf-loop`) from the simulated devices' (`wf-sim`).
    func testTheLoopsThreadCarriesItsName() async throws {
        let loop = try EventLoop(name: "wf-test-loop")
        defer { loop.stop() }
        let name = await withCheckedContinuation { (done: CheckedContinuation<String?, Never>) in
            loop.execute {
                var bytes = [UInt8](repeating: 0, count: 32)
                let fd = open("/proc/thread-self/comm", O_RDONLY)
                let n = fd < 0 ? -1 : read(fd, &bytes, bytes.count)
                if fd >= 0 { close(fd) }
                done.resume(returning: n > 0 ? String(decoding: bytes[0..<n], as: UTF8.self) : nil)
            }
        }
        XCTAssertEqual(name, "wf-test-loop\n")
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

    /// A sleeper with a leeway is woken by the loop's next wake-up after its deadline (here another
    /// timer's), not at its deadline plus leeway: it rides along. Had it waited out its hour of
    /// leeway, the strict timer would have come first.
    func testASleeperWithALeewayRidesAlongWithTheNextWakeAfterItsDeadline() async throws {
        let loop = try EventLoop()
        defer { loop.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        let order = try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask(executorPreference: loop) {
                try await loop.sleep(until: start + .milliseconds(20), leeway: .seconds(3600))
                XCTAssertGreaterThanOrEqual(clock.now, start + .milliseconds(20), "the lenient timer fired early")
                return "lenient"
            }
            group.addTask(executorPreference: loop) {
                try await loop.sleep(until: start + .milliseconds(60))
                return "strict"
            }
            var order: [String] = []
            for try await name in group { order.append(name) }
            return order
        }
        XCTAssertEqual(order, ["lenient", "strict"])
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
        // The sleeper reaches the loop's timer list on the loop's own thread (the loop under test is
        // the real one): polled, bounded.
        try eventually("the sleeper's timer", every: .milliseconds(1)) { loop.pendingTimers == 1 }
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
        // As above: the sleeper reaches the real loop's timer list on a thread of its own.
        try eventually("the sleeper's timer", every: .milliseconds(1)) { loop.pendingTimers == 1 }
        loop.stop()
        let error = await sleeper.value
        XCTAssertTrue(error is CancellationError, "\(String(describing: error))")
    }

    func testExecutedClosuresRunOnTheLoopThreadInOrder() async throws {
        let loop = try EventLoop()
        defer { loop.stop() }
        let seen = Mutex<[Int]>([])
        let onLoop = Atomic<Bool>(true)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            for n in 0..<100 {
                loop.execute {
                    if !loop.isLoopThread { onLoop.store(false, ordering: .relaxed) }
                    seen.withLock { $0.append(n) }
                    if n == 99 { done.resume() }
                }
            }
        }
        XCTAssertEqual(seen.withLock { $0 }, Array(0..<100))
        XCTAssertTrue(onLoop.load(ordering: .relaxed))
    }

    /// A watched descriptor wakes the loop and is read there; once unwatched it is no longer polled.
    func testAWatchedDescriptorIsReadOnTheLoopWhenInputArrivesAndNotAfterUnwatch() async throws {
        let loop = try EventLoop()
        defer { loop.stop() }
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &ends), 0)
        defer { close(ends[0]); close(ends[1]) }
        let reader = ends[0]
        let (reads, sink) = AsyncStream<(UInt8, Bool)>.makeStream()
        loop.watch(reader) {
            var byte: UInt8 = 0
            guard recv(reader, &byte, 1, Int32(MSG_DONTWAIT)) == 1 else { return }
            sink.yield((byte, loop.isLoopThread))
        }
        var iterator = reads.makeAsyncIterator()
        for value: UInt8 in [7, 8] {
            var byte = value
            XCTAssertEqual(send(ends[1], &byte, 1, 0), 1)
            let read = await iterator.next()
            XCTAssertEqual(read?.0, value)
            XCTAssertEqual(read?.1, true, "read on the loop's thread")
        }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            loop.execute {
                loop.unwatch(reader)
                done.resume()
            }
        }
        var byte: UInt8 = 9
        XCTAssertEqual(send(ends[1], &byte, 1, 0), 1)
        // The loop goes on serving other work, and the byte stays unread in the socket.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in loop.execute { done.resume() } }
        try await loop.sleep(until: ContinuousClock.now + .milliseconds(20))
        var left: UInt8 = 0
        XCTAssertEqual(recv(reader, &left, 1, Int32(MSG_DONTWAIT)), 1)
        XCTAssertEqual(left, 9, "an unwatched descriptor is not read")
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
