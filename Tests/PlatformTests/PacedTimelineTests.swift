import Platform
import Synchronization
import XCTest

/// The accelerated clock of the simulated board, fed a real time the test moves by hand.
final class PacedTimelineTests: XCTestCase {
    final class RealTime: Sendable {
        let start = ContinuousClock.now
        let offset = Mutex(Duration.zero)
        func advance(by step: Duration) { offset.withLock { $0 += step } }
        var now: ContinuousClock.Instant { start.advanced(by: offset.withLock { $0 }) }
    }

    func testSessionTimeRunsAtTheFactorWhileTheProcessRuns() {
        let real = RealTime()
        let timeline = PacedTimeline(maximum: 150, realNow: { real.now })
        for _ in 0..<100 { real.advance(by: .milliseconds(10)) ; _ = timeline.elapsed }
        XCTAssertEqual(timeline.elapsed, .seconds(150), "one real second at 150×, read every 10 ms")
    }

    /// A stall of the whole process (a loaded machine descheduling it for 200 ms) would be 30 s of a
    /// walk in which nothing ran: a GPS that looks quiet, timers that all fire at once. Only the
    /// allowance counts; session time goes on from there at the factor.
    func testAStallOfTheProcessIsNotALeapInSessionTime() {
        let real = RealTime()
        let timeline = PacedTimeline(maximum: 150, realNow: { real.now })
        real.advance(by: .milliseconds(10))
        XCTAssertEqual(timeline.elapsed, .milliseconds(1500))
        real.advance(by: .milliseconds(200))
        XCTAssertEqual(timeline.elapsed, .milliseconds(1500) + PacedTimeline.stallAllowance * 150,
                       "200 ms unread: only the allowance (\(PacedTimeline.stallAllowance)) counts")
        real.advance(by: .milliseconds(10))
        XCTAssertEqual(timeline.elapsed, .milliseconds(3000) + PacedTimeline.stallAllowance * 150,
                       "after the stall, time runs at 150× again")
        XCTAssertLessThan(PacedTimeline.stallAllowance * 150, .seconds(10),
                          "a stall cannot by itself outlast the guidance's 10 s fix timeout at the demo's factor")
    }

    func testAReadingWithinTheAllowanceCountsInFull() {
        let real = RealTime()
        let timeline = PacedTimeline(maximum: 100, realNow: { real.now })
        real.advance(by: PacedTimeline.stallAllowance)
        XCTAssertEqual(timeline.elapsed, PacedTimeline.stallAllowance * 100)
    }
}
