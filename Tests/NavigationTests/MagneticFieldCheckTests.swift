import Foundation
@testable import Navigation
import XCTest

/// The field check: a compass heading's accuracy from the horizontal field strength it measured
/// against WMM2025's where the wearer is.
final class MagneticFieldCheckTests: XCTestCase {
    func testTheEstimateIsTheTurnOfTheWeakestDisturbanceThatExplainsTheStrength() throws {
        XCTAssertEqual(try XCTUnwrap(MagneticFieldCheck.headingError(measured: 18, expected: 18)), 0, accuracy: 1e-12)
        let tenDegrees = 18 * sin(10 * Double.pi / 180)
        XCTAssertEqual(try XCTUnwrap(MagneticFieldCheck.headingError(measured: 18 + tenDegrees, expected: 18)), 10, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(MagneticFieldCheck.headingError(measured: 18 - tenDegrees, expected: 18)), 10, accuracy: 1e-9,
                       "weaker or stronger alike")
        XCTAssertEqual(MagneticFieldCheck.headingError(measured: 60, expected: 18), 90, "a field three times the Earth's says nothing of north")
        XCTAssertEqual(MagneticFieldCheck.headingError(measured: 0, expected: 18), 90)
    }

    func testNothingIsEstimatedFromNumbersThatAreNot() {
        XCTAssertNil(MagneticFieldCheck.headingError(measured: .nan, expected: 18))
        XCTAssertNil(MagneticFieldCheck.headingError(measured: 18, expected: 0))
        XCTAssertNil(MagneticFieldCheck.headingError(measured: 18, expected: -.infinity))
    }

    /// WMM2025's report grid at 2025.0, sea level, 0° N 120° E: F 41 064.3 nT at an inclination of
    /// −14.931°, so H = F·cos I.
    func testTheExpectedStrengthIsWMMsHorizontalIntensityInMicrotesla() throws {
        let fix = Fix(coordinate: Coordinate(latitude: 0, longitude: 120), altitude: 0, utcSeconds: 1_735_689_600, receivedAt: .zero)
        let expected = 41_064.3 * cos(14.931 * Double.pi / 180) / 1000
        XCTAssertEqual(try XCTUnwrap(MagneticFieldCheck.expectedHorizontal(at: fix)), expected, accuracy: 0.01)
    }

    func testAHeadingWithoutAFieldOrAFixWithoutADateHasNoEstimate() {
        let dated = Fix(coordinate: Coordinate(latitude: 52.27, longitude: 8.05), utcSeconds: 1_780_000_000, receivedAt: .zero)
        let undated = Fix(coordinate: Coordinate(latitude: 52.27, longitude: 8.05), receivedAt: .zero)
        let fused = Heading(magneticDegrees: 10, receivedAt: .zero)
        let measured = Heading(magneticDegrees: 10, receivedAt: .zero, horizontalField: 18)
        XCTAssertNil(MagneticFieldCheck.headingError(of: fused, at: dated))
        XCTAssertNil(MagneticFieldCheck.headingError(of: measured, at: undated))
        XCTAssertNil(MagneticFieldCheck.headingError(of: measured, at: nil))
        XCTAssertNotNil(MagneticFieldCheck.headingError(of: measured, at: dated))
    }
}
