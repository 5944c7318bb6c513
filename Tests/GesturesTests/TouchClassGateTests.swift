import Controls
import Gestures
import XCTest

/// The gate between the touch case and the gesture pipeline: a touch waits for its class until it
/// ends, reads pen or eraser, or 8 cycles (133 ms) have passed since it began; it then goes on with
/// its events in time order and the class it has then.
final class TouchClassGateTests: XCTestCase {
    func event(_ id: Int, _ phase: TouchPhase, ms: Int, side: CaseSide = .right) -> TouchEvent {
        TouchEvent(side: side, id: id, phase: phase, x: 0.5, y: 0.5, time: .milliseconds(ms))
    }

    func testWithoutWaitingEveryEventPassesAtOnceWithItsClass() {
        var gate = TouchClassGate()
        let passed = gate.receive(event(1, .began, ms: 0)) { _ in .unknown }
        XCTAssertEqual(passed.map(\.phase), [.began])
        XCTAssertEqual(gate.heldTouches, 0)
        XCTAssertNil(gate.nextDeadline)
    }

    /// A finger read after its first move still waits the 133 ms the pen's down event may take; at
    /// its next event after that, all its events go on as a finger's.
    func testAFingerWaitsTheWindowThenGoesOnWithItsEventsInOrder() {
        var gate = TouchClassGate()
        _ = gate.setWaiting(true) { _ in .unknown }
        XCTAssertEqual(gate.receive(event(1, .began, ms: 0)) { _ in .unknown }, [])
        XCTAssertEqual(gate.nextDeadline, TouchClassGate.window)
        XCTAssertEqual(gate.receive(event(1, .moved, ms: 20)) { _ in .finger }, [])
        XCTAssertEqual(TouchClassGate.window, .microseconds(133_334))
        let released = gate.receive(event(1, .moved, ms: 140)) { _ in .finger }
        XCTAssertEqual(released.map(\.time), [.zero, .milliseconds(20), .milliseconds(140)])
        XCTAssertEqual(Set(released.map(\.touchClass)), [.finger])
        XCTAssertEqual(gate.receive(event(1, .ended, ms: 160)) { _ in .finger }.map(\.phase), [.ended], "no longer held")
    }

    func testThePenGoesOnAsSoonAsItReadsPenAndAnEndReleasesAtOnce() {
        var gate = TouchClassGate()
        _ = gate.setWaiting(true) { _ in .unknown }
        _ = gate.receive(event(1, .began, ms: 0)) { _ in .unknown }
        XCTAssertEqual(gate.receive(event(1, .moved, ms: 40)) { _ in .pen }.map(\.touchClass), [.pen, .pen])
        _ = gate.receive(event(2, .began, ms: 200)) { _ in .unknown }
        XCTAssertEqual(gate.receive(event(2, .ended, ms: 280)) { _ in .finger }.map(\.touchClass), [.finger, .finger], "a tap")
    }

    /// A touch without further events is released by the actor's alarm at its deadline, and two
    /// touches released together come out in time order.
    func testTheDeadlineReleasesStillTouchesInTimeOrder() {
        var gate = TouchClassGate()
        _ = gate.setWaiting(true) { _ in .unknown }
        _ = gate.receive(event(1, .began, ms: 0, side: .left)) { _ in .unknown }
        _ = gate.receive(event(2, .began, ms: 5, side: .top)) { _ in .unknown }
        _ = gate.receive(event(1, .moved, ms: 20, side: .left)) { _ in .unknown }
        XCTAssertEqual(gate.release(now: .milliseconds(100)) { _ in .palm }, [])
        let released = gate.release(now: .milliseconds(140)) { _ in .palm }
        XCTAssertEqual(released.map(\.id), [1, 2, 1])
        XCTAssertEqual(Set(released.map(\.touchClass)), [.palm])
        XCTAssertNil(gate.nextDeadline)
    }

    /// The pen goes away: nothing waits any more, and what was held goes on at once.
    func testTurningTheWaitOffReleasesWhatWasHeld() {
        var gate = TouchClassGate()
        _ = gate.setWaiting(true) { _ in .unknown }
        _ = gate.receive(event(1, .began, ms: 0)) { _ in .unknown }
        XCTAssertEqual(gate.setWaiting(false) { _ in .unknown }.map(\.phase), [.began])
        XCTAssertEqual(gate.heldTouches, 0)
    }
}
