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

/// Bindings restricted to touch classes, through the gesture actor with the Pencil's classifier:
/// with the pen connected a finger's swipe fires the finger binding, the pen's stroke only the pen
/// binding, and a palm (touches that overlap another) no finger binding. Touches, switch events and
/// the pen's state reach the actor as the touch case and pencil actors send them, on a test loop.
final class GestureClassifierActorTests: XCTestCase {
    private final class Collected: Sendable {
        private let items = Mutex<[CommandEnvelope]>([])
        func append(_ item: CommandEnvelope) { items.withLock { $0.append(item) } }
        var commands: [NavigationCommand] { items.withLock { $0.map(\.command) } }
    }

    private struct Rig {
        let loop: TestEventLoop
        let actor: GestureActor
        let touches: AsyncStream<TouchEvent>.Continuation
        let penOutputs: AsyncStream<PencilActor.Output>.Continuation
        let collected: Collected
        let tasks: [Task<Void, Never>]

        /// A touch event, handled before this returns.
        func touch(_ side: CaseSide, id: Int, _ phase: TouchPhase, x: Double, at time: Duration) {
            touches.yield(TouchEvent(side: side, id: id, phase: phase, x: x, y: 0.5, time: time))
            loop.drain()
        }

        /// A pen output, handled before this returns.
        func pen(_ output: PencilActor.Output) {
            penOutputs.yield(output)
            loop.drain()
        }

        func switchChanged(_ pen: PenSwitch, pressed: Bool, at time: Duration) {
            self.pen(.switchChanged(PenSwitchEvent(pen, isPressed: pressed, at: time)))
        }

        /// One touch's straight stroke along x on `side`, reported every 20 ms for 100 ms, ending at
        /// 110 ms; `during` runs after each report, at the report's time.
        func stroke(_ side: CaseSide, id: Int, start: Duration, from: Double, to: Double,
                    during: (Duration) -> Void = { _ in }) {
            for i in 0...5 {
                let t = start + .milliseconds(20 * i)
                touch(side, id: id, i == 0 ? .began : .moved, x: from + (to - from) * Double(i) / 5, at: t)
                during(t)
            }
            touch(side, id: id, .ended, x: to, at: start + .milliseconds(110))
        }

        /// Runs the timers due by `time` (a gesture waiting for another to fail), then stops.
        func finish(at time: Duration) {
            loop.advance(to: time)
            tasks.forEach { $0.cancel() }
            loop.drain()
        }
    }

    private func makeRig(_ bindings: [GestureBinding], clicks: [PenClickGesture: NavigationCommand] = [:],
                         penConnected: Bool = true) -> Rig {
        let loop = TestEventLoop()
        let (touches, touchSink) = AsyncStream<TouchEvent>.makeStream()
        let (pen, penSink) = AsyncStream<PencilActor.Output>.makeStream()
        let (commands, commandSink) = AsyncStream<CommandEnvelope>.makeStream()
        let actor = GestureActor(map: GestureCommandMap(bindings, clicks: clicks), touches: touches, pen: pen, commands: commandSink,
                                 clock: loop.clock, logger: Logger(label: "gestures-test"),
                                 health: HealthMonitor(expected: [GestureActor.name]), executor: loop)
        let collected = Collected()
        let tasks = [
            loop.spawn { _ = try? await actor.run() },
            loop.spawn { for await command in commands { collected.append(command) } },
        ]
        loop.drain()
        let rig = Rig(loop: loop, actor: actor, touches: touchSink, penOutputs: penSink, collected: collected, tasks: tasks)
        if penConnected { rig.pen(.state(.connected)) }
        return rig
    }

    /// swipe-right by a finger is next-waypoint, by the pen previous-waypoint.
    let fingerAndPenSwipes = [
        GestureBinding(.swipe(.right), touchClasses: [.finger], command: .nextWaypoint),
        GestureBinding(.swipe(.right), touchClasses: [.pen], command: .previousWaypoint),
    ]

    func testAFingersSwipeFiresTheFingerBindingWithThePenConnected() {
        let rig = makeRig(fingerAndPenSwipes)
        rig.stroke(.right, id: 1, start: .seconds(1), from: 0.2, to: 0.8)
        rig.finish(at: .seconds(2))
        XCTAssertEqual(rig.collected.commands, [.nextWaypoint])
    }

