import Controls
import Gestures
import Logging
import Navigation
import Pencil
import Platform
@testable import Runtime
import Synchronization
import TouchCase
import WayfinderTestKit
import XCTest

/// The gesture actor between the touch case, the pencil and navigation: live touches through the
/// binding pipeline, pen clicks through the click map, touches passed on to the pencil's pairing spot.
final class GestureActorTests: XCTestCase {
    private struct Rig {
        let loop: TestEventLoop
        let actor: GestureActor
        let touches: AsyncStream<TouchEvent>.Continuation
        let pen: AsyncStream<PencilActor.Output>.Continuation
        let commands: Collected<CommandEnvelope>
        let penTouches: Collected<TouchInput>
        let tasks: [Task<Void, Never>]

        /// Runs what the sent input made ready, then the first command not yet taken, if any.
        func nextCommand() -> CommandEnvelope? {
            loop.drain()
            return commands.takeFirst()
        }

        /// As `nextCommand`, for the touches passed on to the pencil.
        func nextPenTouch() -> TouchInput? {
            loop.drain()
            return penTouches.takeFirst()
        }

        var recognized: Int { get throws { try loop.run { [actor] in await actor.recognized } } }

        /// Stops the actor and the collectors and runs them to their end.
        func finish() {
            tasks.forEach { $0.cancel() }
            loop.drain()
        }

        /// One finger's straight stroke, reported every 20 ms, from `start` (session time).
        func stroke(side: CaseSide, id: Int = 1, start: Duration, from: Double, to: Double) {
            for i in 0...5 {
                let x = from + (to - from) * Double(i) / 5
                touches.yield(TouchEvent(side: side, id: id, phase: i == 0 ? .began : .moved, x: x, y: 0.5,
                                                   time: start + .milliseconds(20 * i)))
            }
            touches.yield(TouchEvent(side: side, id: id, phase: .ended, x: to, y: 0.5, time: start + .milliseconds(110)))
        }
    }

    /// What a stream gave, in order, for the test to take.
    private final class Collected<Element: Sendable>: Sendable {
        private let items = Mutex<[Element]>([])

        func append(_ item: Element) { items.withLock { $0.append(item) } }

        func takeFirst() -> Element? { items.withLock { $0.isEmpty ? nil : $0.removeFirst() } }
    }

    private func makeRig(_ map: GestureCommandMap) -> Rig {
        let loop = TestEventLoop()
        let (touches, touchSink) = AsyncStream<TouchEvent>.makeStream()
        let (pen, penSink) = AsyncStream<PencilActor.Output>.makeStream()
        let (penTouches, penTouchSink) = AsyncStream<TouchInput>.makeStream()
        let (commands, commandSink) = AsyncStream<CommandEnvelope>.makeStream()
        let actor = GestureActor(map: map, sensedSides: [.left, .right], touches: touches, pen: pen,
                                 penTouches: penTouchSink, commands: commandSink, clock: loop.clock,
                                 logger: Logger(label: "gestures-test"), health: HealthMonitor(expected: [GestureActor.name]),
                                 executor: loop)
        let collectedCommands = Collected<CommandEnvelope>(), collectedTouches = Collected<TouchInput>()
        let tasks = [
            loop.spawn { _ = try? await actor.run() },
            loop.spawn { for await command in commands { collectedCommands.append(command) } },
            loop.spawn { for await touch in penTouches { collectedTouches.append(touch) } },
        ]
        loop.drain()
        return Rig(loop: loop, actor: actor, touches: touchSink, pen: penSink, commands: collectedCommands,
                   penTouches: collectedTouches, tasks: tasks)
    }

    func testASwipeOnItsBoundSideBecomesItsCommandAndOnAnotherSideNothing() throws {
        let rig = makeRig(GestureCommandMap([GestureBinding(.swipe(.right), sides: [.right], command: .nextWaypoint),
                                             GestureBinding(.swipe(.left), command: .previousWaypoint)]))
        defer { rig.finish() }
        rig.stroke(side: .left, start: .seconds(1), from: 0.2, to: 0.8)      // a right swipe on the left: unbound there
        rig.stroke(side: .right, id: 2, start: .seconds(2), from: 0.2, to: 0.8)
        rig.stroke(side: .left, id: 3, start: .seconds(3), from: 0.8, to: 0.2)
        let first = rig.nextCommand()
        let second = rig.nextCommand()
        XCTAssertEqual(first?.command, .nextWaypoint)
        XCTAssertEqual(first?.source, .gesture(.swipe(.right)))
        XCTAssertEqual(second?.command, .previousWaypoint)
        let recognized = try rig.recognized
        XCTAssertEqual(recognized, 2)
        // Every touch went on to the pencil, in points (FuffrLib's 320×568 window, FFROverlaySpaceMapper.m).
        let began = rig.nextPenTouch()
        XCTAssertEqual(began?.phase, .began)
        XCTAssertEqual(began?.x ?? 0, 0.2 * 320, accuracy: 1e-9)
        XCTAssertEqual(began?.y ?? 0, 0.5 * 568, accuracy: 1e-9)
        XCTAssertEqual(began?.at, .seconds(1))
    }

