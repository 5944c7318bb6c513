import Navigation
@testable import TripReport
import XCTest

/// The map's projection keeps walking-scale distances true.
final class LocalProjectionTests: XCTestCase {
    /// Every pair among points scattered over ±3 km about 52.5° N, against the ellipsoid's geodesic.
    func testDistancesAgreeWithTheGeodesicToWellUnderAPermilleAcrossAFewKilometres() {
        let projection = LocalProjection(center: Coordinate(latitude: 52.5, longitude: 13.4))
        var points: [Coordinate] = []
        for east in stride(from: -3000.0, through: 3000, by: 1500) {
            for north in stride(from: -3000.0, through: 3000, by: 1500) {
                // Placed by the geodesic itself, so the test does not lean on the projection's inverse.
                let along = Geodesic.wgs84.direct(from: projection.center, azimuth: 0, distance: north).destination
                points.append(Geodesic.wgs84.direct(from: along, azimuth: 90, distance: east).destination)
            }
        }
        var worst = 0.0
        for (i, a) in points.enumerated() {
            for b in points[(i + 1)...] {
                let truth = Geodesic.wgs84.distance(from: a, to: b)
                guard let pa = projection.project(a), let pb = projection.project(b) else { return XCTFail("not projected") }
                worst = max(worst, abs(pa.distance(to: pb) - truth) / truth)
            }
        }
        XCTAssertLessThan(worst, 0.001)
        // The documented size: about tan φ0 · Δφ, 0.06 % at 3 km from the centre at 52.5° N.
        XCTAssertGreaterThan(worst, 0.0002)
    }

    func testWithinAKilometreTheErrorIsAboutTwoHundredthsOfAPercent() {
        let projection = LocalProjection(center: Coordinate(latitude: 52.5, longitude: 13.4))
        let south = Geodesic.wgs84.direct(from: projection.center, azimuth: 180, distance: 1000).destination
        let east = Geodesic.wgs84.direct(from: south, azimuth: 90, distance: 500).destination
        let truth = Geodesic.wgs84.distance(from: south, to: east)
        let projected = projection.project(south)!.distance(to: projection.project(east)!)
        XCTAssertEqual(projected, truth, accuracy: truth * 0.0003)
        // North–south along the centre meridian is exact to the meridional curvature's change.
        let north = projection.project(Geodesic.wgs84.direct(from: projection.center, azimuth: 0, distance: 1000).destination)!
        XCTAssertEqual(north.north, 1000, accuracy: 0.01)
        XCTAssertEqual(north.east, 0, accuracy: 1e-9)
    }

    func testTheStepDistanceIsTrueAtAnyLatitude() {
        for latitude in [-60.0, 0, 45, 70] {
            let a = Coordinate(latitude: latitude, longitude: 10)
            let b = Geodesic.wgs84.direct(from: a, azimuth: 37, distance: 25).destination
            XCTAssertEqual(LocalProjection.distance(from: a, to: b)!, 25, accuracy: 0.0005, "at \(latitude)°")
        }
        XCTAssertNil(LocalProjection.distance(from: Coordinate(latitude: .nan, longitude: 0), to: Coordinate(latitude: 0, longitude: 0)))
    }

    func testTheAntimeridianIsCrossedTheShortWay() {
        let projection = LocalProjection(center: Coordinate(latitude: -17, longitude: 179.999))
        let across = projection.project(Coordinate(latitude: -17, longitude: -179.999))!
        let expected = Geodesic.wgs84.distance(from: projection.center, to: Coordinate(latitude: -17, longitude: -179.999))
        XCTAssertEqual(across.east, expected, accuracy: 0.01)
        XCTAssertGreaterThan(across.east, 0)
        // Fitting an extent across it centres on it, not on the far side of the globe.
        let fitted = LocalProjection(fitting: [Coordinate(latitude: 0, longitude: 179.99), Coordinate(latitude: 0, longitude: -179.97)])
        XCTAssertEqual(fitted.center.longitude, -179.99, accuracy: 1e-9)
        XCTAssertEqual(LocalProjection.distance(from: Coordinate(latitude: 0, longitude: 179.9995),
                                                to: Coordinate(latitude: 0, longitude: -179.9995))!, 111.3, accuracy: 0.1)
    }

    func testPolesAndInvalidInputGiveFiniteNumbersOrNil() {
        let pole = LocalProjection(center: Coordinate(latitude: 90, longitude: 0))
        XCTAssertGreaterThan(pole.metresPerDegreeEast, 0)
        let near = pole.project(Coordinate(latitude: 89.99, longitude: 120))!
        XCTAssertTrue(near.east.isFinite && near.north.isFinite)
        XCTAssertEqual(near.north, -0.01 * pole.metresPerDegreeNorth, accuracy: 1e-6)
        XCTAssertNil(pole.project(Coordinate(latitude: .nan, longitude: 0)))
        XCTAssertNil(pole.project(Coordinate(latitude: 91, longitude: 0)))
        XCTAssertNil(pole.project(Coordinate(latitude: 0, longitude: .infinity)))
        let broken = LocalProjection(center: Coordinate(latitude: .nan, longitude: 500))
        XCTAssertEqual(broken.center, Coordinate(latitude: 0, longitude: 0))
        XCTAssertEqual(LocalProjection(fitting: []).center, Coordinate(latitude: 0, longitude: 0))
        XCTAssertNil(broken.coordinate(at: LocalPoint(east: 0, north: 1e12)))
        // The WGS 84 scales at the equator: a·π/180 east, a(1 − e²)·π/180 north.
        XCTAssertEqual(broken.metresPerDegreeEast, 111_319.49, accuracy: 0.01)
        XCTAssertEqual(broken.metresPerDegreeNorth, 110_574.27, accuracy: 0.02)
    }

    func testTheInverseReturnsTheCoordinate() {
        let projection = LocalProjection(center: TripFixtures.centre)
        let coordinate = Coordinate(latitude: 52.53, longitude: 13.39)
        let back = projection.coordinate(at: projection.project(coordinate)!)!
        XCTAssertEqual(back.latitude, coordinate.latitude, accuracy: 1e-12)
        XCTAssertEqual(back.longitude, coordinate.longitude, accuracy: 1e-12)
    }
}
