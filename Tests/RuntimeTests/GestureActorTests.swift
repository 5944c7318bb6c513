import Clocks
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
        let actor: GestureActor
        let touches: AsyncStream<TouchEvent>.Continuation
        let pen: AsyncStream<PencilActor.Output>.Continuation
        var commands: AsyncStream<CommandEnvelope>.Iterator
        var penTouches: AsyncStream<TouchInput>.Iterator
        let task: Task<Void, Never>

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

    private func makeRig(_ map: GestureCommandMap) -> Rig {
        let (touches, touchSink) = AsyncStream<TouchEvent>.makeStream()
        let (pen, penSink) = AsyncStream<PencilActor.Output>.makeStream()
        let (penTouches, penTouchSink) = AsyncStream<TouchInput>.makeStream()
        let (commands, commandSink) = AsyncStream<CommandEnvelope>.makeStream()
        let actor = GestureActor(map: map, sensedSides: [.left, .right], touches: touches, pen: pen,
                                 penTouches: penTouchSink, commands: commandSink, clock: .continuous(),
                                 logger: Logger(label: "gestures-test"), health: HealthMonitor(expected: [GestureActor.name]))
        let task = Task { _ = try? await actor.run() }
        return Rig(actor: actor, touches: touchSink, pen: penSink, commands: commands.makeAsyncIterator(),
                   penTouches: penTouches.makeAsyncIterator(), task: task)
    }

    func testASwipeOnItsBoundSideBecomesItsCommandAndOnAnotherSideNothing() async throws {
        var rig = makeRig(GestureCommandMap([GestureBinding(.swipe(.right), sides: [.right], command: .nextWaypoint),
                                             GestureBinding(.swipe(.left), command: .previousWaypoint)]))
        defer { rig.task.cancel() }
        rig.stroke(side: .left, start: .seconds(1), from: 0.2, to: 0.8)      // a right swipe on the left: unbound there
        rig.stroke(side: .right, id: 2, start: .seconds(2), from: 0.2, to: 0.8)
        rig.stroke(side: .left, id: 3, start: .seconds(3), from: 0.8, to: 0.2)
        let first = await rig.commands.next()
        let second = await rig.commands.next()
        XCTAssertEqual(first?.command, .nextWaypoint)
        XCTAssertEqual(first?.source, .gesture(.swipe(.right)))
        XCTAssertEqual(second?.command, .previousWaypoint)
        let recognized = await rig.actor.recognized
        XCTAssertEqual(recognized, 2)
        // Every touch went on to the pencil, in points (FuffrLib's 320×568 window, FFROverlaySpaceMapper.m).
        let began = await rig.penTouches.next()
        XCTAssertEqual(began?.phase, .began)
        XCTAssertEqual(began?.x ?? 0, 0.2 * 320, accuracy: 1e-9)
        XCTAssertEqual(began?.y ?? 0, 0.5 * 568, accuracy: 1e-9)
        XCTAssertEqual(began?.at, .seconds(1))
    }

    /// A reload's `[gestures]` replaces the bindings: the same swipe now means what the new map says,
    /// and pen clicks follow the new click map.
    func testARemapReplacesTheBindingsForTheNextGestures() async throws {
        var rig = makeRig(GestureCommandMap([GestureBinding(.swipe(.right), command: .nextWaypoint)]))
        defer { rig.task.cancel() }
        rig.stroke(side: .right, start: .seconds(1), from: 0.2, to: 0.8)
        let before = await rig.commands.next()
        XCTAssertEqual(before?.command, .nextWaypoint)
        rig.actor.mailbox.send(.remap(GestureCommandMap([GestureBinding(.swipe(.right), command: .stop)],
                                                        clicks: [PenClickGesture(penSwitch: .tip, isLong: false): .announceBattery])))
        rig.stroke(side: .right, id: 2, start: .seconds(2), from: 0.2, to: 0.8)
        let after = await rig.commands.next()
        XCTAssertEqual(after?.command, .stop)
        rig.pen.yield(.click(PenClick(pen: .tip, pressedAt: .seconds(3), releasedAt: .seconds(3) + .milliseconds(100))))
        let click = await rig.commands.next()
        XCTAssertEqual(click?.command, .announceBattery)
    }

    func testPenClicksMapBySwitchAndHold() async throws {
        var map = GestureCommandMap.defaults
        map.longClick = .milliseconds(500)
        var rig = makeRig(map)
        defer { rig.task.cancel() }
        func click(_ pen: PenSwitch, ms: Int) -> PencilActor.Output {
            .click(PenClick(pen: pen, pressedAt: .seconds(1), releasedAt: .seconds(1) + .milliseconds(ms)))
        }
        rig.pen.yield(click(.tip, ms: 600))       // long tip: unbound by default
        rig.pen.yield(click(.eraser, ms: 100))    // short eraser: unbound
        rig.pen.yield(click(.tip, ms: 100))
        rig.pen.yield(click(.eraser, ms: 700))
        let first = await rig.commands.next()
        let second = await rig.commands.next()
        XCTAssertEqual(first?.command, .togglePause)
        XCTAssertEqual(first?.source, .pencilClick(.tip))
        XCTAssertEqual(second?.command, .stop)
    }

    /// A lone tap waits for the double tap's 300 ms interval; the actor wakes for that deadline itself,
    /// not at its next 250 ms heartbeat: at 400 ms of session time (deadline 380 ms, heartbeats at 250
    /// and 500 ms) the command is there.
    func testASingleTapIsDeliveredAtTheDoubleTapDeadlineWithoutFurtherInput() async throws {
        let testClock = TestClock()
        let clock = SessionClock(testClock)
        let (touches, touchSink) = AsyncStream<TouchEvent>.makeStream()
        let (commands, commandSink) = AsyncStream<CommandEnvelope>.makeStream()
        let received = Received()
        let actor = GestureActor(map: .defaults, touches: touches, commands: commandSink, clock: clock,
                                 logger: Logger(label: "gestures-test"), health: HealthMonitor(expected: [GestureActor.name]))
        let run = Task { _ = try? await actor.run() }
        let collect = Task { for await c in commands { received.all.withLock { $0.append(c.command) } } }
        defer { run.cancel(); collect.cancel() }
        touchSink.yield(TouchEvent(side: .left, id: 1, phase: .began, x: 0.5, y: 0.5, time: .zero))
        touchSink.yield(TouchEvent(side: .left, id: 1, phase: .ended, x: 0.5, y: 0.5, time: .milliseconds(80)))
        try await settle { await actor.touchesSeen == 2 }
        for _ in 0..<37 {                       // to 370 ms: still waiting for a second tap
            await testClock.advance(by: .milliseconds(10))
            try await Task.sleep(for: .milliseconds(1))
        }
        XCTAssertEqual(received.all.withLock { $0 }, [])
        await testClock.advance(by: .milliseconds(30))
        try await settle { !received.all.withLock { $0 }.isEmpty }
        XCTAssertEqual(received.all.withLock { $0 }, [.announceDirection])
    }

    private final class Received: Sendable {
        let all = Mutex<[NavigationCommand]>([])
    }

    /// Waits in real time (session time stands still) until `condition` holds.
    private func settle(_ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !(await condition()) {
            if ContinuousClock.now > deadline { XCTFail("never happened"); return }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}
