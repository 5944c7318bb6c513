import Vocabulary
import XCTest

/// The one way a duration is written (the status page, the trip report, the log): each step is
/// decided on the rounded value, and no value traps.
final class DurationFormatTests: XCTestCase {
    func testShortDurationsKeepATenthAndDropAWholeOne() {
        XCTAssertEqual(DurationFormat.text(seconds: 0), "0 s")
        XCTAssertEqual(DurationFormat.text(seconds: 0.44), "0.4 s")
        XCTAssertEqual(DurationFormat.text(seconds: 0.5), "0.5 s")
        XCTAssertEqual(DurationFormat.text(seconds: 1), "1 s")
        XCTAssertEqual(DurationFormat.text(seconds: 9.94), "9.9 s")
        XCTAssertEqual(DurationFormat.text(seconds: 9.96), "10 s", "rounds up into whole seconds, not to \"10.0 s\"")
    }

    /// A gesture's 20 ms wait or a 5 ms tolerance is not "0 s".
    func testBelowAHalfTenthItIsMilliseconds() {
        XCTAssertEqual(DurationFormat.text(seconds: 0.02), "20 ms")
        XCTAssertEqual(DurationFormat.text(seconds: 0.0494), "49 ms")
        XCTAssertEqual(DurationFormat.text(seconds: 0.05), "0.1 s", "from a rounded tenth on, tenths")
        XCTAssertEqual(DurationFormat.text(seconds: 0.0004), "0 s", "below half a millisecond, nothing")
    }

    func testSecondsThenMinutesThenHours() {
        XCTAssertEqual(DurationFormat.text(seconds: 45.4), "45 s")
        XCTAssertEqual(DurationFormat.text(seconds: 59.4), "59 s")
        XCTAssertEqual(DurationFormat.text(seconds: 59.5), "1 min 00 s", "never \"60 s\"")
        XCTAssertEqual(DurationFormat.text(seconds: 245), "4 min 05 s")
        XCTAssertEqual(DurationFormat.text(seconds: 3599.4), "59 min 59 s")
        XCTAssertEqual(DurationFormat.text(seconds: 3599.5), "1 h 00 min", "never \"60 min 00 s\"")
        XCTAssertEqual(DurationFormat.text(seconds: 3729), "1 h 02 min")
        XCTAssertEqual(DurationFormat.text(seconds: 3630), "1 h 01 min", "minutes are rounded, not cut")
        XCTAssertEqual(DurationFormat.text(seconds: 100 * 3600), "100 h 00 min")
    }

    func testADurationReadsAsItsSeconds() {
        XCTAssertEqual(DurationFormat.text(.milliseconds(500)), "0.5 s")
        XCTAssertEqual(DurationFormat.text(.seconds(30)), "30 s")
        XCTAssertEqual(DurationFormat.text(.seconds(90)), "1 min 30 s")
    }

    func testWhatIsNotADurationIsAQuestionMark() {
        XCTAssertEqual(DurationFormat.text(seconds: .nan), "? s")
        XCTAssertEqual(DurationFormat.text(seconds: .infinity), "? s")
        XCTAssertEqual(DurationFormat.text(seconds: -.infinity), "? s")
        XCTAssertEqual(DurationFormat.text(seconds: -3), "? s")
        XCTAssertEqual(DurationFormat.text(seconds: .greatestFiniteMagnitude), "? s")
        XCTAssertEqual(DurationFormat.text(seconds: -0.01), "0 s", "rounding noise below zero is none")
    }
}
