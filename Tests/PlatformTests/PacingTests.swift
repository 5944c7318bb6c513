import Platform
import XCTest

final class PacingTests: XCTestCase {
    func testAPunctualProcessRunsAtTheRequestedFactor() {
        var pacing = Pacing(maximum: 150, budget: .milliseconds(500))
        XCTAssertEqual(pacing.factor(), 150, "nothing seen yet")
        pacing.observe(lateness: .microseconds(50), now: .seconds(1))
        XCTAssertEqual(pacing.factor(), 150, "500 ms of session lateness allowed, 50 µs real: 10 000× would do")
    }

    func testTheFactorIsWhatTheTolerancePermitsAtTheLatenessSeen() {
        var pacing = Pacing(maximum: 150, budget: .milliseconds(500))
        pacing.observe(lateness: .milliseconds(10), now: .seconds(1))
        XCTAssertEqual(pacing.factor(), 50, accuracy: 1e-9, "500 ms tolerated / 10 ms late")
        XCTAssertEqual(pacing.factor(tolerating: .milliseconds(20)), 2, accuracy: 1e-9, "a finger's stroke point: 20 ms / 10 ms")
        pacing.observe(lateness: .seconds(5), now: .seconds(1))
        XCTAssertEqual(pacing.factor(), 1, "never below real time")
    }

    func testALateWakeUpIsForgottenByHalfEveryHalfLife() {
        var pacing = Pacing(maximum: 1000, budget: .milliseconds(500))
        pacing.observe(lateness: .milliseconds(8), now: .seconds(10))
        pacing.observe(lateness: .zero, now: .seconds(10) + Pacing.halfLife)
        XCTAssertEqual(pacing.lateness / .milliseconds(1), 4, accuracy: 0.01)
        pacing.observe(lateness: .zero, now: .seconds(10) + Pacing.halfLife * 3)
        XCTAssertEqual(pacing.lateness / .milliseconds(1), 1, accuracy: 0.01)
        XCTAssertEqual(pacing.factor(), 500, accuracy: 5)
        pacing.observe(lateness: .zero, now: .seconds(1000))
        XCTAssertEqual(pacing.factor(), 1000, "after a long calm the clock is back at full speed")
    }

    func testTheWorstRecentLatenessCountsNotTheLast() {
        var pacing = Pacing(maximum: 100, budget: .milliseconds(500))
        pacing.observe(lateness: .milliseconds(25), now: .seconds(1))
        pacing.observe(lateness: .microseconds(10), now: .seconds(1) + .milliseconds(5))
        XCTAssertEqual(pacing.factor(), 20, accuracy: 0.1)
    }

    /// A loop busy 90 % of the time at 150× would be 60 % busy at 100×: the clock runs no faster, even
    /// with punctual sleepers, and the cap comes back up by a quarter per sample once the load falls.
    func testABusyLoopCapsTheFactorWhereItWouldBeAtTheTargetLoadAndTheCapRisesGradually() {
        var pacing = Pacing(maximum: 150, budget: .milliseconds(500))
        pacing.observe(lateness: .microseconds(50), now: .seconds(1))
        pacing.observe(load: 0.9, atFactor: 150)
        XCTAssertEqual(pacing.factor(), 150 * Pacing.targetLoad / 0.9, accuracy: 1e-9)
        XCTAssertEqual(pacing.factor(tolerating: .milliseconds(20)), 100, accuracy: 1e-9, "the tighter of the two limits")
        pacing.observe(load: 0.06, atFactor: 100)
        XCTAssertEqual(pacing.factor(), 125, accuracy: 1e-9, "an idle loop would allow 1000×; the cap rises by a quarter")
        pacing.observe(load: 0.06, atFactor: 125)
        XCTAssertEqual(pacing.factor(), 150, accuracy: 1e-9, "never above the requested factor")
        pacing.observe(load: 1, atFactor: 1)
        XCTAssertEqual(pacing.factor(), 1, "never below real time")
        pacing.observe(load: .nan, atFactor: 1)
        XCTAssertEqual(pacing.factor(), 1, "a meaningless sample changes nothing")
    }

    func testAPacedClockRunsAtTheRequestedFactorWhenTheProcessKeepsUp() async throws {
        let clock = SessionClock.paced(upTo: 50)
        let real = ContinuousClock()
        let start = real.now
        try await clock.sleep(for: .seconds(1))     // 20 ms of real time at 50×
        XCTAssertGreaterThanOrEqual(clock.elapsed, .seconds(1))
        XCTAssertLessThan(start.duration(to: real.now), .milliseconds(900), "a session second must not take a real second")
        XCTAssertEqual(SessionClock.paced(upTo: 1).accelerationFactor, 1)
    }

    /// A clock whose loops are watched starts cautious (nothing is known of the machine yet, and a
    /// starting process is at its busiest) and rises by a quarter per sample while the load allows.
    func testAWatchedClockStartsSlowAndRisesWhileTheLoadAllows() {
        var pacing = Pacing(maximum: 150, budget: .milliseconds(500), start: 10)
        XCTAssertEqual(pacing.factor(), 10)
        XCTAssertTrue(pacing.isStarting)
        pacing.observe(load: 0.01, atFactor: 10)
        XCTAssertEqual(pacing.factor(), 12.5, accuracy: 1e-9)
        XCTAssertTrue(pacing.isStarting, "still rising")
        for _ in 0..<12 { pacing.observe(load: 0.01, atFactor: pacing.factor()) }
        XCTAssertEqual(pacing.factor(), 150, "10 × 1.25¹³ is above 150: the maximum after thirteen samples")
        XCTAssertFalse(pacing.isStarting)
    }

    /// On a machine that cannot keep up, the start ends where the load stops the rise.
    func testTheStartEndsWhereTheLoadHoldsTheCap() {
        var pacing = Pacing(maximum: 150, budget: .milliseconds(500), start: 10)
        pacing.observe(load: 0.5, atFactor: 10)
        XCTAssertEqual(pacing.factor(), 12, accuracy: 1e-9, "10 × 0.6 / 0.5: below a quarter's rise")
        XCTAssertFalse(pacing.isStarting, "the load, not the start, holds the factor now")
        XCTAssertEqual(Pacing(maximum: 150).factor(), 150, "an unwatched clock starts at its maximum")
        XCTAssertFalse(Pacing(maximum: 150).isStarting)
    }
}
