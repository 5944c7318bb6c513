#if canImport(Glibc)
import Glibc
#endif
import Platform
import Synchronization
import WayfinderTestKit
import XCTest

/// The test loop runs its jobs only in `drain`, on the draining thread, in order; its clock moves
/// only in `advance`, firing each timer at its own instant; `run` returns a body's result or says it
/// stalled, instead of hanging the test.
final class TestEventLoopTests: XCTestCase {
    private actor Recorder {
        nonisolated let executor: any ActorExecutor
        nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
        private(set) var entries: [String] = []

        init(executor: any ActorExecutor) { self.executor = executor }

        func note(_ entry: String) { entries.append(entry) }

        func isOnItsExecutor() -> Bool {
            (executor as? TestEventLoop)?.isDrainingThread ?? false
        }

        /// Notes `entry` here and then on `other`: a hop between two actors of one loop.
        func relay(_ entry: String, to other: Recorder) async {
            note(entry)
            await other.note(entry)
        }
    }

    func testNothingRunsUntilTheLoopIsDrainedThenEveryJobRunsInTheOrderItWasStarted() throws {
        let loop = TestEventLoop()
        let recorder = Recorder(executor: loop)
        for i in 0..<5 { loop.spawn { await recorder.note("job \(i)") } }
        XCTAssertEqual(loop.pendingJobs, 5, "spawning queues the tasks without running them")
        loop.drain()
        XCTAssertEqual(try loop.run { await recorder.entries }, ["job 0", "job 1", "job 2", "job 3", "job 4"])
        XCTAssertEqual(loop.pendingJobs, 0)
    }

    func testAJobStartedByAJobRunsInTheSameDrain() throws {
        let loop = TestEventLoop()
        let recorder = Recorder(executor: loop)
        loop.spawn {
            await recorder.note("outer")
            Task(executorPreference: loop) {
                await recorder.note("inner")
                Task(executorPreference: loop) { await recorder.note("innermost") }
            }
        }
        XCTAssertGreaterThanOrEqual(loop.drain(), 3)
        XCTAssertEqual(loop.pendingJobs, 0, "the drain ran until nothing was ready")
        XCTAssertEqual(try loop.run { await recorder.entries }, ["outer", "inner", "innermost"])
    }

    func testAHopToAnotherActorOnTheSameLoopCompletesInOneDrainOnTheDrainingThread() throws {
        let loop = TestEventLoop()
        let first = Recorder(executor: loop), second = Recorder(executor: loop)
        loop.spawn { await first.relay("hello", to: second) }
        loop.drain()
        XCTAssertEqual(try loop.run { await second.entries }, ["hello"])
        XCTAssertTrue(try loop.run { await first.isOnItsExecutor() }, "the actor's methods run inside drain()")
        XCTAssertFalse(loop.isDrainingThread, "outside drain() nothing runs as the loop")
    }

    func testRunGivesTheBodysResultAndItsError() throws {
        struct Refused: Error, Equatable {}
        let loop = TestEventLoop()
        XCTAssertEqual(try loop.run { 6 * 7 }, 42)
        XCTAssertThrowsError(try loop.run { () async throws -> Int in throw Refused() }) { error in
            XCTAssertEqual(error as? Refused, Refused())
        }
    }

    func testRunSaysTheBodyStalledOnATimerInsteadOfHangingAndLeavesNoTaskBehind() throws {
        let loop = TestEventLoop()
        let clock = loop.clock
        XCTAssertThrowsError(try loop.run { try await clock.sleep(for: .seconds(1)) }) { error in
            guard case .stalled(let timers) = error as? TestEventLoopError else { return XCTFail("\(error)") }
            XCTAssertEqual(timers, 0, "the stalled body was cancelled, and its timer with it")
        }
        XCTAssertEqual(loop.pendingTimers, 0)
        XCTAssertEqual(loop.pendingJobs, 0)
    }

    func testTimersFireInDeadlineOrderEachAtItsOwnInstantAndNotBefore() throws {
        let loop = TestEventLoop()
        let clock = loop.clock
        let fired = Mutex<[String]>([])
        for (name, seconds) in [("three", 3), ("one", 1), ("two", 2), ("one again", 1)] {
            loop.spawn {
                try? await clock.sleep(until: SessionInstant(offset: .seconds(seconds)))
                fired.withLock { $0.append("\(name) at \(clock.elapsed)") }
            }
        }
        loop.drain()
        XCTAssertEqual(loop.pendingTimers, 4)
        loop.advance(by: .milliseconds(999))
        XCTAssertEqual(fired.withLock { $0 }, [], "no timer is due before one second")
        loop.advance(by: .seconds(5))
        XCTAssertEqual(fired.withLock { $0 }, ["one at 1.0 seconds", "one again at 1.0 seconds",
                                               "two at 2.0 seconds", "three at 3.0 seconds"])
        XCTAssertEqual(loop.now, .milliseconds(5999))
    }

