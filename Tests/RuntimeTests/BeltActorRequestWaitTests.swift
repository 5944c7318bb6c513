import Belt
import Clocks
import Platform
@testable import Runtime
import Synchronization
import WayfinderTestKit
import XCTest

/// `BeltActor.handled(_:before:)`, which a control's answer waits on: it answers when the requests
/// are carried out, at its deadline, or when the belt is released, and its count and its waiters
/// outlive a supervised restart of the belt actor. The session clock is a test clock, moved by hand.
final class BeltActorRequestWaitTests: XCTestCase {
    let testClock = TestClock()
    lazy var clock = SessionClock(testClock)
    let link = TestBeltLink()
    let logs = LogCapture()
    let health = HealthMonitor(expected: [BeltActor.name])
    let (requests, requestSink) = AsyncStream<BeltRequest>.makeStream()
    lazy var belt = BeltActor(link: link, requests: requests, reports: AsyncStream<BeltActor.Report>.makeStream().continuation,
                              defaultIntensity: 60, clock: clock, logger: logs.logger("belt"), health: health,
                              status: StatusBoard(order: []))

    func at(seconds: Int64) -> SessionInstant { SessionInstant(offset: .seconds(seconds)) }

    /// A wait in a task of its own; its answer, once there.
    func wait(for count: Int, before deadline: SessionInstant) -> Task<Bool, Never> {
        let belt = self.belt
        return Task { await belt.handled(count, before: deadline) }
    }

    func untilWaiting(_ count: Int) async throws {
        let belt = self.belt
        try await within { await belt.waitingForRequests == count }
    }

    func testAWaitIsAnsweredOnceItsRequestsAreCarriedOutAndNotBefore() async throws {
        let run = Task { [belt] in try await belt.run() }
        defer { run.cancel() }
        let both = wait(for: 2, before: at(seconds: 60))
        try await untilWaiting(1)
        requestSink.yield(.changeDefaultIntensity(70))
        try await waitUntil { self.link.sent.contains(.setDefaultIntensity(70, feedback: true)) }
        let stillWaiting = await belt.waitingForRequests
        XCTAssertEqual(stillWaiting, 1, "one of the two requests is not the two")
        requestSink.yield(.changeDefaultIntensity(80))
        let answer = try await awaitedValue(of: both)
        XCTAssertTrue(answer)
        XCTAssertTrue(link.sent.contains(.setDefaultIntensity(80, feedback: true)), "\(link.sent)")
        let alreadyDone = await belt.handled(2, before: at(seconds: 0))
        XCTAssertTrue(alreadyDone, "requests already carried out answer at once")
    }

    /// The deadline ends a wait the belt actor cannot answer (here it is not running at all, as while
    /// it rests between restarts), at the deadline and not before.
    func testAWaitTheBeltDoesNotAnswerEndsAtItsDeadline() async throws {
        let answer = wait(for: 1, before: at(seconds: 8))
        try await untilWaiting(1)
        await testClock.advance(to: testClock.now.advanced(by: .milliseconds(7_999)))
        let waitingBefore = await belt.waitingForRequests
        XCTAssertEqual(waitingBefore, 1, "still waiting just before the deadline")
        await testClock.advance(by: .milliseconds(1))
        let taken = try await awaitedValue(of: answer)
        XCTAssertFalse(taken)
        let waitingAfter = await belt.waitingForRequests
        XCTAssertEqual(waitingAfter, 0)
    }

    /// Shutdown releases the belt: every wait is answered then (false: the belt did not take them),
    /// and a wait that starts afterwards does not hang.
    func testReleasingTheBeltAnswersEveryWait() async throws {
        let first = wait(for: 1, before: at(seconds: 60))
        let second = wait(for: 3, before: at(seconds: 60))
        try await untilWaiting(2)
        await belt.release()
        let answers = [try await awaitedValue(of: first), try await awaitedValue(of: second)]
        XCTAssertEqual(answers, [false, false])
        let afterwards = await belt.handled(1, before: at(seconds: 60))
        XCTAssertFalse(afterwards)
    }

    /// The belt actor fails and rests 30 s before its restart. The requests sent meanwhile are carried
    /// out by the restarted actor and counted on from before the failure, so a wait for them is
    /// answered then; a wait whose deadline falls inside the rest is answered at its deadline.
    func testTheCountAndTheWaitsSurviveARestartOfTheBeltActor() async throws {
        let supervised = SupervisedService(name: BeltActor.name, clock: clock, logger: logs.logger("supervisor"),
                                           backoff: RestartBackoff(initial: .seconds(30)), health: health,
                                           cleanup: { [belt] in await belt.release() }) { [belt] in try await belt.run() }
        let run = Task { try await supervised.run() }
        defer { run.cancel() }
        requestSink.yield(.changeDefaultIntensity(70))
        let first = try await awaitedValue(of: wait(for: 1, before: at(seconds: 60)))
        XCTAssertTrue(first)

        belt.mailbox.inject(InjectedFailure(actor: BeltActor.name))
        try await waitUntil { self.health.actors(at: .zero).contains { $0.started && !$0.running } }
        requestSink.yield(.changeDefaultIntensity(80))
        let short = wait(for: 2, before: at(seconds: 10))
        let long = wait(for: 2, before: at(seconds: 60))
        try await untilWaiting(2)

        await testClock.advance(by: .seconds(10))
        let shortAnswer = try await awaitedValue(of: short)
        XCTAssertFalse(shortAnswer, "the deadline came while the actor rested")
        XCTAssertFalse(link.sent.contains(intensity: 80))

        await testClock.advance(by: .seconds(20))
        let longAnswer = try await awaitedValue(of: long)
        XCTAssertTrue(longAnswer, "the restarted actor carried out the second request")
        // Carried out while the link was down, so given on reconnection, without the feedback.
        XCTAssertTrue(link.sent.contains(intensity: 80), "\(link.sent)")
        XCTAssertEqual(clock.elapsed, .seconds(30))
        XCTAssertFalse(logs.matching("belt actor restarted (restart 1)").isEmpty, "\(logs.all)")
    }

    /// Polls an actor's state until `condition` holds, failing after 10 s of real time.
    func within(_ condition: @Sendable () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while await !condition() {
            if ContinuousClock.now > deadline { throw TimedOut() }
            // The actors run on the process-wide event loop, which a test cannot drain yet: polled
            // in real time, bounded by the deadline (no time passes on the test clock meanwhile).
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}

/// A task's value, or a failure (not a hang) when it does not come within 10 s of real time.
func awaitedValue<T: Sendable>(of task: Task<T, Never>) async throws -> T {
    let answer = Mutex<T?>(nil)
    let waiter = Task { let value = await task.value; answer.withLock { $0 = value } }
    defer { waiter.cancel() }
    try await waitUntil { answer.withLock { $0 != nil } }
    return try XCTUnwrap(answer.withLock { $0 })
}

extension [BeltCommand] {
    /// Whether the belt was given `intensity` as its default, with the feedback vibration or without.
    func contains(intensity: Int) -> Bool {
        contains { if case .setDefaultIntensity(intensity, _) = $0 { true } else { false } }
    }
}
