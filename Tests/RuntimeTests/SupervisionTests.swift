import Logging
import Platform
@testable import Runtime
import ServiceLifecycle
import TouchCase
import Config
import Synchronization
import WayfinderTestKit
import XCTest

final class SupervisionTests: XCTestCase {
    func testBackoffDoublesUpToTheCeilingAndResetsAfterAHealthyRun() {
        var b = RestartBackoff(initial: .milliseconds(500), maximum: .seconds(4), healthyRun: .seconds(60))
        let delays = (0..<6).map { _ in b.delayAfterFailure(runLength: .seconds(1)) }
        XCTAssertEqual(delays, [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(4), .seconds(4)])
        XCTAssertEqual(b.delayAfterFailure(runLength: .seconds(120)), .milliseconds(500))
    }

    /// The gesture actor is made to throw twice; the supervisor restarts it each time while the button
    /// actor goes on turning presses into commands, and both end cleanly on shutdown. The actors, their
    /// supervisors and the service group run on a test loop whose clock the test moves.
    func testAFailingActorIsRestartedAndTheOthersKeepRunning() throws {
        let loop = TestEventLoop()
        let clock = loop.clock
        let logs = LogCapture()
        let health = HealthMonitor(expected: ["gestures", "buttons"])
        let (commands, commandSink) = AsyncStream<CommandEnvelope>.makeStream()
        let (touchInput, touchSink) = AsyncStream<TouchEvent>.makeStream()
        let (edges, edgeSink) = AsyncStream<GPIOEdgeEvent>.makeStream()
        let gestures = GestureActor(map: .defaults, touches: touchInput, commands: commandSink, clock: clock,
                                    logger: logs.logger("gestures"), health: health, executor: loop)
        let buttons = ButtonActor(configuration: ButtonConfiguration(bindings: [ButtonBinding(line: 17, press: .togglePause)]),
                                  edges: edges, commands: commandSink, clock: clock, logger: logs.logger("buttons"),
                                  health: health, executor: loop)
        let supervisor = logs.logger("supervisor")
        let backoff = RestartBackoff(initial: .milliseconds(20), maximum: .milliseconds(80))
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [
            .init(service: SupervisedService(name: "gestures", clock: clock, logger: supervisor, backoff: backoff) { try await gestures.run() },
                  successTerminationBehavior: .ignore, failureTerminationBehavior: .gracefullyShutdownGroup),
            .init(service: SupervisedService(name: "buttons", clock: clock, logger: supervisor, backoff: backoff) { try await buttons.run() },
                  successTerminationBehavior: .ignore, failureTerminationBehavior: .gracefullyShutdownGroup),
        ], logger: supervisor))
        let ended = Mutex<Result<Void, any Error>?>(nil)
        loop.spawn {
            do {
                try await group.run()
                ended.withLock { $0 = .success(()) }
            } catch {
                ended.withLock { $0 = .failure(error) }
            }
        }
        let received = Mutex<[CommandEnvelope]>([])
        let collector = loop.spawn { for await c in commands { received.withLock { $0.append(c) } } }
        defer {
            collector.cancel()
            loop.drain()
        }
        loop.drain()

        func press(_ ms: Int) {
            edgeSink.yield(GPIOEdgeEvent(offset: 17, edge: .falling, timestamp: .milliseconds(ms)))
            edgeSink.yield(GPIOEdgeEvent(offset: 17, edge: .rising, timestamp: .milliseconds(ms + 100)))
        }

        for round in 0..<2 {
            gestures.mailbox.inject(InjectedFailure(actor: GestureActor.name))
            press(1000 * (round + 1))       // the buttons keep working while gestures restart
            loop.drain()
            XCTAssertEqual(received.withLock { $0.count }, round + 1, "the press was handled while gestures rest")
            XCTAssertEqual(logs.matching("gestures actor restarted (restart \(round + 1))").count, 0, "not before its backoff")
            loop.advance(by: .milliseconds(20 << round))   // the backoff doubles: 20 ms, then 40 ms
            XCTAssertEqual(clock.elapsed, .milliseconds(20 << round) + (round == 1 ? .milliseconds(20) : .zero), "at its backoff")
            XCTAssertEqual(logs.matching("gestures actor restarted (restart \(round + 1))").count, 1, "\(logs.all)")
        }
        // The restarted actor works again: a right swipe on the case (0.6 of the strip in 150 ms).
        let t0 = clock.elapsed
        for (i, x) in [0.2, 0.4, 0.6, 0.8].enumerated() {
            touchSink.yield(TouchEvent(side: .right, id: 1, phase: i == 0 ? .began : .moved, x: x, y: 0.5,
                                                 time: t0 + .milliseconds(50 * i)))
        }
        touchSink.yield(TouchEvent(side: .right, id: 1, phase: .ended, x: 0.8, y: 0.5, time: t0 + .milliseconds(160)))
        loop.drain()

        XCTAssertEqual(received.withLock { $0.map(\.command) }, [.togglePause, .togglePause, .nextWaypoint])
        XCTAssertEqual(received.withLock { $0.last?.source }, .gesture(.swipe(.right)))
        XCTAssertEqual(logs.matching("gestures actor failed: injected failure").count, 2)
        XCTAssertTrue(logs.matching("buttons actor failed").isEmpty)
        try loop.run { await group.triggerGracefulShutdown() }
        XCTAssertNotNil(ended.withLock { $0 }, "the group ended on shutdown")
        try ended.withLock { $0 }?.get()
    }
}