    func testATickerSetsItsNextTimerInsideOneAdvanceAndFiresOnEveryTick() throws {
        let loop = TestEventLoop()
        let clock = loop.clock
        let ticks = Mutex<[Duration]>([])
        let ticker = loop.spawn {
            while true {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
                ticks.withLock { $0.append(clock.elapsed) }
            }
        }
        loop.advance(by: .seconds(3))
        XCTAssertEqual(ticks.withLock { $0 }, [.seconds(1), .seconds(2), .seconds(3)])
        ticker.cancel()
        loop.drain()
        XCTAssertEqual(loop.pendingTimers, 0, "a cancelled sleeper's timer is gone")
        loop.advance(by: .seconds(3))
        XCTAssertEqual(ticks.withLock { $0 }.count, 3, "a cancelled ticker ticks no more")
    }

    func testASleepUntilAPastDeadlineReturnsAtOnce() throws {
        let loop = TestEventLoop()
        let clock = loop.clock
        loop.advance(by: .seconds(10))
        let woke: Duration = try loop.run {
            try await clock.sleep(until: SessionInstant(offset: .seconds(4)))
            return clock.elapsed
        }
        XCTAssertEqual(woke, .seconds(10))
    }

    /// Both ends of a socketpair on the loop, as a GATT client and the simulated device it talks to
    /// are in a test: a packet sent is read and handed to its reader within one drain, and a close
    /// reaches the peer within the next.
    func testBothEndsOfASocketpairOnTheLoopExchangePacketsWithinOneDrain() throws {
        let loop = TestEventLoop()
        let (a, b) = try PacketSocket.pair(firstOn: loop, secondOn: loop)
        let received = Mutex<[[UInt8]]>([])
        let finished = Mutex(false)
        loop.spawn {
            do { for try await packet in b.packets() { received.withLock { $0.append(packet) } } } catch {}
            finished.withLock { $0 = true }
        }
        loop.drain()
        XCTAssertEqual(loop.watchedDescriptors, 1, "the reader's end is watched")
        try a.send([1, 2, 3])
        try a.send([4])
        XCTAssertEqual(received.withLock { $0 }, [], "nothing is read until the loop is drained")
        loop.drain()
        XCTAssertEqual(received.withLock { $0 }, [[1, 2, 3], [4]], "both packets, whole and in order, in one drain")
        a.close()
        loop.drain()
        XCTAssertTrue(finished.withLock { $0 }, "the peer's close ends the reader's stream")
        XCTAssertEqual(loop.watchedDescriptors, 0, "the closed end is no longer polled")
    }

    /// A watched descriptor's handler runs only when it has input, on the draining thread, and not
    /// once it is unwatched; a drain with nothing readable returns at once.
    func testAWatchedDescriptorsHandlerRunsOnlyWhenItHasInputAndNotAfterUnwatch() throws {
        let loop = TestEventLoop()
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends), 0)
        defer { close(ends[0]); close(ends[1]) }
        let calls = Mutex<[Bool]>([])
        let reader = ends[0]
        loop.watch(reader) {
            var byte: UInt8 = 0
            _ = read(reader, &byte, 1)
            calls.withLock { $0.append(loop.isDrainingThread) }
        }
        XCTAssertEqual(loop.drain(), 0, "nothing to read: nothing runs")
        var byte: UInt8 = 7
        XCTAssertEqual(write(ends[1], &byte, 1), 1)
        XCTAssertEqual(calls.withLock { $0 }, [], "not before a drain")
        loop.drain()
        XCTAssertEqual(calls.withLock { $0 }, [true], "once, on the draining thread")
        loop.unwatch(reader)
        XCTAssertEqual(write(ends[1], &byte, 1), 1)
        XCTAssertEqual(loop.drain(), 0)
        XCTAssertEqual(calls.withLock { $0 }, [true], "an unwatched descriptor is not read")
    }

    /// A closure handed to the loop (`execute`, as a socket's close asks its loop) runs in the next
    /// drain, on the draining thread, and so does one it hands over in turn.
    func testAnExecutedClosureRunsInTheNextDrainAndSoDoesOneItExecutes() throws {
        let loop = TestEventLoop()
        let order = Mutex<[String]>([])
        loop.execute {
            order.withLock { $0.append("first on the draining thread: \(loop.isDrainingThread)") }
            loop.execute { order.withLock { $0.append("second") } }
        }
        XCTAssertEqual(order.withLock { $0 }, [])
        XCTAssertEqual(loop.drain(), 2)
        XCTAssertEqual(order.withLock { $0 }, ["first on the draining thread: true", "second"])
    }
}
