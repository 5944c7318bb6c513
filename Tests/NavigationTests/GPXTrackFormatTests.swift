@testable import Navigation
import XCTest

/// The numbers of a track point, written as scaled integers rather than through `printf`: the
/// vectors below are what `%.7f` and `%.1f` write, but for the sign of a value that rounds to zero.
final class GPXTrackFormatTests: XCTestCase {
    func testAPointHasSevenDecimalsOfDegreesAndOneOfMetres() {
        let fix = Fix(coordinate: Coordinate(latitude: 52.27, longitude: -8.04), altitude: 63.06, receivedAt: .zero)
        XCTAssertEqual(GPXTrackFormat.point(fix), "<trkpt lat=\"52.2700000\" lon=\"-8.0400000\"><ele>63.1</ele><fix>3d</fix></trkpt>\n")
    }

    /// The report colours the track by these; GPX 1.1 orders them after `<time>`.
    func testAPointCarriesItsFixModeSatellitesAndHDOPInTheSchemasOrder() {
        let fix = Fix(coordinate: Coordinate(latitude: 52.27, longitude: 8.04), mode: .twoD, satellites: 5, hdop: 2.345,
                      utcSeconds: 1_764_237_600.25, receivedAt: .zero)
        XCTAssertEqual(GPXTrackFormat.point(fix),
                       "<trkpt lat=\"52.2700000\" lon=\"8.0400000\"><time>2025-11-27T10:00:00.250Z</time><fix>2d</fix><sat>5</sat><hdop>2.3</hdop></trkpt>\n")
        let nonsense = Fix(coordinate: Coordinate(latitude: 0, longitude: 0), satellites: -3, hdop: .nan, receivedAt: .zero)
        XCTAssertEqual(GPXTrackFormat.point(nonsense), "<trkpt lat=\"0.0000000\" lon=\"0.0000000\"><fix>3d</fix></trkpt>\n")
    }

    func testRoundingCarriesPadsAndNeverWritesMinusZero() {
        let vectors: [(Double, Int, String)] = [
            (0.99999996, 7, "1.0000000"),          // the carry reaches the whole degrees
            (-179.99999996, 7, "-180.0000000"),
            (0.0000001, 7, "0.0000001"),            // the fraction is padded in front
            (-0.00000004, 7, "0.0000000"),          // printf: -0.0000000
            (-0.04, 1, "0.0"),                      // printf: -0.0
            (-12.34, 1, "-12.3"),
            (8848.86, 1, "8848.9"),
            (42, 0, "42"),
            (1e300, 1, String(format: "%.1f", 1e300)),  // beyond an integer: printf writes it
            (.nan, 7, "0"), (.infinity, 1, "0"),
        ]
        for (value, digits, expected) in vectors {
            XCTAssertEqual(GPXTrackFormat.fixed(value, digits), expected, "\(value) to \(digits) decimals")
        }
    }
}
