import Config
import Logging
import Navigation
import Platform
@testable import Runtime
import Synchronization
import WayfinderTestKit
import XCTest

/// The button actor on a test loop and its clock: presses held back for a double press are sent when
/// the window closes on the actor's clock, with no edge or heartbeat needed; presses on other lines
/// are not delayed.
final class ButtonActorTests: XCTestCase {
    /// The kernel's event clock is far from the session clock's zero, as on a Pi that booted long ago.
    let boot: Duration = .seconds(5000)

    private final class Received: Sendable {
        let all = Mutex<[CommandEnvelope]>([])
        let pairLevels = Mutex<[Bool]>([])
        var commands: [NavigationCommand] { all.withLock { $0.map(\.command) } }
    }

    private struct Rig {
        let actor: ButtonActor
        let loop: TestEventLoop
        let edges: AsyncStream<GPIOEdgeEvent>.Continuation
        let received: Received
        let tasks: [Task<Void, Never>]
    }

    /// GPIO17: press toggle-pause, long press announce-battery, double press stop (400 ms window).
    /// GPIO27: press next-waypoint only, so it never waits. GPIO5: the Pencil's pair control.
    private func makeRig() -> Rig {
        let loop = TestEventLoop()
        let (edges, edgeSink) = AsyncStream<GPIOEdgeEvent>.makeStream()
        let (commands, commandSink) = AsyncStream<CommandEnvelope>.makeStream()
        let (levels, levelSink) = AsyncStream<Bool>.makeStream()
        var configuration = ButtonConfiguration(debounce: .milliseconds(30), longPress: .milliseconds(800),
                                                doublePressWindow: .milliseconds(400), bindings: [
            ButtonBinding(line: 17, press: .togglePause, longPress: .announceBattery, doublePress: .stop),
            ButtonBinding(line: 27, press: .nextWaypoint),
        ])
        configuration.pairPencilLine = 5
        let actor = ButtonActor(configuration: configuration, edges: edges, commands: commandSink,
                                pairControl: levelSink, clock: loop.clock, logger: Logger(label: "buttons-test"),
                                health: HealthMonitor(expected: [ButtonActor.name]), executor: loop)
        let received = Received()
        let run = loop.spawn { _ = try? await actor.run() }
        let collect = loop.spawn { for await c in commands { received.all.withLock { $0.append(c) } } }
        let collectLevels = loop.spawn { for await l in levels { received.pairLevels.withLock { $0.append(l) } } }
        loop.drain()
        return Rig(actor: actor, loop: loop, edges: edgeSink, received: received,
                   tasks: [run, collect, collectLevels])
    }

    /// Stops the rig's tasks and runs them to their end.
    private func finish(_ rig: Rig) {
        rig.tasks.forEach { $0.cancel() }
        rig.loop.drain()
    }

    /// Yields edges (`line`, falling or rising, milliseconds on the event clock), drains the loop and
    /// checks that the actor has handled them all.
    private func edges(_ rig: Rig, _ list: [(UInt32, GPIOEdge, Int)],
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let actor = rig.actor
        let before = try rig.loop.run { await actor.edgesSeen }
        for (offset, edge, ms) in list {
            rig.edges.yield(GPIOEdgeEvent(offset: offset, edge: edge, timestamp: boot + .milliseconds(ms)))
        }
        XCTAssertEqual(try rig.loop.run { await actor.edgesSeen }, before + list.count, file: file, line: line)
    }

    /// Moves session time on; every sleeper due wakes and sends what it sends before this returns.
    private func advance(_ rig: Rig, by duration: Duration) {
        rig.loop.advance(by: duration)
    }

    func testAHeldBackPressIsSentWhenTheDoublePressWindowClosesOnTheClockAndOtherLinesAreNotDelayed() throws {
        let rig = makeRig()
        defer { finish(rig) }
        try edges(rig, [(27, .falling, 0), (27, .rising, 100)])
        try settled(rig) { rig.received.commands == [.nextWaypoint] }       // at once, session time still 0
        try edges(rig, [(17, .falling, 200), (17, .rising, 300)])
        advance(rig, by: .milliseconds(399))
        XCTAssertEqual(rig.received.commands, [.nextWaypoint], "the window is still open")
        advance(rig, by: .milliseconds(1))
        try settled(rig) { rig.received.commands == [.nextWaypoint, .togglePause] }
        XCTAssertEqual(rig.received.all.withLock { $0.last?.source }, .button(line: 17, press: .single))
    }

    func testTwoShortPressesInsideTheWindowSendTheDoublePressCommandOnly() throws {
        let rig = makeRig()
        defer { finish(rig) }
        try edges(rig, [(17, .falling, 0), (17, .rising, 100)])
        advance(rig, by: .milliseconds(300))
        try edges(rig, [(17, .falling, 350), (17, .rising, 450)])
        try settled(rig) { rig.received.commands == [.stop] }
        XCTAssertEqual(rig.received.all.withLock { $0.first?.source }, .button(line: 17, press: .double))
        advance(rig, by: .seconds(2))
        // A later press on the other line is the next command: nothing of the pair was left behind.
        try edges(rig, [(27, .falling, 3000), (27, .rising, 3100)])
        try settled(rig) { rig.received.commands == [.stop, .nextWaypoint] }
    }

    func testASecondPressHeldLongSendsTheFirstAsAPressWhenItTurnsLongThenTheLongPressAtRelease() throws {
        let rig = makeRig()
        defer { finish(rig) }
        try edges(rig, [(17, .falling, 0), (17, .rising, 100), (17, .falling, 300)])
        // The wait for the first press's window was replaced by one for the second press turning long.
        advance(rig, by: .milliseconds(799))
        XCTAssertEqual(rig.received.commands, [])
        advance(rig, by: .milliseconds(1))
        try settled(rig) { rig.received.commands == [.togglePause] }
        try edges(rig, [(17, .rising, 1500)])
        try settled(rig) { rig.received.commands == [.togglePause, .announceBattery] }
    }

    /// The pair control's line gives its level, held while low, with contact bounce and a repeated
    /// edge dropped; it is never a press, and the other lines are decoded as before.
    func testThePairControlLineGivesItsLevelAndNoCommands() throws {
        let rig = makeRig()
        defer { finish(rig) }
        try edges(rig, [(5, .falling, 0), (5, .rising, 1), (5, .falling, 2),   // a bouncing press
                              (5, .falling, 900),                                     // a repeated edge
                              (5, .rising, 2000)])
        try settled(rig) { rig.received.pairLevels.withLock { $0 } == [true, false] }
        try edges(rig, [(27, .falling, 2100), (27, .rising, 2200)])
        try settled(rig) { rig.received.commands == [.nextWaypoint] }
        XCTAssertEqual(rig.received.pairLevels.withLock { $0 }, [true, false])
        advance(rig, by: .seconds(3))
        XCTAssertEqual(rig.received.commands, [.nextWaypoint], "the 2 s hold was not a long press of anything")
    }

    /// Drains the loop (session time stands still) and checks `condition`: whatever was ready to run
    /// has run.
    private func settled(_ rig: Rig, file: StaticString = #filePath, line: UInt = #line,
                         _ condition: () -> Bool) throws {
        rig.loop.drain()
        XCTAssertTrue(condition(), "not so once the loop ran dry", file: file, line: line)
    }
}
