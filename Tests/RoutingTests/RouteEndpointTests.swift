@testable import Routing
import Vocabulary
import XCTest

/// Destinations as a person types them (`route plan --to`, `control go-to`): coordinates in decimal
/// degrees, or a place of the configuration, and what is said when neither works.
final class RouteEndpointTests: XCTestCase {
    func testCoordinatesWithOrWithoutASpaceAfterTheComma() throws {
        XCTAssertEqual(try RouteEndpoint.parse("55.6761,12.5683"), .coordinate(Coordinate(latitude: 55.6761, longitude: 12.5683)))
        XCTAssertEqual(try RouteEndpoint.parse(" -33.9, 151.2 "), .coordinate(Coordinate(latitude: -33.9, longitude: 151.2)))
    }

    func testANameIsAPlace() throws {
        XCTAssertEqual(try RouteEndpoint.parse("home"), .place("home"))
        XCTAssertEqual(try RouteEndpoint.parse("Café Nørre"), .place("Café Nørre"))
    }

    func testAMistypedCoordinateIsNotTakenForAPlaceName() {
        XCTAssertThrowsError(try RouteEndpoint.parse("55.6761;12.5683")) { error in
            XCTAssertEqual(error as? RouteEndpointError, .notCoordinates("55.6761;12.5683"))
        }
        XCTAssertThrowsError(try RouteEndpoint.parse("1e999,3"))
    }

    func testSwappedLatitudeAndLongitudeAreCaughtAndExplained() {
        XCTAssertThrowsError(try RouteEndpoint.parse("120.5,55.6")) { error in
            XCTAssertEqual(error as? RouteEndpointError, .latitudeOutOfRange(120.5))
            XCTAssertTrue("\(error)".contains("wrong way round"), "\(error)")
        }
        XCTAssertThrowsError(try RouteEndpoint.parse("55.6,190")) { error in
            XCTAssertEqual(error as? RouteEndpointError, .longitudeOutOfRange(190))
        }
    }

    func testEmptyLongAndControlCharacterNamesAreRefused() {
        XCTAssertThrowsError(try RouteEndpoint.parse("  ")) { XCTAssertEqual($0 as? RouteEndpointError, .empty) }
        XCTAssertThrowsError(try RouteEndpoint.parse(String(repeating: "x", count: 65))) {
            XCTAssertEqual($0 as? RouteEndpointError, .nameTooLong(65))
        }
        XCTAssertThrowsError(try RouteEndpoint.parse("ho\u{1}me")) { XCTAssertEqual($0 as? RouteEndpointError, .controlCharacters) }
    }

    func testAnUnknownPlaceSuggestsTheClosestAndListsThePlaces() {
        let book = PlaceBook([Place(name: "home", coordinate: Coordinate(latitude: 1, longitude: 2)),
                              Place(name: "office", coordinate: Coordinate(latitude: 3, longitude: 4))])
        XCTAssertThrowsError(try book.resolve(.place("hoem"))) { error in
            XCTAssertEqual("\(error)", "no place is called \"hoem\"; did you mean \"home\"? (the places are home, office)")
        }
        XCTAssertEqual(try book.resolve(.place("OFFICE")), Coordinate(latitude: 3, longitude: 4), "names compare without case")
        XCTAssertThrowsError(try PlaceBook([]).resolve(.place("home"))) { error in
            XCTAssertTrue("\(error)".contains("no [places] table"), "\(error)")
        }
    }

    func testNextPlaceStepsThroughThePlacesInOrderAndWrapsAround() {
        let book = PlaceBook(["home", "office", "park"].map { Place(name: $0, coordinate: Coordinate(latitude: 0, longitude: 0)) })
        XCTAssertEqual(book.place(after: nil)?.name, "home")
        XCTAssertEqual(book.place(after: "home")?.name, "office")
        XCTAssertEqual(book.place(after: "park")?.name, "home")
        XCTAssertEqual(book.place(after: "gone")?.name, "home", "a place no longer configured starts again at the first")
        XCTAssertNil(PlaceBook([]).place(after: nil))
    }
}
