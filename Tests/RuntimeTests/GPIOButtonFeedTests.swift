import Config
import Logging
import Navigation
import Platform
@testable import Runtime
import Synchronization
import WayfinderTestKit
import XCTest

/// The GPIO path of the buttons without a chip: requests that deliver kernel-style edges (a press on
/// GPIO17, then a read failure, then a long press on GPIO27 from the lines requested again), through
/// the feed and `ButtonActor`, to the commands the configuration binds.
final class GPIOButtonFeedTests: XCTestCase {
    struct ReadFailed: Error, CustomStringConvertible {
        var description: String { "reading GPIO edges on lines [17, 27] failed on /dev/gpiochip0: Input/output error (errno 5)" }
    }

    final class Counter: Sendable {
        private let value = Mutex(0)
        func add() { value.withLock { $0 += 1 } }
        var count: Int { value.withLock { $0 } }
    }

    func request(_ edges: [GPIOEdgeEvent], thenFail: Bool, released: Counter) -> GPIOButtonFeed.Request {
        GPIOButtonFeed.Request(source: "gpiochip0 \"test\" lines 17, 27", edges: {
            AsyncThrowingStream { continuation in
                for edge in edges { continuation.yield(edge) }
                if thenFail { continuation.finish(throwing: ReadFailed()) }  // else: open until cancelled
            }
        }, release: { released.add() })
    }

    /// The feed, its retry and the button actor run on a test loop; the retry's backoff passes as the
    /// test moves the loop's clock.
    func testEdgesBecomeBoundCommandsAndAFailedReadIsLoggedAndTheLinesRequestedAgain() throws {
        let loop = TestEventLoop()
        let logs = LogCapture()
        let released = Counter()
        let requestsMade = Counter()
        let first = request([GPIOEdgeEvent(offset: 17, edge: .falling, timestamp: .milliseconds(1000)),
                             GPIOEdgeEvent(offset: 17, edge: .rising, timestamp: .milliseconds(1120))],
                            thenFail: true, released: released)
        let second = request([GPIOEdgeEvent(offset: 27, edge: .falling, timestamp: .milliseconds(5000)),
                              GPIOEdgeEvent(offset: 27, edge: .rising, timestamp: .milliseconds(6000))],
                             thenFail: false, released: released)
        let feed = GPIOButtonFeed(source: "gpiochip0 \"test\" lines 17, 27", first: first, request: {
            requestsMade.add()
            return second
        }, clock: loop.clock, logger: logs.logger("buttons-gpio"),
           backoff: RestartBackoff(initial: .milliseconds(20), maximum: .milliseconds(50), healthyRun: .seconds(60)))

        let configuration = ButtonConfiguration(debounce: .milliseconds(30), longPress: .milliseconds(800), bindings: [
            ButtonBinding(line: 17, press: .togglePause),
            ButtonBinding(line: 27, press: .nextWaypoint, longPress: .stop),
        ])
        let (commands, commandSink) = AsyncStream<CommandEnvelope>.makeStream()
        let buttons = ButtonActor(configuration: configuration, edges: feed.edges, commands: commandSink, clock: loop.clock,
                                  logger: logs.logger(ButtonActor.name), health: HealthMonitor(expected: [ButtonActor.name]),
                                  executor: loop)
        let feeding = loop.spawn { await feed.run() }
        let acting = loop.spawn { _ = try? await buttons.run() }
        let collected = Mutex<[CommandEnvelope]>([])
        let collecting = loop.spawn { for await command in commands { collected.withLock { $0.append(command) } } }
        loop.drain()
        XCTAssertEqual(requestsMade.count, 0, "the retry waits its 20 ms")
        loop.advance(by: .milliseconds(20))
        XCTAssertEqual(requestsMade.count, 1)
        loop.advance(by: .seconds(1))
        let received = collected.withLock { $0 }
        feeding.cancel()
        buttons.mailbox.send(ButtonActor.Event.shutdown)
        loop.drain()
        collecting.cancel()
        acting.cancel()
        loop.drain()

        XCTAssertEqual(received, [CommandEnvelope(.togglePause, from: .button(line: 17, press: .single)),
                                  CommandEnvelope(.stop, from: .button(line: 27, press: .long))])
        XCTAssertEqual(requestsMade.count, 1, "the lines were requested once more after the failure")
        XCTAssertEqual(released.count, 2, "the failed request was released, and the second one at the end")
        let text = logs.all.joined(separator: "\n")
        XCTAssertFalse(logs.matching("buttons on gpiochip0 \"test\" lines 17, 27: reading GPIO edges on lines [17, 27] failed").isEmpty, text)
        XCTAssertFalse(logs.matching("requesting the button lines again in").isEmpty, text)
    }
}
