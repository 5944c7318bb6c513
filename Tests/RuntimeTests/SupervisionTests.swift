import Logging
import Platform
@testable import Runtime
import ServiceLifecycle
import TouchCase
import Config
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
    /// actor goes on turning presses into commands, and both end cleanly on shutdown.
    func testAFailingActorIsRestartedAndTheOthersKeepRunning() async throws {
        let clock = SessionClock.continuous()
        let logs = LogCapture()
        let health = HealthMonitor(expected: ["gestures", "buttons"])
        let (commands, commandSink) = AsyncStream<CommandEnvelope>.makeStream()
        let (touchInput, touchSink) = AsyncStream<TouchEvent>.makeStream()
        let (edges, edgeSink) = AsyncStream<GPIOEdgeEvent>.makeStream()
        let gestures = GestureActor(map: .defaults, touches: touchInput, commands: commandSink, clock: clock,
                                    logger: logs.logger("gestures"), health: health)
        let buttons = ButtonActor(configuration: ButtonConfiguration(bindings: [ButtonBinding(line: 17, press: .togglePause)]),
                                  edges: edges, commands: commandSink, clock: clock, logger: logs.logger("buttons"),
                                  health: health)
        let supervisor = logs.logger("supervisor")
        let backoff = RestartBackoff(initial: .milliseconds(20), maximum: .milliseconds(80))
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [
            .init(service: SupervisedService(name: "gestures", clock: clock, logger: supervisor, backoff: backoff) { try await gestures.run() },
                  successTerminationBehavior: .ignore, failureTerminationBehavior: .gracefullyShutdownGroup),
            .init(service: SupervisedService(name: "buttons", clock: clock, logger: supervisor, backoff: backoff) { try await buttons.run() },
                  successTerminationBehavior: .ignore, failureTerminationBehavior: .gracefullyShutdownGroup),
        ], logger: supervisor))
        let run = Task { try await group.run() }
        var received: [CommandEnvelope] = []
        var iterator = commands.makeAsyncIterator()

        func press(_ ms: Int) {
            edgeSink.yield(GPIOEdgeEvent(offset: 17, edge: .falling, timestamp: .milliseconds(ms)))
            edgeSink.yield(GPIOEdgeEvent(offset: 17, edge: .rising, timestamp: .milliseconds(ms + 100)))
        }

        for round in 0..<2 {
            gestures.mailbox.inject(InjectedFailure(actor: GestureActor.name))
            press(1000 * (round + 1))       // the buttons keep working while gestures restart
            received.append(await iterator.next()!)
            try await waitUntil { logs.matching("gestures actor restarted (restart \(round + 1))").count == 1 }
        }
        // The restarted actor works again: a right swipe on the case (0.6 of the strip in 150 ms).
        let t0 = clock.elapsed
        for (i, x) in [0.2, 0.4, 0.6, 0.8].enumerated() {
            touchSink.yield(TouchEvent(side: .right, id: 1, phase: i == 0 ? .began : .moved, x: x, y: 0.5,
                                                 time: t0 + .milliseconds(50 * i)))
        }
        touchSink.yield(TouchEvent(side: .right, id: 1, phase: .ended, x: 0.8, y: 0.5, time: t0 + .milliseconds(160)))
        received.append(await iterator.next()!)

        XCTAssertEqual(received.map(\.command), [.togglePause, .togglePause, .nextWaypoint])
        XCTAssertEqual(received.last?.source, .gesture(.swipe(.right)))
        XCTAssertEqual(logs.matching("gestures actor failed: injected failure").count, 2)
        XCTAssertTrue(logs.matching("buttons actor failed").isEmpty)
        await group.triggerGracefulShutdown()
        try await run.value
    }
}

/// Polls a condition (real time, bounded) — for waiting on other tasks' side effects.
func waitUntil(timeout: Duration = .seconds(10), _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        if ContinuousClock.now > deadline { throw TimedOut() }
        try await Task.sleep(for: .milliseconds(5))
    }
}

struct TimedOut: Error, CustomStringConvertible {
    var description: String { "the awaited condition did not become true in time" }
}
