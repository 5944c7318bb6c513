import Clocks
import Config
import Logging
import Navigation
import Platform
@testable import Runtime
import Synchronization
import XCTest

/// The button actor on a test clock: presses held back for a double press are sent when the window
/// closes on the actor's clock, with no edge or heartbeat needed; presses on other lines are not delayed.
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
        let testClock: TestClock<Duration>
        let edges: AsyncStream<GPIOEdgeEvent>.Continuation
        let received: Received
        let tasks: [Task<Void, Never>]
    }

    /// GPIO17: press toggle-pause, long press announce-battery, double press stop (400 ms window).
    /// GPIO27: press next-waypoint only, so it never waits. GPIO5: the Pencil's pair control.
    private func makeRig() -> Rig {
        let testClock = TestClock()
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
                                pairControl: levelSink, clock: SessionClock(testClock), logger: Logger(label: "buttons-test"),
                                health: HealthMonitor(expected: [ButtonActor.name]))
        let received = Received()
        let run = Task { _ = try? await actor.run() }
        let collect = Task { for await c in commands { received.all.withLock { $0.append(c) } } }
        let collectLevels = Task { for await l in levels { received.pairLevels.withLock { $0.append(l) } } }
        return Rig(actor: actor, testClock: testClock, edges: edgeSink, received: received,
                   tasks: [run, collect, collectLevels])
    }

    /// Yields edges (`line`, falling or rising, milliseconds on the event clock) and waits until the
    /// actor has handled them all.
    private func edges(_ rig: Rig, _ list: [(UInt32, GPIOEdge, Int)]) async throws {
        let before = await rig.actor.edgesSeen
        for (line, edge, ms) in list {
            rig.edges.yield(GPIOEdgeEvent(offset: line, edge: edge, timestamp: boot + .milliseconds(ms)))
        }
        try await settle { await rig.actor.edgesSeen == before + list.count }
    }

    /// Moves session time on and gives the woken sleepers a moment to send what they send.
    private func advance(_ rig: Rig, by duration: Duration) async throws {
        await rig.testClock.advance(by: duration)
        try await Task.sleep(for: .milliseconds(20))
    }

    func testAHeldBackPressIsSentWhenTheDoublePressWindowClosesOnTheClockAndOtherLinesAreNotDelayed() async throws {
        let rig = makeRig()
        defer { rig.tasks.forEach { $0.cancel() } }
        try await edges(rig, [(27, .falling, 0), (27, .rising, 100)])
        try await settle { rig.received.commands == [.nextWaypoint] }       // at once, session time still 0
        try await edges(rig, [(17, .falling, 200), (17, .rising, 300)])
        try await advance(rig, by: .milliseconds(399))
        XCTAssertEqual(rig.received.commands, [.nextWaypoint], "the window is still open")
        try await advance(rig, by: .milliseconds(1))
        try await settle { rig.received.commands == [.nextWaypoint, .togglePause] }
        XCTAssertEqual(rig.received.all.withLock { $0.last?.source }, .button(line: 17, press: .single))
    }

    func testTwoShortPressesInsideTheWindowSendTheDoublePressCommandOnly() async throws {
        let rig = makeRig()
        defer { rig.tasks.forEach { $0.cancel() } }
        try await edges(rig, [(17, .falling, 0), (17, .rising, 100)])
        try await advance(rig, by: .milliseconds(300))
        try await edges(rig, [(17, .falling, 350), (17, .rising, 450)])
        try await settle { rig.received.commands == [.stop] }
        XCTAssertEqual(rig.received.all.withLock { $0.first?.source }, .button(line: 17, press: .double))
        try await advance(rig, by: .seconds(2))
        // A later press on the other line is the next command: nothing of the pair was left behind.
        try await edges(rig, [(27, .falling, 3000), (27, .rising, 3100)])
        try await settle { rig.received.commands == [.stop, .nextWaypoint] }
    }

    func testASecondPressHeldLongSendsTheFirstAsAPressWhenItTurnsLongThenTheLongPressAtRelease() async throws {
        let rig = makeRig()
        defer { rig.tasks.forEach { $0.cancel() } }
        try await edges(rig, [(17, .falling, 0), (17, .rising, 100), (17, .falling, 300)])
        // The wait for the first press's window was replaced by one for the second press turning long.
        try await advance(rig, by: .milliseconds(799))
        XCTAssertEqual(rig.received.commands, [])
        try await advance(rig, by: .milliseconds(1))
        try await settle { rig.received.commands == [.togglePause] }
        try await edges(rig, [(17, .rising, 1500)])
        try await settle { rig.received.commands == [.togglePause, .announceBattery] }
    }

    /// The pair control's line gives its level, held while low, with contact bounce and a repeated
    /// edge dropped; it is never a press, and the other lines are decoded as before.
    func testThePairControlLineGivesItsLevelAndNoCommands() async throws {
        let rig = makeRig()
        defer { rig.tasks.forEach { $0.cancel() } }
        try await edges(rig, [(5, .falling, 0), (5, .rising, 1), (5, .falling, 2),   // a bouncing press
                              (5, .falling, 900),                                     // a repeated edge
                              (5, .rising, 2000)])
        try await settle { rig.received.pairLevels.withLock { $0 } == [true, false] }
        try await edges(rig, [(27, .falling, 2100), (27, .rising, 2200)])
        try await settle { rig.received.commands == [.nextWaypoint] }
        XCTAssertEqual(rig.received.pairLevels.withLock { $0 }, [true, false])
        try await advance(rig, by: .seconds(3))
        XCTAssertEqual(rig.received.commands, [.nextWaypoint], "the 2 s hold was not a long press of anything")
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
