import Belt
import Config
import Navigation
import Platform
@testable import Runtime
import Sensors
import Status
import Synchronization
import WayfinderTestKit
import XCTest

/// A belt link that connects at once and, while `holding`, keeps each write waiting until `letGo`,
/// as a belt that does not answer does until the link's request bound fails the write.
final class HoldingBeltLink: BeltLink {
    private let state = Mutex<(sent: [BeltCommand], holding: Bool, held: [CheckedContinuation<Void, Never>])>(([], false, []))
    let events: AsyncStream<BeltLinkEvent>
    private let sink: AsyncStream<BeltLinkEvent>.Continuation

    init() {
        (events, sink) = AsyncStream.makeStream()
    }

    var sent: [BeltCommand] { state.withLock { $0.sent } }
    var heldWrites: Int { state.withLock { $0.held.count } }

    func hold() { state.withLock { $0.holding = true } }

    func letGo() {
        let held = state.withLock { state in
            defer { state.holding = false; state.held = [] }
            return state.held
        }
        for write in held { write.resume() }
    }

    func start() async {
        sink.yield(.belt(.modeChanged(.app)))
        sink.yield(.belt(.connected))
    }

    func send(_ command: BeltCommand) async throws {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let held = state.withLock { state in
                state.sent.append(command)
                if state.holding { state.held.append(continuation) }
                return state.holding
            }
            if !held { continuation.resume() }
        }
    }

    func disconnect() async {}
}

/// What a control's answer says when the belt takes the control, and when it cannot within the 8 s
/// the answer waits for it (`ApplianceControl.beltWait`): the answer still comes, before
/// `wayfinder control` gives up (10 s), and says why the belt has not taken the control yet. The
/// navigation and belt actors are the appliance's, on a test loop whose clock the test moves by hand;
/// every check is made once the loop ran dry.
final class ApplianceControlTests: XCTestCase {
    let route = Route(name: "Park", kind: .route, waypoints: [
        Waypoint(name: "A", coordinate: Coordinate(latitude: 52.0000, longitude: 8.0000)),
        Waypoint(name: "B", coordinate: Coordinate(latitude: 52.0010, longitude: 8.0000)),
    ])
    let peer = ControlPeerDescription(uid: 1000, pid: 4242)
    let loop = TestEventLoop()
    let health = HealthMonitor(expected: [BeltActor.name, NavigationActor.name])
    let logs = LogCapture()

    struct Parts {
        let control: ApplianceControl
        let belt: BeltActor
    }

    /// The navigation actor running, and the belt actor on `link`: run by itself, supervised with a
    /// 30 s rest after a failure (`supervised`), or not at all (nil link).
    func assemble(link: (any BeltLink)?, supervised: Bool = false) -> Parts {
        let clock = loop.clock
        let (requests, requestSink) = AsyncStream<BeltRequest>.makeStream()
        let (fixes, _) = AsyncStream<Fix>.makeStream()
        let (headings, _) = AsyncStream<Heading>.makeStream()
        let (commands, _) = AsyncStream<CommandEnvelope>.makeStream()
        let (beltReports, beltReportSink) = AsyncStream<BeltActor.Report>.makeStream()
        let navigation = NavigationActor(
            guidance: RouteGuidance(route: route, parameters: GuidanceParameters()), store: nil,
            inputs: .init(fixes: fixes, headings: headings, commands: commands, beltReports: beltReports),
            beltRequests: requestSink, autostart: false, clock: clock, logger: logs.logger(NavigationActor.name),
            health: health, status: StatusBoard(order: []), executor: loop)
        let belt = BeltActor(link: link ?? TestBeltLink(), requests: requests, reports: beltReportSink, defaultIntensity: 60,
                             clock: clock, logger: logs.logger(BeltActor.name), health: health, status: StatusBoard(order: []),
                             executor: loop)
        var tasks: [Task<Void, Never>] = [loop.spawn { _ = try? await navigation.run() }]
        if link != nil {
            if supervised {
                let service = SupervisedService(name: BeltActor.name, clock: clock, logger: logs.logger("supervisor"),
                                                backoff: RestartBackoff(initial: .seconds(30)), health: health,
                                                cleanup: { await belt.release() }) { try await belt.run() }
                tasks.append(loop.spawn { _ = try? await service.run() })
            } else {
                tasks.append(loop.spawn { _ = try? await belt.run() })
            }
        }
        let control = ApplianceControl(navigation: navigation, belt: belt, warnings: nil,
                                       health: health, board: StatusBoard(order: []), clock: clock, version: "test",
                                       routeName: "Park", routesDirectory: nil, gpsSource: nil, headingSource: .belt)
        let loop = self.loop
        addTeardownBlock {
            tasks.forEach { $0.cancel() }
            loop.drain()
        }
        loop.drain()
        return Parts(control: control, belt: belt)
    }

