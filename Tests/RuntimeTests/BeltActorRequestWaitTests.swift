import Belt
import Platform
@testable import Runtime
import Synchronization
import WayfinderTestKit
import XCTest

/// `BeltActor.handled(_:before:)`, which a control's answer waits on: it answers when the requests
/// are carried out, at its deadline, or when the belt is released, and its count and its waiters
/// outlive a supervised restart of the belt actor. The actor runs on a test loop whose clock the
/// test moves by hand; every check is made once the loop ran dry.
final class BeltActorRequestWaitTests: XCTestCase {
    let loop = TestEventLoop()
    lazy var clock = loop.clock
    let link = TestBeltLink()
    let logs = LogCapture()
    let health = HealthMonitor(expected: [BeltActor.name])
    let (requests, requestSink) = AsyncStream<BeltRequest>.makeStream()
    lazy var belt = BeltActor(link: link, requests: requests, reports: AsyncStream<BeltActor.Report>.makeStream().continuation,
                              defaultIntensity: 60, clock: clock, logger: logs.logger("belt"), health: health,
                              status: StatusBoard(order: []), executor: loop)
    var tasks: [Task<Void, Never>] = []

    override func tearDown() {
        tasks.forEach { $0.cancel() }
        loop.drain()
    }

    func at(seconds: Int64) -> SessionInstant { SessionInstant(offset: .seconds(seconds)) }

    /// A wait's answer, once there.
    final class Answer: Sendable {
        let value = Mutex<Bool?>(nil)
        var given: Bool? { value.withLock { $0 } }
    }

    /// A wait in a task of its own on the loop; it starts at the next drain.
    func wait(for count: Int, before deadline: SessionInstant) -> Answer {
        let belt = self.belt
        let answer = Answer()
        tasks.append(loop.spawn {
            let taken = await belt.handled(count, before: deadline)
            answer.value.withLock { $0 = taken }
        })
        return answer
    }

    func waiting() throws -> Int {
        let belt = self.belt
        return try loop.run { await belt.waitingForRequests }
    }

    func testAWaitIsAnsweredOnceItsRequestsAreCarriedOutAndNotBefore() throws {
        let belt = self.belt
        tasks.append(loop.spawn { _ = try? await belt.run() })
        let both = wait(for: 2, before: at(seconds: 60))
        XCTAssertEqual(try waiting(), 1)
        requestSink.yield(.changeDefaultIntensity(70))
        loop.drain()
        XCTAssertTrue(link.sent.contains(.setDefaultIntensity(70, feedback: true)), "\(link.sent)")
        XCTAssertEqual(try waiting(), 1, "one of the two requests is not the two")
        XCTAssertNil(both.given)
        requestSink.yield(.changeDefaultIntensity(80))
        loop.drain()
        XCTAssertEqual(both.given, true)
        XCTAssertTrue(link.sent.contains(.setDefaultIntensity(80, feedback: true)), "\(link.sent)")
        let alreadyDone = try loop.run { await belt.handled(2, before: SessionInstant(offset: .zero)) }
        XCTAssertTrue(alreadyDone, "requests already carried out answer at once")
    }

    /// The deadline ends a wait the belt actor cannot answer (here it is not running at all, as while
    /// it rests between restarts), at the deadline and not before.
    func testAWaitTheBeltDoesNotAnswerEndsAtItsDeadline() throws {
        let answer = wait(for: 1, before: at(seconds: 8))
        XCTAssertEqual(try waiting(), 1)
        loop.advance(by: .milliseconds(7_999))
        XCTAssertEqual(try waiting(), 1, "still waiting just before the deadline")
        XCTAssertNil(answer.given)
        loop.advance(by: .milliseconds(1))
        XCTAssertEqual(answer.given, false)
        XCTAssertEqual(try waiting(), 0)
    }

    /// Shutdown releases the belt: every wait is answered then (false: the belt did not take them),
    /// and a wait that starts afterwards does not hang.
    func testReleasingTheBeltAnswersEveryWait() throws {
        let belt = self.belt
        let first = wait(for: 1, before: at(seconds: 60))
        let second = wait(for: 3, before: at(seconds: 60))
        XCTAssertEqual(try waiting(), 2)
        try loop.run { await belt.release() }
        XCTAssertEqual([first.given, second.given], [false, false])
        let afterwards = try loop.run { await belt.handled(1, before: SessionInstant(offset: .seconds(60))) }
        XCTAssertFalse(afterwards)
    }

    /// The belt actor fails and rests 30 s before its restart. The requests sent meanwhile are carried
    /// out by the restarted actor and counted on from before the failure, so a wait for them is
    /// answered then; a wait whose deadline falls inside the rest is answered at its deadline.
    func testTheCountAndTheWaitsSurviveARestartOfTheBeltActor() throws {
        let belt = self.belt
        let supervised = SupervisedService(name: BeltActor.name, clock: clock, logger: logs.logger("supervisor"),
                                           backoff: RestartBackoff(initial: .seconds(30)), health: health,
                                           cleanup: { await belt.release() }) { try await belt.run() }
        tasks.append(loop.spawn { _ = try? await supervised.run() })
        requestSink.yield(.changeDefaultIntensity(70))
        let first = wait(for: 1, before: at(seconds: 60))
        loop.drain()
        XCTAssertEqual(first.given, true)

        belt.mailbox.inject(InjectedFailure(actor: BeltActor.name))
        loop.drain()
        XCTAssertTrue(health.actors(at: .zero).contains { $0.started && !$0.running }, "the belt actor rests")
        requestSink.yield(.changeDefaultIntensity(80))
        let short = wait(for: 2, before: at(seconds: 10))
        let long = wait(for: 2, before: at(seconds: 60))
        XCTAssertEqual(try waiting(), 2)

        loop.advance(by: .seconds(10))
        XCTAssertEqual(short.given, false, "the deadline came while the actor rested")
        XCTAssertNil(long.given)
        XCTAssertFalse(link.sent.contains(intensity: 80))

        loop.advance(by: .seconds(20))
        XCTAssertEqual(long.given, true, "the restarted actor carried out the second request")
        // Carried out while the link was down, so given on reconnection, without the feedback.
        XCTAssertTrue(link.sent.contains(intensity: 80), "\(link.sent)")
        XCTAssertEqual(clock.elapsed, .seconds(30))
        XCTAssertFalse(logs.matching("belt actor restarted (restart 1)").isEmpty, "\(logs.all)")
    }
}

extension [BeltCommand] {
    /// Whether the belt was given `intensity` as its default, with the feedback vibration or without.
    func contains(intensity: Int) -> Bool {
        contains { if case .setDefaultIntensity(intensity, _) = $0 { true } else { false } }
    }
}
