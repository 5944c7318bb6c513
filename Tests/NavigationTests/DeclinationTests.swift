import Navigation
import Sensors
import XCTest

/// Magnetic ↔ true in one place (true = magnetic + declination, east positive), the WMM at a fix,
/// and the decimal years the model is indexed by.
final class DeclinationTests: XCTestCase {
    func testTrueIsMagneticPlusAnEastDeclination() {
        let east = Declination(degrees: 3.5)
        XCTAssertEqual(east.trueBearing(fromMagnetic: 90), 93.5)
        XCTAssertEqual(east.magneticBearing(fromTrue: 93.5), 90)
        XCTAssertEqual(east.trueBearing(fromMagnetic: 358), 1.5, accuracy: 1e-12, "wraps past north")
        let west = Declination(degrees: -15.75)
        XCTAssertEqual(west.magneticBearing(fromTrue: 10), 25.75, accuracy: 1e-12)
        XCTAssertEqual(west.magneticBearing(fromTrue: 350), 5.75, accuracy: 1e-12)
        for bearing in stride(from: 0.0, to: 360, by: 7.5) {
            XCTAssertEqual(west.trueBearing(fromMagnetic: west.magneticBearing(fromTrue: bearing)), bearing, accuracy: 1e-9)
        }
    }

    func testTheModelAtAFixUsesMetresAndClampsAGlitchedHeight() throws {
        // NOAA test value: 2025.0, 65 km, 43°N 93°E → D = 0.50°.
        let point = Coordinate(latitude: 43, longitude: 93)
        let d = try Declination.worldMagneticModel(at: point, altitude: 65_000, decimalYear: 2025)
        XCTAssertEqual(d.degrees, 0.50, accuracy: 0.01)
        let glitch = try Declination.worldMagneticModel(at: point, altitude: 9_000_000, decimalYear: 2025)
        let top = try WorldMagneticModel.wmm2025.field(latitude: 43, longitude: 93, altitude: 1900, decimalYear: 2025)
        XCTAssertEqual(glitch.degrees, try XCTUnwrap(top.declination), accuracy: 1e-12)
        XCTAssertNoThrow(try Declination.worldMagneticModel(at: point, altitude: nil, decimalYear: 2025))
    }

    func testTheModelRefusesThePoleAndAnExpiredDate() {
        XCTAssertThrowsError(try Declination.worldMagneticModel(at: Coordinate(latitude: -90, longitude: 0), altitude: 0, decimalYear: 2026)) {
            XCTAssertEqual($0 as? MagneticModelError, .undefinedAtPole(latitude: -90))
        }
        XCTAssertThrowsError(try Declination.worldMagneticModel(at: Coordinate(latitude: 52, longitude: 8), altitude: 0, decimalYear: 2030.1))
    }

    func testDecimalYearsFollowTheDayOfYear() throws {
        XCTAssertEqual(try DecimalYear.from(year: 2025, month: 1, day: 1), 2025.0)
        XCTAssertEqual(try DecimalYear.from(year: 2025, month: 7, day: 2, secondsIntoDay: 43_200), 2025.5)
        XCTAssertEqual(try DecimalYear.from(year: 2028, month: 12, day: 31), 2028 + 365.0 / 366, accuracy: 1e-12)
        XCTAssertEqual(try DecimalYear.from(year: 2028, month: 2, day: 29), 2028 + 59.0 / 366, accuracy: 1e-12)
        XCTAssertThrowsError(try DecimalYear.from(year: 2025, month: 2, day: 29))
        XCTAssertThrowsError(try DecimalYear.from(year: 2025, month: 13, day: 1))
        XCTAssertThrowsError(try DecimalYear.from(year: 2025, month: 4, day: 31))
        XCTAssertEqual(try DecimalYear.from(isoDate: "2027-07-02"), try DecimalYear.from(year: 2027, month: 7, day: 2))
        for bad in ["2027-7-02", "27-07-02", "2027/07/02", "2027-07-02T00", "", "２０２７-07-02"] {
            XCTAssertThrowsError(try DecimalYear.from(isoDate: bad), bad)
        }
    }

    func testUnixTimesBecomeDecimalYears() throws {
        XCTAssertEqual(DecimalYear.from(secondsSince1970: 0), 1970.0)
        // 2025-01-01T00:00:00Z and 2029-12-31T12:00:00Z.
        XCTAssertEqual(DecimalYear.from(secondsSince1970: 1_735_689_600), 2025.0)
        XCTAssertEqual(try XCTUnwrap(DecimalYear.from(secondsSince1970: 1_893_412_800)),
                       try DecimalYear.from(year: 2029, month: 12, day: 31, secondsIntoDay: 43_200), accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(DecimalYear.from(secondsSince1970: -1)), 1970 - 1 / (365.0 * 86_400), accuracy: 1e-12)
        XCTAssertNil(DecimalYear.from(secondsSince1970: .nan))
    }
}
