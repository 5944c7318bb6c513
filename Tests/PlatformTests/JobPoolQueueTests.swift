@testable import Platform
import XCTest

/// `JobPoolQueue`, the rule of the process's global executor (`GlobalJobPool`): a queued job always
/// has a thread coming for it, no thread is woken or started without a job, at most the cap of
/// threads run, and delayed jobs run at their deadline, in order, kept by one waiting thread.
final class JobPoolQueueTests: XCTestCase {
    private func run(_ next: JobPoolQueue<String>.Next) -> String? {
        if case .run(let job) = next { return job }
        return nil
    }

    func testTheFirstJobStartsAThreadAndAWaitingThreadIsWokenForTheNext() {
        var queue = JobPoolQueue<String>(maximumThreads: 4)
        XCTAssertEqual(queue.submit("a"), .startThread)
        XCTAssertEqual(queue.threads, 1)
        XCTAssertEqual(run(queue.next(now: 0)), "a")
        guard case .wait = queue.next(now: 0) else { return XCTFail("nothing queued: the thread waits without a timeout") }
        XCTAssertEqual(queue.submit("b"), .one, "the waiting thread is woken, no second thread")
        XCTAssertEqual(queue.threads, 1)
        XCTAssertEqual(queue.finishedWaiting(keptTime: false), .none)
        XCTAssertEqual(run(queue.next(now: 0)), "b")
    }

    /// Two jobs queued while one thread waits: the second starts a thread rather than wait for the
    /// first job to finish, which may block.
    func testAJobArrivingWhileTheOnlyWaitingThreadIsAlreadyWokenStartsAnother() {
        var queue = JobPoolQueue<String>(maximumThreads: 4)
        _ = queue.submit("a")
        _ = queue.next(now: 0)
        _ = queue.next(now: 0)
        XCTAssertEqual(queue.submit("b"), .one)
        XCTAssertEqual(queue.submit("c"), .startThread)
        XCTAssertEqual(queue.threads, 2)
    }

    func testBeyondTheCapJobsQueueForTheNextFreeThreadInOrder() {
        var queue = JobPoolQueue<String>(maximumThreads: 2)
        XCTAssertEqual(queue.submit("a"), .startThread)
        XCTAssertEqual(queue.submit("b"), .startThread)
        XCTAssertEqual(queue.submit("c"), .none)
        XCTAssertEqual(queue.submit("d"), .none)
        XCTAssertEqual(queue.threads, 2)
        XCTAssertEqual(queue.queuedCount, 4)
        XCTAssertEqual([0, 1, 2, 3].compactMap { _ in run(queue.next(now: 0)) }, ["a", "b", "c", "d"])
    }

    func testADelayedJobIsKeptByOneWaitingThreadAndRunsAtItsDeadline() {
        var queue = JobPoolQueue<String>(maximumThreads: 4)
        XCTAssertEqual(queue.schedule("later", at: 5_000), .startThread)
        XCTAssertEqual(queue.schedule("even later", at: 8_000), .none, "one thread coming to keep time is enough")
        guard case .waitUntil(5_000) = queue.next(now: 1_000) else { return XCTFail("the thread waits until the deadline") }
        XCTAssertEqual(queue.finishedWaiting(keptTime: true), .none)
        guard case .waitUntil(5_000) = queue.next(now: 4_999) else { return XCTFail("early: it waits again") }
        XCTAssertEqual(queue.finishedWaiting(keptTime: true), .none)
        XCTAssertEqual(run(queue.next(now: 5_000)), "later")
        XCTAssertEqual(run(queue.next(now: 8_000)), "even later")
        guard case .wait = queue.next(now: 8_000) else { return XCTFail("nothing left: no timeout") }
    }

    func testAnEarlierDelayedJobWakesTheTimekeeperAndALaterOneDoesNot() {
        var queue = JobPoolQueue<String>(maximumThreads: 4)
        _ = queue.submit("start")
        _ = queue.next(now: 0)
        _ = queue.schedule("at 9", at: 9_000)
        guard case .waitUntil(9_000) = queue.next(now: 0) else { return XCTFail("keeps time") }
        XCTAssertEqual(queue.schedule("at 12", at: 12_000), .none)
        XCTAssertEqual(queue.schedule("at 3", at: 3_000), .all)
        XCTAssertEqual(queue.finishedWaiting(keptTime: true), .none)
        guard case .waitUntil(3_000) = queue.next(now: 100) else { return XCTFail("the new earliest deadline") }
        XCTAssertEqual(queue.finishedWaiting(keptTime: true), .none)
        XCTAssertEqual([run(queue.next(now: 20_000)), run(queue.next(now: 20_000)), run(queue.next(now: 20_000))], ["at 3", "at 9", "at 12"])
    }

    /// With no thread waiting, a delayed job needs one: the first starts a thread.
    func testADelayedJobWithNoThreadStartsOne() {
        var queue = JobPoolQueue<String>(maximumThreads: 4)
        XCTAssertEqual(queue.schedule("later", at: 1_000), .startThread)
        guard case .waitUntil(1_000) = queue.next(now: 0) else { return XCTFail("the new thread keeps time") }
    }

    /// Only one thread keeps time; the others wait without a timeout. When the timekeeper leaves to
    /// run a job while later jobs are still delayed, a waiting thread is woken to keep time instead.
    func testOneTimekeeperAndAHandOverWhenItLeavesToRunAJob() {
        var queue = JobPoolQueue<String>(maximumThreads: 4)
        _ = queue.submit("a")
        _ = queue.submit("b")
        _ = queue.next(now: 0)
        _ = queue.next(now: 0)
        _ = queue.schedule("at 1", at: 1_000)
        _ = queue.schedule("at 2", at: 2_000)
        guard case .waitUntil(1_000) = queue.next(now: 0) else { return XCTFail("the first keeps time") }
        guard case .wait = queue.next(now: 0) else { return XCTFail("the second waits without a timeout") }
        XCTAssertEqual(queue.finishedWaiting(keptTime: true), .one, "a job is delayed still: another thread keeps time")
        XCTAssertEqual(run(queue.next(now: 1_000)), "at 1")
        XCTAssertEqual(queue.finishedWaiting(keptTime: false), .none)
        guard case .waitUntil(2_000) = queue.next(now: 1_000) else { return XCTFail("the woken thread keeps time") }
    }

    func testAThreadThatCannotStartIsNotCounted() {
        var queue = JobPoolQueue<String>(maximumThreads: 4)
        XCTAssertEqual(queue.submit("a"), .startThread)
        XCTAssertFalse(queue.threadFailedToStart(), "no thread left to run it")
        XCTAssertEqual(queue.threads, 0)
        XCTAssertEqual(queue.submit("b"), .startThread, "the next job tries again")
    }
}
