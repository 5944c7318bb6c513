import Foundation
import Navigation
import XCTest

/// `WorldMagneticModel.wmm2025` against NOAA's published WMM2025 test values
/// (Fixtures/WMM2025_FINAL_TEST_VALUES.txt, NCEI's 100-point file from github
/// CIRES-Geomagnetism/wmm), and its behaviour at the edges: dates outside the
/// model's life, the geographic poles, altitude.
final class WorldMagneticModelTests: XCTestCase {
    private let model = WorldMagneticModel.wmm2025

    struct TestValue {
        var line: Int
        var year: Double, altitude: Double, latitude: Double, longitude: Double
        var declination: Double, inclination: Double
        var h: Double, x: Double, y: Double, z: Double, f: Double
    }

    private func noaaTestValues() throws -> [TestValue] {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "WMM2025_FINAL_TEST_VALUES", withExtension: "txt",
                                                  subdirectory: "Fixtures"))
        var rows: [TestValue] = []
        for (index, line) in try String(contentsOf: url, encoding: .utf8).split(separator: "\n").enumerated() {
            if line.hasPrefix("#") { continue }
            let v = line.split(separator: " ").compactMap { Double($0) }
            XCTAssertEqual(v.count, 18, "line \(index + 1)")
            guard v.count == 18 else { continue }
            rows.append(TestValue(line: index + 1, year: v[0], altitude: v[1], latitude: v[2], longitude: v[3],
                                  declination: v[4], inclination: v[5], h: v[6], x: v[7], y: v[8], z: v[9], f: v[10]))
        }
        return rows
    }

    /// Every one of NOAA's 100 points: D and I within 0.01° (they are printed to 0.01°), the
    /// intensities within 1 nT (printed to 1 nT). Covers all ten half-year dates, 0–98 km, ±89°.
    func testMatchesAllHundredOfNOAAsPublishedTestValues() throws {
        let rows = try noaaTestValues()
        XCTAssertEqual(rows.count, 100)
        var worstDeclination = 0.0
        for r in rows {
            let field = try model.field(latitude: r.latitude, longitude: r.longitude, altitude: r.altitude, decimalYear: r.year)
            let d = try XCTUnwrap(field.declination, "line \(r.line)")
            let where_ = "line \(r.line): \(r.year) \(r.altitude) km \(r.latitude) \(r.longitude)"
            XCTAssertEqual(d, r.declination, accuracy: 0.01, where_)
            XCTAssertEqual(field.inclination, r.inclination, accuracy: 0.01, where_)
            XCTAssertEqual(field.north, r.x, accuracy: 1, where_)
            XCTAssertEqual(field.east, r.y, accuracy: 1, where_)
            XCTAssertEqual(field.down, r.z, accuracy: 1, where_)
            XCTAssertEqual(field.horizontalIntensity, r.h, accuracy: 1, where_)
            XCTAssertEqual(field.totalIntensity, r.f, accuracy: 1, where_)
            worstDeclination = max(worstDeclination, abs(d - r.declination))
        }
        // Rounding to 0.01° alone explains 0.005°; anything much above that is a real error.
        XCTAssertLessThanOrEqual(worstDeclination, 0.0051)
    }

    /// The technical report's grid, recomputed to 0.001° with NOAA's wmm-calculator 1.4.4 and
    /// pygeomag 1.1.0: two dates, the surface and 100 km, longitude 240° written east of 180°.
    func testMatchesTheReportGridAtTheSurfaceAndAt100Kilometres() throws {
        let grid: [(year: Double, km: Double, lat: Double, lon: Double, d: Double, i: Double, f: Double)] = [
            (2025.0, 0, 80, 0, 1.281, 83.211, 55178.5), (2025.0, 0, 0, 120, -0.158, -14.931, 41064.3),
            (2025.0, 0, -80, 240, 68.775, -72.005, 54698.2), (2025.0, 100, 80, 0, 0.852, 83.259, 52964.9),
            (2025.0, 100, 0, 120, -0.146, -15.076, 39032.1), (2025.0, 100, -80, 240, 68.214, -72.188, 52035.0),
            (2027.5, 0, 80, 0, 2.594, 83.236, 55253.9), (2027.5, 0, 0, 120, -0.242, -14.654, 41036.9),
            (2027.5, 0, -80, 240, 68.486, -71.917, 54474.2), (2027.5, 100, 80, 0, 2.160, 83.285, 53034.3),
            (2027.5, 100, 0, 120, -0.226, -14.808, 39007.4), (2027.5, 100, -80, 240, 67.932, -72.102, 51825.7),
        ]
        for g in grid {
            let field = try model.field(latitude: g.lat, longitude: g.lon, altitude: g.km, decimalYear: g.year)
            let label = "\(g.year) \(g.km) km \(g.lat) \(g.lon)"
            XCTAssertEqual(try XCTUnwrap(field.declination), g.d, accuracy: 0.0015, label)
            XCTAssertEqual(field.inclination, g.i, accuracy: 0.0015, label)
            XCTAssertEqual(field.totalIntensity, g.f, accuracy: 0.15, label)
        }
    }

    func testTheFieldWeakensWithAltitudeAndWrongHeightsAreRefused() throws {
        let ground = try model.field(latitude: 52.28, longitude: 8.05, altitude: 0, decimalYear: 2026)
        let up = try model.field(latitude: 52.28, longitude: 8.05, altitude: 400, decimalYear: 2026)
        // A dipole falls off as (a/r)³: about 0.83 from 6371 to 6771 km.
        XCTAssertEqual(up.totalIntensity / ground.totalIntensity, pow(6371.2 / 6771.2, 3), accuracy: 0.02)
        for bad in [-1.5, 1900.5, .nan, .infinity] {
            XCTAssertThrowsError(try model.field(latitude: 52, longitude: 8, altitude: bad, decimalYear: 2026)) { error in
                guard case MagneticModelError.altitudeOutOfRange = error else { return XCTFail("\(bad): \(error)") }
            }
        }
        XCTAssertNoThrow(try model.field(latitude: 52, longitude: 8, altitude: -1, decimalYear: 2026))
        XCTAssertNoThrow(try model.field(latitude: 52, longitude: 8, altitude: 1900, decimalYear: 2026))
    }

    /// WMM2025 covers [2025.0, 2030.0): the first instant is in, 2030.0 and anything before 2025 are
    /// refused with a message that says so.
    func testDatesOutsideTheModelsFiveYearsAreRefused() throws {
        XCTAssertEqual(model.validity, 2025.0..<2030.0)
        XCTAssertNoThrow(try model.field(latitude: 0, longitude: 0, altitude: 0, decimalYear: 2025.0))
        XCTAssertNoThrow(try model.field(latitude: 0, longitude: 0, altitude: 0, decimalYear: 2029.9999))
        for year in [2024.99, 2030.0, 2031.5, .nan] {
            XCTAssertThrowsError(try model.field(latitude: 0, longitude: 0, altitude: 0, decimalYear: year)) { error in
                guard case MagneticModelError.dateOutsideValidity(_, "WMM-2025", 2025.0, 2030.0) = error else {
                    return XCTFail("\(year): \(error)")
                }
            }
        }
        let message = "\(MagneticModelError.dateOutsideValidity(decimalYear: 2030.25, model: "WMM-2025", validFrom: 2025, validUntil: 2030))"
        XCTAssertEqual(message, "date 2030.250 is outside WMM-2025's validity (2025.000 up to, not including, 2030.000); a newer model is needed")
    }

    /// At a geographic pole "east of north" means nothing: no declination, no crash, and the
    /// intensities (which are defined there) do not depend on the meridian asked for.
    func testAtAGeographicPoleDeclinationIsUndefinedButTheFieldIsNot() throws {
        for pole in [90.0, -90.0] {
            let fields = try [-180.0, -45, 0, 77, 180].map {
                try model.field(latitude: pole, longitude: $0, altitude: 0, decimalYear: 2026.5)
            }
            for field in fields {
                XCTAssertNil(field.declination, "latitude \(pole)")
                XCTAssertFalse(field.hasHorizontalReference)
                XCTAssertTrue(field.totalIntensity.isFinite && field.totalIntensity > 50_000, "latitude \(pole)")
                XCTAssertEqual(field.horizontalIntensity, fields[0].horizontalIntensity, accuracy: 1e-3)
                XCTAssertEqual(field.down, fields[0].down, accuracy: 1e-3)
            }
            // Continuous with a point 11 m away, where the declination is defined again.
            let near = try model.field(latitude: pole - pole / 90 * 1e-4, longitude: 0, altitude: 0, decimalYear: 2026.5)
            XCTAssertNotNil(near.declination)
            XCTAssertEqual(near.totalIntensity, fields[2].totalIntensity, accuracy: 1)
        }
        XCTAssertThrowsError(try model.field(latitude: 90.000001, longitude: 0, altitude: 0, decimalYear: 2026))
        XCTAssertThrowsError(try model.field(latitude: 0, longitude: .nan, altitude: 0, decimalYear: 2026))
    }

    /// Near the north magnetic pole (NOAA's 89°N test point) H is tiny, and NOAA flags it.
    func testTheBlackoutAndCautionZonesFollowTheHorizontalIntensity() throws {
        XCTAssertEqual(try model.field(latitude: 89, longitude: -121, altitude: 28, decimalYear: 2025).zone, .blackout)
        XCTAssertEqual(try model.field(latitude: 86, longitude: -46, altitude: 83, decimalYear: 2026).zone, .caution)
        XCTAssertEqual(try model.field(latitude: 52.28, longitude: 8.05, altitude: 0, decimalYear: 2026).zone, .normal)
        XCTAssertEqual(GeomagneticZone(horizontalIntensity: 2000), .blackout)
        XCTAssertEqual(GeomagneticZone(horizontalIntensity: 6000), .caution)
        XCTAssertEqual(GeomagneticZone(horizontalIntensity: 6000.1), .normal)
    }

    func testLongitudeIsWrapped() throws {
        let west = try model.field(latitude: -80, longitude: -120, altitude: 0, decimalYear: 2025)
        let east = try model.field(latitude: -80, longitude: 240, altitude: 0, decimalYear: 2025)
        XCTAssertEqual(try XCTUnwrap(west.declination), try XCTUnwrap(east.declination), accuracy: 1e-9)
    }
}
