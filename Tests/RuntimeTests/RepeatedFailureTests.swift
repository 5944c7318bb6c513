import Logging
import Platform
@testable import Runtime
import WayfinderTestKit
import XCTest

/// How a failure that keeps coming back is logged: once in full, then reminders at widening
/// intervals, quiet in between (`RepeatedFailure`), on an injected timeline.
final class RepeatedFailureTests: XCTestCase {
    func testTheSameFailureIsLoggedOnceThenRemindedOfAtWideningIntervals() {
        var rule = RepeatedFailure(firstGap: .seconds(60), longestGap: .seconds(300))
        var loud: [(Int, RepeatedFailure.Verdict)] = []
        // An attempt every 8 s for an hour, as the touch case's link retries with no adapter.
        for second in stride(from: 0, through: 3600, by: 8) {
            let verdict = rule.failed("no Bluetooth adapter hci0", at: .seconds(second))
            if verdict != .quiet { loud.append((second, verdict)) }
        }
        XCTAssertEqual(loud.first?.0, 0)
        XCTAssertEqual(loud.first?.1, .first)
        XCTAssertEqual(loud.dropFirst().prefix(4).map(\.0), [64, 184, 424, 728], "after 1 min, then 2, 4 and at most 5 min")
        XCTAssertEqual(loud[1].1, .reminder(times: 9, since: .seconds(64)))
        XCTAssertEqual(loud.count, 1 + 4 + (3600 - 728) / 304, "every 5 min after the cap (attempts every 8 s)")
    }

    func testADifferentFailureOrASuccessStartsOver() {
        var rule = RepeatedFailure()
        XCTAssertEqual(rule.failed("no adapter", at: .zero), .first)
        XCTAssertEqual(rule.failed("no adapter", at: .seconds(8)), .quiet)
        XCTAssertEqual(rule.failed("the case did not answer", at: .seconds(16)), .first, "another problem is news")
        XCTAssertEqual(rule.failed("the case did not answer", at: .seconds(24)), .quiet)
        rule.succeeded()
        XCTAssertEqual(rule.failed("the case did not answer", at: .seconds(32)), .first, "lost again after working")
    }

    /// The reminder is short (the first message said what to do) and at notice, so it stays out of
    /// the warnings `status` lists; the repeats in between are debug.
    func testTheLoggerWritesTheFirstInFullAndAShortReminder() {
        let logs = LogCapture(level: .debug)
        let logger = logs.logger("touch-case")
        logger.log(.first, level: .warning, "connection attempt 1 failed: no adapter; run …", still: "still cannot connect")
        logger.log(.quiet, level: .warning, "connection attempt 2 failed: no adapter; run …", still: "still cannot connect")
        logger.log(.reminder(times: 57, since: .seconds(600)), level: .warning, "attempt 57", still: "still cannot connect")
        XCTAssertEqual(logs.all, [
            "<4>touch-case: connection attempt 1 failed: no adapter; run …",
            "<7>touch-case: connection attempt 2 failed: no adapter; run …",
            "<5>touch-case: still cannot connect: 57 times in 10 min, the same as the first, logged with what to do",
        ])
    }
}
