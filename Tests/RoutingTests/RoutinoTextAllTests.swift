@testable import Routing
import Vocabulary
import Foundation
import XCTest

/// Routino's all-points output read as Routino 3.3.3's routino-router prints it: the columns, the
/// kinds of point, and the errors that name the line when the output is not what it should be.
final class RoutinoTextAllTests: XCTestCase {
    /// The head and tail of `routino-router --profile=foot --output-text-all --output-stdout` on the
    /// Monaco extract (casino to palace), byte for byte: header comments, the first point without speed,
    /// bearing or name, tab-separated padded columns.
    static let sample = """
        # Creator : Routino - http://www.routino.org/
        # Source : Based on OpenStreetMap data from http://www.openstreetmap.org/
        # License : http://www.openstreetmap.org/copyright
        #
        #Latitude\tLongitude\t    Node\tType\tSegment\tSegment\tTotal\tTotal  \tSpeed\tBearing\tHighway
        #        \t         \t        \t    \tDist   \tDurat'n\tDist \tDurat'n\t     \t       \t       
         43.739425\t   7.428151\t      -1 \tWaypt#1\t0.000\t 0.00\t 0.00\t  0.0\t\t\t
         43.739383\t   7.428101\t    7705*\tJunct\t0.006\t 0.09\t 0.01\t  0.1\t  4\t 220\tservice road
         43.737970\t   7.427457\t    7583 \tInter\t0.058\t 0.87\t 0.17\t  2.6\t  4\t 218\tpath
         43.737339\t   7.424019\t    7100*\tJunct-\t0.027\t 0.41\t 0.45\t  6.8\t  4\t 258\tAvenue d'Ostende
         43.731392\t   7.419678\t      -2 \tWaypt#2\t0.093\t 1.4\t 1.44\t 21.6\t  4\t 200\tNørregade

        """

    func testReadsEveryPointWithItsKindBearingAndArrivingWay() throws {
        let points = try RoutinoTextAll.parse(Self.sample)
        XCTAssertEqual(points.count, 5)
        XCTAssertEqual(points[0], RoutinoPoint(coordinate: Coordinate(latitude: 43.739425, longitude: 7.428151), kind: .waypoint(1)))
        XCTAssertEqual(points[1].kind, .junction)
        XCTAssertEqual(points[1].bearing, 220)
        XCTAssertEqual(points[1].way, "service road")
        XCTAssertEqual(points[2].kind, .intermediate)
        XCTAssertEqual(points[3].kind, .junctionPassed)
        XCTAssertEqual(points[3].way, "Avenue d'Ostende")
        XCTAssertEqual(points[4].kind, .waypoint(2))
        XCTAssertEqual(points[4].totalKilometres, 1.44)
        XCTAssertEqual(points[4].way, "Nørregade", "UTF-8 names pass through")
    }

    func testAKindThisReaderDoesNotKnowIsKeptAsAPlainPoint() throws {
        let text = Self.sample.replacingOccurrences(of: "\tInter\t", with: "\tRamp\t")
        XCTAssertEqual(try RoutinoTextAll.parse(text)[2].kind, .other("Ramp"))
    }

    func testOutputWithoutARouteIsAnError() {
        XCTAssertThrowsError(try RoutinoTextAll.parse("# only comments\n")) { error in
            XCTAssertEqual((error as? RoutinoOutputError)?.reason, "no route in it (fewer than two points)")
        }
    }

    func testAShortLineIsNamedByItsNumber() {
        let text = Self.sample.replacingOccurrences(of: " 43.737970\t   7.427457\t    7583 \tInter\t0.058\t 0.87\t 0.17\t  2.6\t  4\t 218\tpath",
                                                    with: " 43.737970\t   7.427457\t    7583")
        XCTAssertThrowsError(try RoutinoTextAll.parse(text)) { error in
            XCTAssertEqual(error as? RoutinoOutputError, RoutinoOutputError(line: 9, "3 columns where 8 or more were expected"))
        }
    }

    func testCoordinatesOutsideTheEarthAreRefused() {
        let text = Self.sample.replacingOccurrences(of: " 43.739383", with: " 93.739383")
        XCTAssertThrowsError(try RoutinoTextAll.parse(text)) { error in
            XCTAssertEqual((error as? RoutinoOutputError)?.line, 8)
        }
    }

    func testARouteMustEndAtAWaypoint() {
        let text = Self.sample.replacingOccurrences(of: "\tWaypt#2\t", with: "\tJunct\t")
        XCTAssertThrowsError(try RoutinoTextAll.parse(text)) { error in
            XCTAssertEqual((error as? RoutinoOutputError)?.reason, "the route does not start and end at a waypoint")
        }
    }

    func testABearingThatIsNotANumberIsRefused() {
        let text = Self.sample.replacingOccurrences(of: "\t 218\t", with: "\tnorth\t")
        XCTAssertThrowsError(try RoutinoTextAll.parse(text)) { error in
            XCTAssertEqual(error as? RoutinoOutputError, RoutinoOutputError(line: 9, "\"north\" is not a bearing in degrees"))
        }
    }
}
