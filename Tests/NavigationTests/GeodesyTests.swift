import Foundation
import Navigation
import Sensors
import XCTest

/// Checks `Geodesic` against GeographicLib (Fixtures/geodesic-vectors.txt, written by
/// scripts/gen-geodesic-vectors.py) and `RouteLegGeometry` / `Bearing` on hand-checkable cases.
final class GeodesyTests: XCTestCase {
    private let wgs84 = Geodesic.wgs84

    // MARK: Reference vectors

    struct InverseCase {
        var tag: String, line: Int
        var start: Coordinate, end: Coordinate
        var distance: Double, azimuth1: Double, azimuth2: Double
    }

    struct DirectCase {
        var tag: String, line: Int
        var start: Coordinate, azimuth: Double, distance: Double
        var end: Coordinate, azimuth2: Double
    }

    private func loadVectors() throws -> (inverse: [InverseCase], direct: [DirectCase]) {
        let url = try XCTUnwrap(
            Bundle.module.url(forResource: "geodesic-vectors", withExtension: "txt", subdirectory: "Fixtures"),
            "Fixtures/geodesic-vectors.txt missing from the test bundle")
        let text = try String(contentsOf: url, encoding: .utf8)
        var inverse: [InverseCase] = [], direct: [DirectCase] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = raw.split(separator: " ")
            guard let kind = fields.first, !kind.hasPrefix("#") else { continue }
            let values = fields.dropFirst(2).compactMap { Double($0) }
            XCTAssertEqual(fields.count, 9, "line \(index + 1): expected 9 fields")
            XCTAssertEqual(values.count, 7, "line \(index + 1): expected 7 numbers")
            guard fields.count == 9, values.count == 7 else { continue }
            let tag = String(fields[1])
            switch kind {
            case "I":
                inverse.append(InverseCase(
                    tag: tag, line: index + 1,
                    start: Coordinate(latitude: values[0], longitude: values[1]),
                    end: Coordinate(latitude: values[2], longitude: values[3]),
                    distance: values[4], azimuth1: values[5], azimuth2: values[6]))
            case "D":
                direct.append(DirectCase(
                    tag: tag, line: index + 1,
                    start: Coordinate(latitude: values[0], longitude: values[1]),
                    azimuth: values[2], distance: values[3],
                    end: Coordinate(latitude: values[4], longitude: values[5]), azimuth2: values[6]))
            default:
                XCTFail("line \(index + 1): unknown record kind \(kind)")
            }
        }
        return (inverse, direct)
    }

    /// Angle between two azimuths in degrees, ignoring whole turns (GeographicLib prints
    /// -180 where we print 180).
    private func angleError(_ a: Double, _ b: Double) -> Double {
        abs(Bearing.difference(from: a, to: b))
    }

    /// Azimuth tolerance, degrees. An input coordinate is only known to its last bit, about
    /// 1 nm on the ground, so over an s-metre line the azimuth is only defined to about
    /// 1e-9/s rad: 1e-4° for a 1 mm line, 1e-7° for 1 m. From 1 m up this is within 1e-6°.
    private func azimuthTolerance(distance: Double) -> Double {
        1e-9 + 2e-9 / max(distance, 1e-12) * 180 / .pi
    }

    func testInverseMatchesGeographicLibDistancesToNanometresAndAzimuthsToRoundOff() throws {
        let cases = try loadVectors().inverse
        XCTAssertGreaterThan(cases.count, 200)
        var worstDistance = 0.0, worstAzimuth = 0.0
        for c in cases where c.tag != "antipodal-tie" {
            let r = wgs84.inverse(from: c.start, to: c.end)
            let distanceError = abs(r.distance - c.distance)
            // Round-off: the sines of the two latitudes alone carry ~1 nm, and a 2e7 m
            // distance has a last bit of 4 nm. 10 nm for walking-scale lines, 50 nm for any.
            XCTAssertLessThanOrEqual(distanceError, c.distance < 10_000 ? 1e-8 : 5e-8,
                                     "line \(c.line) (\(c.tag)): distance \(r.distance) vs \(c.distance)")
            let azimuthError = max(angleError(r.initialAzimuth, c.azimuth1), angleError(r.finalAzimuth, c.azimuth2))
            XCTAssertLessThanOrEqual(azimuthError, azimuthTolerance(distance: c.distance),
                                     "line \(c.line) (\(c.tag)): azimuths \(r.initialAzimuth), \(r.finalAzimuth)"
                                     + " vs \(c.azimuth1), \(c.azimuth2)")
            worstDistance = max(worstDistance, distanceError)
            if c.distance >= 1 { worstAzimuth = max(worstAzimuth, azimuthError) }
        }
        print("GeodesyTests: inverse vs GeographicLib, max |Δs| = \(worstDistance) m,"
              + " max |Δazimuth| (s ≥ 1 m) = \(worstAzimuth)°")
    }

    func testDirectMatchesGeographicLibEndPointsToRoundOff() throws {
        let cases = try loadVectors().direct
        XCTAssertGreaterThan(cases.count, 200)
        var worstPosition = 0.0, worstAzimuth = 0.0
        for c in cases {
            let r = wgs84.direct(from: c.start, azimuth: c.azimuth, distance: c.distance)
            let latitudeError = abs(r.destination.latitude - c.end.latitude)
            // Longitude error as arc at that latitude, so points near a pole are judged fairly.
            let longitudeError = angleError(r.destination.longitude, c.end.longitude)
                * cos(c.end.latitude * .pi / 180)
            XCTAssertLessThanOrEqual(latitudeError, 1e-10, "line \(c.line) (\(c.tag)): latitude")
            XCTAssertLessThanOrEqual(longitudeError, 1e-10, "line \(c.line) (\(c.tag)): longitude")
            let azimuthError = angleError(r.finalAzimuth, c.azimuth2)
            XCTAssertLessThanOrEqual(azimuthError, 1e-9, "line \(c.line) (\(c.tag)): final azimuth")
            worstPosition = max(worstPosition, latitudeError, longitudeError)
            worstAzimuth = max(worstAzimuth, azimuthError)
        }
        print("GeodesyTests: direct vs GeographicLib, max position error = \(worstPosition)°,"
              + " max |Δazimuth| = \(worstAzimuth)°")
    }

    func testInverseWithSeveralEquallyShortPathsReturnsTheReferenceDistanceAndAPathThatReachesTheEnd() throws {
        let ties = try loadVectors().inverse.filter { $0.tag == "antipodal-tie" }
        XCTAssertFalse(ties.isEmpty)
        for c in ties {
            let r = wgs84.inverse(from: c.start, to: c.end)
            XCTAssertEqual(r.distance, c.distance, accuracy: 1e-7, "line \(c.line)")
            // Which of the tied paths is a convention; that the reported one is a real path
            // to the end point is not.
            let arrival = wgs84.direct(from: c.start, azimuth: r.initialAzimuth, distance: r.distance)
            XCTAssertEqual(arrival.destination.latitude, c.end.latitude, accuracy: 1e-9, "line \(c.line)")
            XCTAssertLessThanOrEqual(angleError(arrival.destination.longitude, c.end.longitude), 1e-9, "line \(c.line)")
        }
    }

    func testJFKToCDGMatchesGeographicLib() {
        // GeographicLib's test case GeodSolve0, to the precision of GeographicLib 2.1's
        // `Geodesic.WGS84.Inverse`: s12 = 5 853 226.256 m, azi1 = 53.4702°, azi2 = 111.5937°.
        let r = wgs84.inverse(from: Coordinate(latitude: 40.6, longitude: -73.8),
                              to: Coordinate(latitude: 49.01666667, longitude: 2.55))
        XCTAssertEqual(r.distance, 5_853_226.256, accuracy: 0.0005)
        XCTAssertEqual(r.initialAzimuth, 53.4702, accuracy: 0.00005)
        XCTAssertEqual(r.finalAzimuth, 111.5937, accuracy: 0.00005)
    }

    func testCoincidentPointsHaveExactlyZeroDistanceAndTheMeridianAzimuth() {
        for (lat, lon1, lon2) in [(40.0, -73.8, -73.8), (-33.9, 151.2, 151.2), (0, 0, 0), (10, 180, -180), (90, 7, 7)] {
            let r = wgs84.inverse(from: Coordinate(latitude: lat, longitude: lon1),
                                  to: Coordinate(latitude: lat, longitude: lon2))
            XCTAssertEqual(r.distance, 0)
            // Documented convention: north of (or on) the equator 180°, south of it 0°.
            XCTAssertEqual(r.initialAzimuth, lat >= 0 ? 180 : 0)
            XCTAssertEqual(r.finalAzimuth, lat >= 0 ? 180 : 0)
        }
    }

    func testAzimuthsAreReportedInTheHalfOpenRangeMinus180To180() throws {
        let cases = try loadVectors().inverse
        for c in cases {
            let r = wgs84.inverse(from: c.start, to: c.end)
            XCTAssertTrue(r.initialAzimuth > -180 && r.initialAzimuth <= 180, "line \(c.line)")
            XCTAssertTrue(r.finalAzimuth > -180 && r.finalAzimuth <= 180, "line \(c.line)")
        }
        // GeographicLib says -180 here; we say 180.
        let r = wgs84.inverse(from: Coordinate(latitude: 10, longitude: 180), to: Coordinate(latitude: 10, longitude: -180))
        XCTAssertEqual(r.initialAzimuth, 180)
    }

    func testEquatorialPointsPastTheAntipodalLimitTakeTheNorthernOfTheTwoShortestRoutes() {
        let r = wgs84.inverse(from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 0, longitude: 179.5))
        XCTAssertEqual(r.distance, 19_980_861.908890963, accuracy: 1e-7)
        XCTAssertEqual(r.initialAzimuth, 55.966495140158635, accuracy: 1e-9)
        XCTAssertEqual(r.finalAzimuth, 124.03350485984137, accuracy: 1e-9)
    }

    func testNearlyAntipodalPointsConvergeWhereVincentyFails() {
        // Vincenty's iteration does not converge for this pair (Karney 2013, §1 and §6).
        let start = Coordinate(latitude: -0.5, longitude: 0), end = Coordinate(latitude: 0.5, longitude: 179.7)
        let r = wgs84.inverse(from: start, to: end)
        XCTAssertTrue(r.distance.isFinite)
        let back = wgs84.direct(from: start, azimuth: r.initialAzimuth, distance: r.distance)
        XCTAssertEqual(back.destination.latitude, end.latitude, accuracy: 1e-10)
        XCTAssertEqual(back.destination.longitude, end.longitude, accuracy: 1e-10)
        // It is no longer than the path over the pole (the meridian would be 20 003 931 m).
        XCTAssertLessThan(r.distance, 20_003_931.5)
    }

    func testAzimuthAtAPoleIsMeasuredFromTheMeridianOfItsGivenLongitude() {
        // From the north pole "given" at longitude 30°, azimuth 45° leaves down meridian 30 + 180 − 45.
        let r = wgs84.direct(from: Coordinate(latitude: 90, longitude: 30), azimuth: 45, distance: 1_000_000)
        XCTAssertEqual(r.destination.longitude, 165, accuracy: 1e-12)
        XCTAssertEqual(r.destination.latitude, 81.04623281595062, accuracy: 1e-10)
        let i = wgs84.inverse(from: Coordinate(latitude: 90, longitude: 10), to: Coordinate(latitude: -20, longitude: 50))
        XCTAssertEqual(i.initialAzimuth, 140, accuracy: 1e-12)
        XCTAssertEqual(i.finalAzimuth, 180, accuracy: 1e-12)
    }

    func testLongitudesDifferingByWholeTurnsGiveTheSameResult() {
        // Binary fractions, so that the shifted longitude is the same angle exactly.
        let a = Coordinate(latitude: -41.3, longitude: 174.75), b = Coordinate(latitude: -41.29, longitude: 174.765625)
        let shifted = Coordinate(latitude: -41.29, longitude: 174.765625 - 720)
        let r1 = wgs84.inverse(from: a, to: b), r2 = wgs84.inverse(from: a, to: shifted)
        XCTAssertEqual(r1, r2)
        let d1 = wgs84.direct(from: a, azimuth: 30, distance: 500)
        let d2 = wgs84.direct(from: Coordinate(latitude: -41.3, longitude: 174.75 + 360), azimuth: 30 - 360, distance: 500)
        XCTAssertEqual(d1, d2)
    }

    func testShortLegAcrossTheAntimeridianIsShortNotHalfwayRoundTheWorld() {
        let r = wgs84.inverse(from: Coordinate(latitude: -16.5, longitude: 179.9995),
                              to: Coordinate(latitude: -16.5, longitude: -179.9995))
        XCTAssertEqual(r.distance, 106.7, accuracy: 0.1)
        XCTAssertEqual(r.initialAzimuth, 90, accuracy: 0.001)
    }

    func testInvalidInputGivesNaNInsteadOfTrapping() {
        let ok = Coordinate(latitude: 10, longitude: 10)
        let bad = [Coordinate(latitude: .nan, longitude: 0), Coordinate(latitude: 90.000001, longitude: 0),
                   Coordinate(latitude: -91, longitude: 0), Coordinate(latitude: 0, longitude: .infinity),
                   Coordinate(latitude: 0, longitude: .nan)]
        for c in bad {
            let a = wgs84.inverse(from: c, to: ok), b = wgs84.inverse(from: ok, to: c)
            XCTAssertTrue(a.distance.isNaN && a.initialAzimuth.isNaN && a.finalAzimuth.isNaN, "\(c)")
            XCTAssertTrue(b.distance.isNaN && b.initialAzimuth.isNaN && b.finalAzimuth.isNaN, "\(c)")
            let d = wgs84.direct(from: c, azimuth: 0, distance: 10)
            XCTAssertTrue(d.destination.latitude.isNaN && d.destination.longitude.isNaN && d.finalAzimuth.isNaN)
        }
        for (azimuth, distance) in [(Double.nan, 10.0), (0, .nan), (.infinity, 10), (0, -.infinity)] {
            let d = wgs84.direct(from: ok, azimuth: azimuth, distance: distance)
            XCTAssertTrue(d.destination.latitude.isNaN && d.finalAzimuth.isNaN)
        }
        for geodesic in [Geodesic(equatorialRadius: -1, flattening: 0.003),
                         Geodesic(equatorialRadius: 6e6, flattening: 0.5),
                         Geodesic(equatorialRadius: .nan, flattening: 0)] {
            XCTAssertTrue(geodesic.inverse(from: ok, to: Coordinate(latitude: 11, longitude: 11)).distance.isNaN)
            XCTAssertTrue(geodesic.direct(from: ok, azimuth: 0, distance: 1).destination.latitude.isNaN)
        }
    }

    func testSphereOfZeroFlatteningGivesGreatCircleDistances() {
        let sphere = Geodesic(equatorialRadius: 6_371_000, flattening: 0)
        let r = sphere.inverse(from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 0, longitude: 90))
        XCTAssertEqual(r.distance, 6_371_000 * .pi / 2, accuracy: 1e-8)
        let q = sphere.inverse(from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 45, longitude: 45))
        XCTAssertEqual(q.distance, 6_371_000 * .pi / 3, accuracy: 1e-8)   // 60° of arc
    }

    func testConvenienceDistanceAndBearingAgreeWithInverseAndUseCompassRange() {
        let a = Coordinate(latitude: 51.5, longitude: -0.1), b = Coordinate(latitude: 51.49, longitude: -0.11)
        let r = wgs84.inverse(from: a, to: b)
        XCTAssertEqual(wgs84.distance(from: a, to: b), r.distance)
        XCTAssertLessThan(r.initialAzimuth, 0)
        XCTAssertEqual(wgs84.initialBearing(from: a, to: b), r.initialAzimuth + 360, accuracy: 1e-12)
    }

    // MARK: Bearing

    func testBearingNormalizedWrapsIntoZeroTo360AndNeverReturns360() {
        XCTAssertEqual(Bearing.normalized(0), 0)
        XCTAssertEqual(Bearing.normalized(360), 0)
        XCTAssertEqual(Bearing.normalized(725), 5)
        XCTAssertEqual(Bearing.normalized(-90), 270)
        XCTAssertEqual(Bearing.normalized(-1e-20), 0)
        XCTAssertEqual(Bearing.normalized(-0.0).sign, .plus)
        XCTAssertTrue(Bearing.normalized(.nan).isNaN)
        XCTAssertTrue(Bearing.normalized(.infinity).isNaN)
    }

    func testBearingNormalizedSignedWrapsIntoMinus180To180WithPlus180ForOpposite() {
        XCTAssertEqual(Bearing.normalizedSigned(180), 180)
        XCTAssertEqual(Bearing.normalizedSigned(-180), 180)
        XCTAssertEqual(Bearing.normalizedSigned(190), -170)
        XCTAssertEqual(Bearing.normalizedSigned(-190), 170)
        XCTAssertEqual(Bearing.normalizedSigned(540), 180)
        XCTAssertTrue(Bearing.normalizedSigned(.nan).isNaN)
    }

    func testBearingDifferenceIsTheSignedShortestTurnAcrossNorth() {
        XCTAssertEqual(Bearing.difference(from: 350, to: 10), 20)
        XCTAssertEqual(Bearing.difference(from: 10, to: 350), -20)
        XCTAssertEqual(Bearing.difference(from: -170, to: 170), -20)
        XCTAssertEqual(Bearing.difference(from: 90, to: 270), 180)
        XCTAssertEqual(Bearing.difference(from: 270, to: 90), 180)
        XCTAssertEqual(Bearing.difference(from: 45, to: 45 + 720), 0)
        XCTAssertTrue(Bearing.difference(from: .nan, to: 1).isNaN)
    }

    // MARK: Route legs

    /// A point `offset` metres to the right (negative: left) of the leg, `along` metres from A.
    private func point(on leg: RouteLegGeometry, along: Double, offset: Double) -> Coordinate {
        let foot = wgs84.direct(from: leg.start, azimuth: leg.initialAzimuth, distance: along)
        return wgs84.direct(from: foot.destination, azimuth: foot.finalAzimuth + 90, distance: offset).destination
    }

    func testPointTenMetresRightOfANorthGoingLegHasCrossTrackPlusTen() {
        let a = Coordinate(latitude: 52.52, longitude: 13.40)
        let b = wgs84.direct(from: a, azimuth: 0, distance: 1_000).destination
        let leg = RouteLegGeometry(from: a, to: b)
        // 10 m due east of the point 400 m up the leg.
        let p = wgs84.direct(from: wgs84.direct(from: a, azimuth: 0, distance: 400).destination,
                             azimuth: 90, distance: 10).destination
        let projection = leg.project(p)
        XCTAssertEqual(projection.crossTrack, 10, accuracy: 0.01)
        XCTAssertEqual(projection.alongTrack, 400, accuracy: 0.01)
        XCTAssertEqual(projection.distanceToLeg, 10, accuracy: 0.01)
        XCTAssertEqual(leg.crossTrackDistance(of: p), projection.crossTrack)
        XCTAssertEqual(leg.alongTrackDistance(of: p), projection.alongTrack)
    }

    func testPointLeftOfAnEastGoingLegHasNegativeCrossTrack() {
        // Southern and western hemisphere; left of eastwards is north.
        let a = Coordinate(latitude: -34.6, longitude: -58.4)
        let leg = RouteLegGeometry(from: a, to: wgs84.direct(from: a, azimuth: 90, distance: 2_000).destination)
        let p = wgs84.direct(from: wgs84.direct(from: a, azimuth: 90, distance: 700).destination,
                             azimuth: 0, distance: 25).destination
        let projection = leg.project(p)
        XCTAssertEqual(projection.crossTrack, -25, accuracy: 0.01)
        XCTAssertEqual(projection.alongTrack, 700, accuracy: 0.01)
    }

    func testPointBeyondTheEndHasAlongTrackPastTheLegLengthAndTheEndAsClosestPoint() {
        let a = Coordinate(latitude: 78.22, longitude: 15.65)  // Longyearbyen: meridians converge fast
        let b = wgs84.direct(from: a, azimuth: 60, distance: 1_500).destination
        let leg = RouteLegGeometry(from: a, to: b)
        let p = point(on: leg, along: 1_800, offset: 5)
        let projection = leg.project(p)
        XCTAssertEqual(leg.length, 1_500, accuracy: 1e-6)
        XCTAssertEqual(projection.alongTrack, 1_800, accuracy: 0.01)
        XCTAssertGreaterThan(projection.alongTrack, leg.length)
        XCTAssertEqual(projection.crossTrack, 5, accuracy: 0.01)
        XCTAssertEqual(projection.closestPoint, b)
        XCTAssertEqual(projection.distanceToLeg, wgs84.distance(from: p, to: b), accuracy: 1e-9)
        XCTAssertEqual(projection.distanceToLeg, (300.0 * 300 + 25).squareRoot(), accuracy: 0.01)
    }

    func testPointBeforeTheStartHasNegativeAlongTrackAndTheStartAsClosestPoint() {
        let a = Coordinate(latitude: 45.0, longitude: 7.0)
        let leg = RouteLegGeometry(from: a, to: wgs84.direct(from: a, azimuth: -120, distance: 800).destination)
        let p = point(on: leg, along: -50, offset: -3)
        let projection = leg.project(p)
        XCTAssertEqual(projection.alongTrack, -50, accuracy: 0.01)
        XCTAssertEqual(projection.crossTrack, -3, accuracy: 0.01)
        XCTAssertEqual(projection.closestPoint, a)
        XCTAssertEqual(projection.distanceToLeg, (2500.0 + 9).squareRoot(), accuracy: 0.01)
    }

    func testClosestPointOfAPointBesideTheLegIsTheFootOfThePerpendicularOnTheLeg() {
        let a = Coordinate(latitude: 60.17, longitude: 24.94)
        let leg = RouteLegGeometry(from: a, to: wgs84.direct(from: a, azimuth: 200, distance: 3_000).destination)
        let foot = wgs84.direct(from: a, azimuth: leg.initialAzimuth, distance: 1_234).destination
        let projection = leg.project(point(on: leg, along: 1_234, offset: 40))
        XCTAssertEqual(wgs84.distance(from: projection.closestPoint, to: foot), 0, accuracy: 0.001)
        XCTAssertEqual(projection.distanceToLeg, 40, accuracy: 0.001)
    }

    func testLegAcrossTheAntimeridianProjectsLikeAnyOther() {
        let a = Coordinate(latitude: -17.0, longitude: 179.995)
        let leg = RouteLegGeometry(from: a, to: wgs84.direct(from: a, azimuth: 95, distance: 1_200).destination)
        XCTAssertLessThan(leg.end.longitude, -179.9)   // really on the other side
        let projection = leg.project(point(on: leg, along: 900, offset: 12))
        XCTAssertEqual(projection.alongTrack, 900, accuracy: 0.01)
        XCTAssertEqual(projection.crossTrack, 12, accuracy: 0.01)
    }

    func testZeroLengthLegReportsTheDistanceToItsOnlyPoint() {
        let a = Coordinate(latitude: 1, longitude: 2)
        let leg = RouteLegGeometry(from: a, to: a)
        let p = wgs84.direct(from: a, azimuth: 30, distance: 15).destination
        let projection = leg.project(p)
        XCTAssertEqual(projection.crossTrack, 0)
        XCTAssertEqual(projection.alongTrack, 0)
        XCTAssertEqual(projection.closestPoint, a)
        XCTAssertEqual(projection.distanceToLeg, 15, accuracy: 1e-9)
    }

    func testInvalidPointProjectsToNaN() {
        let a = Coordinate(latitude: 1, longitude: 2)
        let leg = RouteLegGeometry(from: a, to: Coordinate(latitude: 1.01, longitude: 2))
        XCTAssertTrue(leg.project(Coordinate(latitude: .nan, longitude: 2)).crossTrack.isNaN)
        XCTAssertTrue(leg.project(Coordinate(latitude: 95, longitude: 2)).alongTrack.isNaN)
    }

    /// The exact ellipsoidal answer: the point F on the geodesic A→B (extended) where the
    /// geodesic from F to P meets it at a right angle, found by bisection on that angle.
    private func exactFoot(of p: Coordinate, on leg: RouteLegGeometry, near guess: Double) -> (cross: Double, along: Double) {
        func cosineOfAngle(at s: Double) -> (Double, GeodesicInverse) {
            let foot = wgs84.direct(from: leg.start, azimuth: leg.initialAzimuth, distance: s)
            let toP = wgs84.inverse(from: foot.destination, to: p)
            let angle = Bearing.difference(from: foot.finalAzimuth, to: toP.initialAzimuth)
            return (cos(angle * .pi / 180), toP)
        }
        var low = guess - 20, high = guess + 20
        var lowValue = cosineOfAngle(at: low).0
        while high - low > 1e-9 {
            let mid = (low + high) / 2
            let value = cosineOfAngle(at: mid).0
            if (value > 0) == (lowValue > 0) { low = mid; lowValue = value } else { high = mid }
        }
        let along = (low + high) / 2
        let toP = cosineOfAngle(at: along).1
        let foot = wgs84.direct(from: leg.start, azimuth: leg.initialAzimuth, distance: along)
        let side: Double = Bearing.difference(from: foot.finalAzimuth, to: toP.initialAzimuth) > 0 ? 1 : -1
        return (side * toP.distance, along)
    }

    func testCrossAndAlongTrackStayWithinTheDocumentedErrorOfTheProjectionOn20kmLegs() {
        // RouteLegGeometry documents < 2 mm cross-track and < 0.2 mm along-track error within
        // 1 km of a leg up to 20 km long, and < 0.2 mm / 0.01 mm within 100 m.
        let legs: [(Coordinate, Double)] = [
            (Coordinate(latitude: 0.5, longitude: 30), 45), (Coordinate(latitude: 48.1, longitude: 11.6), -10),
            (Coordinate(latitude: -45.9, longitude: 170.5), 135), (Coordinate(latitude: 71.0, longitude: -156.8), 80),
            (Coordinate(latitude: -77.8, longitude: 166.7), -100), (Coordinate(latitude: 84.0, longitude: -60.0), 170),
        ]
        for (a, azimuth) in legs {
            let leg = RouteLegGeometry(from: a, to: wgs84.direct(from: a, azimuth: azimuth, distance: 20_000).destination)
            for (along, offset, crossBound, alongBound) in [(19_000.0, 1_000.0, 0.002, 0.0002), (15_000, -1_000, 0.002, 0.0002),
                                                            (19_900, 100, 0.0002, 0.00001), (5_000, -100, 0.0002, 0.00001)] {
                let p = point(on: leg, along: along, offset: offset)
                let projection = leg.project(p)
                let exact = exactFoot(of: p, on: leg, near: projection.alongTrack)
                XCTAssertEqual(exact.cross, offset, accuracy: 1e-6, "reference itself")
                XCTAssertEqual(projection.crossTrack, exact.cross, accuracy: crossBound, "\(a) \(along) \(offset)")
                XCTAssertEqual(projection.alongTrack, exact.along, accuracy: alongBound, "\(a) \(along) \(offset)")
            }
        }
    }

    /// The off-route check asks only how far a fix is from the leg; that answer must be the
    /// projection's, before A, along the leg, beyond B, on a leg of no length and for a point that
    /// is not a number.
    func testTheDistanceToALegIsTheProjectionsWithoutItsClosestPoint() {
        var random = SeededRandom(seed: 11)
        func unit() -> Double { Double(random.next() % 1_000_001) / 1_000_000 }
        for _ in 0..<500 {
            let a = Coordinate(latitude: -80 + 160 * unit(), longitude: -180 + 360 * unit())
            let b = wgs84.direct(from: a, azimuth: 360 * unit(), distance: 5_000 * unit()).destination
            let leg = RouteLegGeometry(from: a, to: b)
            let p = point(on: leg, along: -1_000 + 7_000 * unit(), offset: -500 + 1_000 * unit())
            XCTAssertEqual(leg.distanceToLeg(of: p), leg.project(p).distanceToLeg, "\(a) \(b) \(p)")
        }
        let a = Coordinate(latitude: 52.52, longitude: 13.40)
        let p = wgs84.direct(from: a, azimuth: 30, distance: 50).destination
        XCTAssertEqual(RouteLegGeometry(from: a, to: a).distanceToLeg(of: p), wgs84.inverse(from: a, to: p).distance,
                       "a leg of no length: the distance from its one point")
        XCTAssertTrue(RouteLegGeometry(from: a, to: p).distanceToLeg(of: Coordinate(latitude: .nan, longitude: 0)).isNaN)
    }
}
