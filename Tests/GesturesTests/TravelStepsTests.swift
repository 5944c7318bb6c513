@testable import Controls
import XCTest

/// A drag's travel turned into steps like a knob's detents.
final class TravelStepsTests: XCTestCase {
    func testEachStepForwardIsMadeOnceAndAtItsExactMultiple() {
        var steps = TravelSteps(step: 0.1)
        XCTAssertEqual(steps.travel(to: 0.05), 0)
        XCTAssertEqual(steps.travel(to: 0.1), 1, "0.1 is one step")
        XCTAssertEqual(steps.travel(to: 0.3), 2, "0.3 is three steps although 0.3 / 0.1 is 2.999… in binary")
        XCTAssertEqual(steps.travel(to: 0.35), 0)
        XCTAssertEqual(steps.detent, 3)
    }

    func testJitterSmallerThanAStepNeverRepeatsAStep() {
        var steps = TravelSteps(step: 0.1)
        XCTAssertEqual(steps.travel(to: 0.31), 3)
        var made = 0
        for i in 0..<50 { made += steps.travel(to: i % 2 == 0 ? 0.29 : 0.31) }
        XCTAssertEqual(made, 0, "a finger wobbling across 0.3 is not a new step each time")
    }

    func testGoingBackAStepAndForwardAgainMakesItAgain() {
        var steps = TravelSteps(step: 0.1)
        XCTAssertEqual(steps.travel(to: 0.35), 3)
        XCTAssertEqual(steps.travel(to: 0.2), 0)
        XCTAssertEqual(steps.detent, 2)
        XCTAssertEqual(steps.travel(to: 0.3), 1)
        XCTAssertEqual(steps.travel(to: -0.25), 0, "backwards makes no forward steps")
        XCTAssertEqual(steps.detent, -2)
        XCTAssertEqual(steps.travel(to: 0), 2, "from two steps back to the start is two steps forward")
    }

    func testTravelThatIsNotANumberOrAbsurdMakesNothing() {
        var steps = TravelSteps(step: 0.1)
        XCTAssertEqual(steps.travel(to: .nan), 0)
        XCTAssertEqual(steps.travel(to: .infinity), 0)
        XCTAssertEqual(steps.travel(to: 1e300), 0)
        XCTAssertEqual(steps.detent, 0)
        XCTAssertEqual(steps.travel(to: 50), TravelSteps.maximumPerMovement, "one movement makes a bounded number")
        var none = TravelSteps(step: 0)
        XCTAssertEqual(none.travel(to: 1), 0)
    }
}
