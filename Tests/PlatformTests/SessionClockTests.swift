import Platform
import XCTest

final class SessionClockTests: XCTestCase {
    func testAcceleratedTimeRunsFasterThanRealTime() async throws {
        let clock = SessionClock.accelerated(by: 100)
        let real = ContinuousClock()
        let start = real.now
        try await clock.sleep(for: .seconds(2))     // 2 s of session time is 20 ms of real time
        let elapsedReal = start.duration(to: real.now)
        XCTAssertGreaterThanOrEqual(clock.elapsed, .seconds(2))
        XCTAssertLessThan(elapsedReal, .seconds(1), "two session seconds must not take two real seconds")
        XCTAssertEqual(clock.accelerationFactor, 100)
    }

    func testSessionTimeStartsAtZeroAndOrdersInstants() {
        let clock = SessionClock.continuous()
        XCTAssertLessThan(clock.elapsed, .seconds(1))
        let a = clock.now
        XCTAssertLessThan(a, a.advanced(by: .milliseconds(1)))
        XCTAssertEqual(a.duration(to: a.advanced(by: .seconds(3))), .seconds(3))
    }

    func testClockStringFormatsSessionTime() {
        XCTAssertEqual(Duration.seconds(65).clockString, "01:05")
        XCTAssertEqual(Duration.seconds(3725).clockString, "1:02:05")
    }
}