    /// The pen's tip goes down 25 ms after the touch begins and up 10 ms before it ends, as the
    /// FiftyThree SDK's timing model expects a pen stroke (`PenEvents.cpp`: the down likelihood
    /// peaks 1.5 cycles after the touch, the up 1 cycle before its end).
    func testAPenStrokeFiresOnlyThePenBinding() {
        let rig = makeRig(fingerAndPenSwipes)
        let start = Duration.seconds(1)
        rig.stroke(.right, id: 1, start: start, from: 0.2, to: 0.8) { t in
            if t == start + .milliseconds(20) { rig.switchChanged(.tip, pressed: true, at: start + .milliseconds(25)) }
            if t == start + .milliseconds(100) { rig.switchChanged(.tip, pressed: false, at: start + .milliseconds(100)) }
        }
        rig.finish(at: .seconds(2))
        XCTAssertEqual(rig.collected.commands, [.previousWaypoint])
    }

    /// The tip pressed for a stroke on the case is the stroke's, not a click: with `pencil-tip`
    /// bound, the stroke fires the pen binding and no click command. The same press in the air, with
    /// no touch on the case, is a click.
    func testATipPressedForAStrokeIsNotAClickAndOneInTheAirIs() {
        let rig = makeRig(fingerAndPenSwipes, clicks: [PenClickGesture(penSwitch: .tip, isLong: false): .togglePause])
        let start = Duration.seconds(1)
        rig.stroke(.right, id: 1, start: start, from: 0.2, to: 0.8) { t in
            if t == start + .milliseconds(20) { rig.switchChanged(.tip, pressed: true, at: start + .milliseconds(25)) }
            if t == start + .milliseconds(100) {
                rig.switchChanged(.tip, pressed: false, at: start + .milliseconds(100))
                rig.pen(.click(PenClick(pen: .tip, pressedAt: start + .milliseconds(25), releasedAt: start + .milliseconds(100))))
            }
        }
        rig.loop.advance(to: .seconds(2))
        XCTAssertEqual(rig.collected.commands, [.previousWaypoint], "the stroke's press is not a click")
        rig.switchChanged(.tip, pressed: true, at: .seconds(3))
        rig.switchChanged(.tip, pressed: false, at: .seconds(3) + .milliseconds(120))
        rig.pen(.click(PenClick(pen: .tip, pressedAt: .seconds(3), releasedAt: .seconds(3) + .milliseconds(120))))
        rig.finish(at: .seconds(4))
        XCTAssertEqual(rig.collected.commands, [.previousWaypoint, .togglePause], "a press in the air is a click")
    }

    /// A hand on the case: the heel on the left side and a finger of it on the top, at once. Both
    /// read palm (touches that overlap another are not fingers), so the finger binding on the left
    /// does not fire; the same stroke on the top, bound for every class, does. A lone finger's
    /// stroke on the left afterwards fires the finger binding: the palm's verdict kept it silent.
    func testAPalmOnTheCaseDoesNotFireAFingerBinding() {
        let rig = makeRig([
            GestureBinding(.swipe(.right), sides: [.left], touchClasses: [.finger], command: .nextWaypoint),
            GestureBinding(.swipe(.right), sides: [.top], command: .announceBattery),
        ])
        let start = Duration.seconds(1)
        for i in 0...5 {
            let t = start + .milliseconds(20 * i), x = 0.2 + 0.6 * Double(i) / 5
            rig.touch(.left, id: 1, i == 0 ? .began : .moved, x: x, at: t)
            rig.touch(.top, id: 2, i == 0 ? .began : .moved, x: x, at: t + .milliseconds(5))
        }
        rig.touch(.left, id: 1, .ended, x: 0.8, at: start + .milliseconds(110))
        rig.touch(.top, id: 2, .ended, x: 0.8, at: start + .milliseconds(115))
        rig.stroke(.left, id: 3, start: .seconds(2), from: 0.2, to: 0.8)
        rig.finish(at: .seconds(3))
        XCTAssertEqual(rig.collected.commands, [.announceBattery, .nextWaypoint])
    }

    /// Without a pen the classifier knows no classes (every touch is `unknown`): a finger binding
    /// does not fire, as docs/configuration.md says, and a binding for every class does.
    func testWithoutAPenAFingerBindingDoesNotFire() {
        let rig = makeRig([
            GestureBinding(.swipe(.right), sides: [.right], touchClasses: [.finger], command: .nextWaypoint),
            GestureBinding(.swipe(.right), sides: [.left], command: .previousWaypoint),
        ], penConnected: false)
        rig.stroke(.right, id: 1, start: .seconds(1), from: 0.2, to: 0.8)
        rig.stroke(.left, id: 2, start: .seconds(2), from: 0.2, to: 0.8)
        rig.finish(at: .seconds(3))
        XCTAssertEqual(rig.collected.commands, [.previousWaypoint])
    }
}
