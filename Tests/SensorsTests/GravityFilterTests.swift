@testable import Sensors
import XCTest

/// The low-pass that keeps a walker's step jerks out of the attitude used for tilt compensation.
final class GravityFilterTests: XCTestCase {
    func testStepJerksAreDampedWhileALastingTiltIsFollowed() {
        var filter = GravityFilter(timeConstant: .milliseconds(500))
        let level = Vector3(0, 0, 1)
        XCTAssertEqual(filter.add(level, at: .zero), level, "the first reading is taken as it is")
        // ±0.3 g jerks along x at 2 steps/s, sampled at 20 Hz for 5 s.
        var worst = 0.0
        for i in 1...100 {
            let jerk = (i / 5) % 2 == 0 ? 0.3 : -0.3
            let g = filter.add(Vector3(jerk, 0, 1), at: .milliseconds(50 * i))
            worst = max(worst, abs(g.x))
        }
        XCTAssertLessThan(worst, 0.12, "a 0.3 g jerk moves filtered gravity by far less")
        // Now the sensor really tilts: 0.5 g along x for 3 s (six time constants).
        var g = Vector3.zero
        for i in 101...160 { g = filter.add(Vector3(0.5, 0, 0.87), at: .milliseconds(50 * i)) }
        XCTAssertEqual(g.x, 0.5, accuracy: 0.01)
    }

    func testAGapOrTimeGoingBackRestartsFromTheReading() {
        var filter = GravityFilter()
        filter.add(Vector3(0, 0, 1), at: .seconds(1))
        XCTAssertEqual(filter.add(Vector3(1, 0, 0), at: .seconds(10)), Vector3(1, 0, 0), "9 s of silence")
        XCTAssertEqual(filter.add(Vector3(0, 1, 0), at: .seconds(2)), Vector3(0, 1, 0), "time went back")
    }
}
