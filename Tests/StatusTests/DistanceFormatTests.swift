import Vocabulary
import XCTest

/// The one way a distance is written (the status page, the trip report, the log): each step is
/// decided on the rounded value, and no value traps.
final class DistanceFormatTests: XCTestCase {
    func testShortDistancesKeepATenthAndDropAWholeOne() {
        XCTAssertEqual(DistanceFormat.text(metres: 0), "0 m")
        XCTAssertEqual(DistanceFormat.text(metres: 3.24), "3.2 m")
        XCTAssertEqual(DistanceFormat.text(metres: 3.0), "3 m")
        XCTAssertEqual(DistanceFormat.text(metres: 9.94), "9.9 m")
        XCTAssertEqual(DistanceFormat.text(metres: 9.96), "10 m", "rounds up into whole metres, not to \"10.0 m\"")
    }

    func testMetresUpToAKilometreThenThreeFigures() {
        XCTAssertEqual(DistanceFormat.text(metres: 140.4), "140 m")
        XCTAssertEqual(DistanceFormat.text(metres: 999.4), "999 m")
        XCTAssertEqual(DistanceFormat.text(metres: 999.6), "1.00 km", "never \"1000 m\"")
        XCTAssertEqual(DistanceFormat.text(metres: 1_804), "1.80 km")
        XCTAssertEqual(DistanceFormat.text(metres: 2_050), "2.05 km", "a hundredth below ten gets its leading zero")
        XCTAssertEqual(DistanceFormat.text(metres: 9_950), "9.95 km")
        XCTAssertEqual(DistanceFormat.text(metres: 9_996), "10.0 km", "never \"10.00 km\"")
        XCTAssertEqual(DistanceFormat.text(metres: 12_345), "12.3 km")
        XCTAssertEqual(DistanceFormat.text(metres: 99_960), "100 km", "never \"100.0 km\"")
        XCTAssertEqual(DistanceFormat.text(metres: 132_400), "132 km")
    }

    func testWhatIsNotADistanceIsAQuestionMark() {
        XCTAssertEqual(DistanceFormat.text(metres: .nan), "? m")
        XCTAssertEqual(DistanceFormat.text(metres: .infinity), "? m")
        XCTAssertEqual(DistanceFormat.text(metres: -.infinity), "? m")
        XCTAssertEqual(DistanceFormat.text(metres: -5), "? m")
        XCTAssertEqual(DistanceFormat.text(metres: .greatestFiniteMagnitude), "? m")
        XCTAssertEqual(DistanceFormat.text(metres: -0.01), "0 m", "rounding noise below zero is none")
        XCTAssertEqual(DistanceFormat.text(metres: 9.9e14), "990000000000 km", "the largest written still converts")
    }
}
