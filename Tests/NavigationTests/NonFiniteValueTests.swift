@testable import Navigation
import Sensors
import XCTest

/// Values that are not finite numbers (an infinite heading, a longitude the geodesy overflows) make
/// the navigation rules go quiet or answer NaN; they never reach an Int conversion and trap.
final class NonFiniteValueTests: XCTestCase, GuidanceTesting {
    func testTheGeodesyOfLongitudesWhoseDifferenceOverflowsIsNaNNotATrap() {
        // 1.7e308 − (−1.7e308) is infinite: its sine and cosine are NaN, and they used to meet Int().
        let inverse = Geodesic.wgs84.inverse(from: Coordinate(latitude: 10, longitude: 1.7e308),
                                             to: Coordinate(latitude: 11, longitude: -1.7e308))
        XCTAssertTrue(inverse.distance.isNaN || inverse.distance <= 20_004_000, "\(inverse)")
        let (s, c) = GeodesicMath.sinCos(degrees: .infinity)
        XCTAssertTrue(s.isNaN && c.isNaN)
        XCTAssertEqual(GeodesicMath.sinCos(degrees: 90).sin, 1)
    }

    func testABearingThatIsNotANumberSilencesTheBeltInsteadOfTrapping() {
        XCTAssertNil(RouteGuidance.wholeDegrees(.nan))
        XCTAssertNil(RouteGuidance.wholeDegrees(.infinity))
        XCTAssertEqual(RouteGuidance.wholeDegrees(359.6), 0)
        XCTAssertEqual(RouteGuidance.wholeDegrees(-90), 270)
    }

    func testAnInfiniteHeadingLeavesTheBeltSilent() {
        var parameters = GuidanceParameters()
        parameters.headingSource = .external
        var guidance = RouteGuidance(route: route, parameters: parameters)
        _ = guidance.handle(.start, now: .zero)
        _ = guidance.handle(fix(51.999, 8.0, at: .seconds(1)), now: .seconds(1))
        _ = guidance.handle(Heading(magneticDegrees: .infinity, receivedAt: .seconds(1)), now: .seconds(1))
        XCTAssertNil(guidance.beltDirection(now: .seconds(1)))
        _ = guidance.handle(Heading(magneticDegrees: 90, receivedAt: .seconds(2)), now: .seconds(2))
        XCTAssertNotNil(guidance.beltDirection(now: .seconds(2)), "a finite heading steers again")
    }
}
