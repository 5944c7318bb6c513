@testable import Platform
import XCTest

/// `LoopTimers`: the event loop wakes no later than the earliest deadline plus leeway of any timer,
/// and on any wake runs every timer past its deadline, so a lenient timer rides along with a wake-up
/// the loop makes anyway.
final class LoopTimersTests: XCTestCase {
    private let zero = ContinuousClock.now

    private func at(_ milliseconds: Int64) -> ContinuousClock.Instant { zero.advanced(by: .milliseconds(milliseconds)) }

    func testWithoutLeewayTheLoopWakesAtTheEarliestDeadline() {
        var timers = LoopTimers<String>()
        XCTAssertNil(timers.wakeTime, "no timer: no timeout")
        timers.insert("b", id: 2, deadline: at(300))
        timers.insert("a", id: 1, deadline: at(100))
        XCTAssertEqual(timers.wakeTime, at(100))
    }

    func testALenientTimerIsWokenForAtItsDeadlinePlusLeeway() {
        var timers = LoopTimers<String>()
        timers.insert("drain", id: 1, deadline: at(4_000), leeway: .seconds(2))
        XCTAssertEqual(timers.wakeTime, at(6_000))
        XCTAssertEqual(timers.takeDue(at: at(3_999)), [], "not before its deadline")
        XCTAssertEqual(timers.takeDue(at: at(4_500)), ["drain"], "any wake after its deadline runs it")
        XCTAssertTrue(timers.isEmpty)
    }

    /// A strict timer due before a lenient one's latest time sets the wake; the lenient one runs
    /// then only if it is past its deadline.
    func testTheWakeIsTheEarliestLatestTimeNotTheEarliestDeadline() {
        var timers = LoopTimers<String>()
        timers.insert("health", id: 1, deadline: at(1_000), leeway: .seconds(1))
        timers.insert("poll", id: 2, deadline: at(1_500))
        timers.insert("later", id: 3, deadline: at(1_900), leeway: .milliseconds(10))
        XCTAssertEqual(timers.wakeTime, at(1_500))
        XCTAssertEqual(timers.takeDue(at: at(1_500)), ["health", "poll"])
        XCTAssertEqual(timers.wakeTime, at(1_910))
    }

    func testALaterDeadlineWithLessLeewayCanSetTheWake() {
        var timers = LoopTimers<String>()
        timers.insert("lenient", id: 1, deadline: at(100), leeway: .seconds(5))
        timers.insert("strict", id: 2, deadline: at(200))
        XCTAssertEqual(timers.wakeTime, at(200))
        XCTAssertEqual(timers.takeDue(at: at(150)), ["lenient"])
        XCTAssertEqual(timers.takeDue(at: at(200)), ["strict"])
    }

    func testEqualDeadlinesRunInArrivalOrderAndARemovedTimerDoesNotRun() {
        var timers = LoopTimers<String>()
        timers.insert("first", id: 1, deadline: at(100))
        timers.insert("second", id: 2, deadline: at(100))
        timers.insert("third", id: 3, deadline: at(100), leeway: .milliseconds(50))
        XCTAssertEqual(timers.remove(id: 2), "second")
        XCTAssertNil(timers.remove(id: 2), "already removed")
        XCTAssertEqual(timers.takeDue(at: at(100)), ["first", "third"])
    }

    func testANegativeLeewayCountsAsNone() {
        var timers = LoopTimers<String>()
        timers.insert("t", id: 1, deadline: at(100), leeway: .milliseconds(-50))
        XCTAssertEqual(timers.wakeTime, at(100))
    }
}