    /// A control's answer, once there.
    final class Answer: Sendable {
        let value = Mutex<Result<String, ControlRefusal>?>(nil)
        var given: Result<String, ControlRefusal>? { value.withLock { $0 } }
    }

    /// `command` in a task of its own on the loop; it starts at the next drain.
    func send(_ command: NavigationCommand, to control: ApplianceControl) -> Answer {
        let peer = self.peer
        let answer = Answer()
        loop.spawn {
            let result: Result<String, ControlRefusal>
            do throws(ControlRefusal) {
                result = .success(try await control.perform(.navigation(command), from: peer))
            } catch {
                result = .failure(error)
            }
            answer.value.withLock { $0 = result }
        }
        return answer
    }

    /// The answer, which must be there once the loop ran dry.
    func answer(_ answer: Answer, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        loop.drain()
        return try XCTUnwrap(answer.given, "no answer yet", file: file, line: line).get()
    }

    func waiting(_ belt: BeltActor) throws -> Int {
        try loop.run { await belt.waitingForRequests }
    }

    func testAControlTheBeltTakesIsAnsweredWithItsEffect() throws {
        let link = TestBeltLink()
        let parts = assemble(link: link)
        XCTAssertTrue(link.sent.contains(.setDefaultIntensity(60, feedback: false)), "\(link.sent)")
        let result = try answer(send(.intensityUp, to: parts.control))
        XCTAssertEqual(result, "belt intensity 70 %")
        XCTAssertTrue(link.sent.contains(.setDefaultIntensity(70, feedback: true)), "sent before the answer: \(link.sent)")
        let control = parts.control
        let status = try loop.run { await control.status() }
        XCTAssertEqual(status.belt?.intensityPercent, 70)
    }

    /// The belt actor rests 30 s after a failure: the answer comes at 8 s, not before, with the
    /// intensity the walk now has and why the belt has not taken it; the restarted actor then does.
    func testAControlWhileTheBeltActorRestsIsAnsweredAfterEightSecondsSayingWhy() throws {
        let link = TestBeltLink()
        let parts = assemble(link: link, supervised: true)
        XCTAssertTrue(link.sent.contains(.setDefaultIntensity(60, feedback: false)), "\(link.sent)")
        parts.belt.mailbox.inject(InjectedFailure(actor: BeltActor.name))
        loop.drain()
        XCTAssertTrue(health.actors(at: .zero).contains { $0.name == BeltActor.name && $0.started && !$0.running },
                      "the belt actor rests")

        let box = send(.intensityUp, to: parts.control)
        XCTAssertEqual(try waiting(parts.belt), 1)
        loop.advance(by: .milliseconds(7_999))
        XCTAssertEqual(try waiting(parts.belt), 1, "the answer still waits for the belt just before 8 s")
        XCTAssertNil(box.given)
        loop.advance(by: .milliseconds(1))
        let result = try answer(box)
        XCTAssertEqual(result, "belt intensity 70 %; the belt has not taken it yet "
                       + "(the appliance is restarting its belt connection; it follows then)")
        XCTAssertFalse(link.sent.contains(intensity: 70))

        loop.advance(by: .seconds(21))
        XCTAssertFalse(link.sent.contains(intensity: 70), "not before the backoff's end")
        loop.advance(by: .seconds(1))
        XCTAssertTrue(link.sent.contains(intensity: 70), "the restarted actor carried it out: \(link.sent)")
        XCTAssertEqual(loop.now, .seconds(30))
    }

    /// A connected belt still busy with an earlier write that does not answer: the answer comes at
    /// 8 s and says the belt is busy.
    func testAControlBehindAWriteTheBeltDoesNotAnswerSaysTheBeltIsBusy() throws {
        let link = HoldingBeltLink()
        let parts = assemble(link: link)
        XCTAssertTrue(link.sent.contains(.setDefaultIntensity(60, feedback: false)), "\(link.sent)")
        link.hold()
        let first = send(.intensityUp, to: parts.control)
        loop.drain()
        XCTAssertEqual(link.heldWrites, 1)
        let second = send(.intensityUp, to: parts.control)
        XCTAssertEqual(try waiting(parts.belt), 2)
        loop.advance(by: .milliseconds(7_999))
        XCTAssertNil(first.given, "not before 8 s")
        loop.advance(by: .milliseconds(1))
        let answers = [try answer(first), try answer(second)]
        XCTAssertEqual(answers, ["belt intensity 70 %; the belt has not taken it yet (it is busy with earlier writes; it follows)",
                                 "belt intensity 80 %; the belt has not taken it yet (it is busy with earlier writes; it follows)"])
        link.letGo()
        loop.drain()
        XCTAssertTrue(link.sent.contains(.setDefaultIntensity(80, feedback: true)), "\(link.sent)")
    }
}
