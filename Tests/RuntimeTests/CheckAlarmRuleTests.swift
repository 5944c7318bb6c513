@testable import Runtime
import XCTest

/// The guidance's check alarm is moved rarely, never left later than the check, and fires early only
/// after a gap in the inputs longer than half the timeout.
final class CheckAlarmRuleTests: XCTestCase {
    /// A walk's fixes every `interval` until `stop`, each moving the GPS check to `timeout` after it;
    /// the actor's alarm as the rule keeps it. Returns how often it was moved, and the times it fired
    /// with nothing due.
    func follow(interval: Duration, timeout: Duration, stop: Duration) -> (moves: Int, early: [Duration]) {
        var armed: Duration?
        var moves = 0
        var early: [Duration] = []
        var lastFix = Duration.zero
        var now = Duration.zero
        let step = Duration.milliseconds(100)
        while now <= stop + timeout * 2 {
            if now <= stop, now - lastFix >= interval || now == .zero { lastFix = now }
            let due = lastFix + timeout
            if let at = armed, at <= now {
                // On time the GPS is lost and the guidance's check is over; early, it is set again.
                if at >= due { break }
                early.append(at)
                armed = nil
            }
            if armed.map({ !CheckAlarmRule.keeps(armed: $0, for: due, now: now) }) ?? true {
                armed = due
                moves += 1
            }
            XCTAssertLessThanOrEqual(armed ?? due, due, "never later than the check, at \(now)")
            now += step
        }
        return (moves, early)
    }

    func testAOneHertzGPSMovesTheAlarmEveryHalfTimeoutAndItNeverFiresEarly() {
        let walk = follow(interval: .seconds(1), timeout: .seconds(10), stop: .seconds(60))
        XCTAssertLessThanOrEqual(walk.moves, 16, "every 5 s over a minute, not at each of 60 fixes")
        XCTAssertGreaterThanOrEqual(walk.moves, 12)
        XCTAssertLessThanOrEqual(walk.early.count, 1, "at most once, after the fixes stop: \(walk.early)")
        XCTAssertTrue(walk.early.allSatisfy { $0 > .seconds(60) }, "none while the fixes came: \(walk.early)")
    }

    func testAFiveHertzCompassWithAThreeSecondTimeoutNeverFiresEarlyWhileItReads() {
        let compass = follow(interval: .milliseconds(200), timeout: .seconds(3), stop: .seconds(30))
        XCTAssertTrue(compass.early.allSatisfy { $0 > .seconds(30) }, "\(compass.early)")
        XCTAssertLessThanOrEqual(compass.moves, 25, "every 1.5 s, not at each of 150 headings")
    }

    func testAnAlarmIsMovedWhenTheCheckComesSoonerOrItIsNearerThanHalfway() {
        XCTAssertTrue(CheckAlarmRule.keeps(armed: .seconds(10), for: .seconds(10), now: .seconds(3)))
        XCTAssertFalse(CheckAlarmRule.keeps(armed: .seconds(12), for: .seconds(10), now: .seconds(3)), "later than the check")
        XCTAssertTrue(CheckAlarmRule.keeps(armed: .seconds(10), for: .seconds(14), now: .seconds(4)), "6 s of 10 away: kept")
        XCTAssertFalse(CheckAlarmRule.keeps(armed: .seconds(10), for: .seconds(16), now: .seconds(6)), "4 s of 10 away: moved")
    }
}