    /// A reload's `[gestures]` replaces the bindings: the same swipe now means what the new map says,
    /// and pen clicks follow the new click map.
    func testARemapReplacesTheBindingsForTheNextGestures() throws {
        let rig = makeRig(GestureCommandMap([GestureBinding(.swipe(.right), command: .nextWaypoint)]))
        defer { rig.finish() }
        rig.stroke(side: .right, start: .seconds(1), from: 0.2, to: 0.8)
        let before = rig.nextCommand()
        XCTAssertEqual(before?.command, .nextWaypoint)
        rig.actor.mailbox.send(.remap(GestureCommandMap([GestureBinding(.swipe(.right), command: .stop)],
                                                        clicks: [PenClickGesture(penSwitch: .tip, isLong: false): .announceBattery])))
        rig.stroke(side: .right, id: 2, start: .seconds(2), from: 0.2, to: 0.8)
        let after = rig.nextCommand()
        XCTAssertEqual(after?.command, .stop)
        rig.pen.yield(.click(PenClick(pen: .tip, pressedAt: .seconds(3), releasedAt: .seconds(3) + .milliseconds(100))))
        let click = rig.nextCommand()
        XCTAssertEqual(click?.command, .announceBattery)
    }

    func testPenClicksMapBySwitchAndHold() throws {
        var map = GestureCommandMap.defaults
        map.longClick = .milliseconds(500)
        let rig = makeRig(map)
        defer { rig.finish() }
        func click(_ pen: PenSwitch, ms: Int) -> PencilActor.Output {
            .click(PenClick(pen: pen, pressedAt: .seconds(1), releasedAt: .seconds(1) + .milliseconds(ms)))
        }
        rig.pen.yield(click(.tip, ms: 600))       // long tip: unbound by default
        rig.pen.yield(click(.eraser, ms: 100))    // short eraser: unbound
        rig.pen.yield(click(.tip, ms: 100))
        rig.pen.yield(click(.eraser, ms: 700))
        let first = rig.nextCommand()
        let second = rig.nextCommand()
        XCTAssertEqual(first?.command, .togglePause)
        XCTAssertEqual(first?.source, .pencilClick(.tip))
        XCTAssertEqual(second?.command, .stop)
    }

    /// A lone tap waits for the double tap's 300 ms interval; the actor wakes for that deadline itself,
    /// not at its next 250 ms heartbeat: at 400 ms of session time (deadline 380 ms, heartbeats at 250
    /// and 500 ms) the command is there.
    func testASingleTapIsDeliveredAtTheDoubleTapDeadlineWithoutFurtherInput() throws {
        let loop = TestEventLoop()
        let (touches, touchSink) = AsyncStream<TouchEvent>.makeStream()
        let (commands, commandSink) = AsyncStream<CommandEnvelope>.makeStream()
        let received = Received()
        let actor = GestureActor(map: .defaults, touches: touches, commands: commandSink, clock: loop.clock,
                                 logger: Logger(label: "gestures-test"), health: HealthMonitor(expected: [GestureActor.name]),
                                 executor: loop)
        let run = loop.spawn { _ = try? await actor.run() }
        let collect = loop.spawn { for await c in commands { received.all.withLock { $0.append(c.command) } } }
        defer {
            run.cancel()
            collect.cancel()
            loop.drain()
        }
        touchSink.yield(TouchEvent(side: .left, id: 1, phase: .began, x: 0.5, y: 0.5, time: .zero))
        touchSink.yield(TouchEvent(side: .left, id: 1, phase: .ended, x: 0.5, y: 0.5, time: .milliseconds(80)))
        loop.drain()
        XCTAssertEqual(try loop.run { await actor.touchesSeen }, 2)
        loop.advance(by: .milliseconds(370))    // to 370 ms: still waiting for a second tap
        XCTAssertEqual(received.all.withLock { $0 }, [])
        loop.advance(by: .milliseconds(30))
        XCTAssertEqual(received.all.withLock { $0 }, [.announceDirection])
    }

    private final class Received: Sendable {
        let all = Mutex<[NavigationCommand]>([])
    }
}
