import Config
import Platform
import WayfinderTestKit
import XCTest

/// `[places]`: the wearer's named destinations, `home = [55.6761, 12.5683]`, kept in the order the
/// file writes them (the order `next-place` steps through), each mistake reported at its line.
final class PlacesConfigTests: XCTestCase {
    let fixture = ConfigurationFixture(loader: ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]), files: DiskFiles()))

    /// The fixture's text puts `[places]` on line 4, its first key on line 5.
    func places(_ body: String) -> String { "[places]\n" + body }

    func testPlacesKeepTheOrderTheFileWritesThem() throws {
        let c = try fixture.load(places("""
            zeta = [55.6761, 12.5683]
            alpha = [55.68, 12.57]
            "the harbour" = [-33.8568, 151.2153]
            middle = [0, 0]
            """))
        XCTAssertEqual(c.places.map(\.name), ["zeta", "alpha", "the harbour", "middle"])
        XCTAssertEqual(c.places.map(\.coordinate.latitude), [55.6761, 55.68, -33.8568, 0])
        XCTAssertEqual(c.places.map(\.coordinate.longitude), [12.5683, 12.57, 151.2153, 0], "integers are degrees too")
    }

    func testWithoutAPlacesTableThereAreNone() throws {
        XCTAssertEqual(try fixture.load("").places.count, 0)
    }

    func testAPlaceThatIsNotAPairOfNumbersIsReportedAtItsLine() {
        let found = fixture.issues(places("office = [55.68, 12.57]\nhome = \"x\""))
        XCTAssertEqual(found.map(\.keyPath), ["places.home"])
        XCTAssertEqual(found.first?.line, 6)
        XCTAssertEqual(found.first?.column, 1)
        XCTAssertTrue(found.first?.message.hasPrefix("expected [latitude, longitude] in decimal degrees, e.g. home = [55.6761, 12.5683]; found ")
                      == true, found.first?.message ?? "")
        XCTAssertEqual(fixture.issues(places("home = [55.68]")).map(\.keyPath), ["places.home"], "one number")
        XCTAssertEqual(fixture.issues(places("home = [55.68, \"12.57\"]")).map(\.keyPath), ["places.home"], "a string")
    }

    func testALatitudeOutOfRangeSaysLatitudeComesFirst() {
        let found = fixture.issues(places("home = [12.57, 95]\nwork = [95, 12.57]"))
        XCTAssertEqual(found.map(\.keyPath), ["places.work"], "95 is a longitude")
        XCTAssertEqual(found.first?.line, 6)
        XCTAssertEqual(found.first?.message, "latitude 95 is outside -90…90 (latitude comes first)")
        XCTAssertEqual(fixture.issues(places("home = [55, 181]")).first?.message, "longitude 181 is outside -180…180")
    }

    /// `--to 55.1,12` is read as coordinates, so a place of that name could never be reached.
    func testANameThatLooksLikeCoordinatesIsRefused() {
        let found = fixture.issues(places("\"55.1,12\" = [55.1, 12]"))
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.line, 5)
        XCTAssertEqual(found.first?.message, "a place's name cannot look like coordinates; name it with a word")
    }

    /// Names are looked up without case, so `Home` and `home` cannot both be places; the second one
    /// in the file is the one reported, wherever the TOML reader puts it.
    func testNamesDifferingOnlyInCaseAreReportedAtTheSecond() {
        for (first, second) in [("Home", "home"), ("home", "Home")] {
            let found = fixture.issues(places("\(first) = [55.68, 12.57]\nwork = [55.6, 12.5]\n\(second) = [55.69, 12.58]"))
            XCTAssertEqual(found.map(\.keyPath), ["places.\(second)"])
            XCTAssertEqual(found.first?.line, 7)
            XCTAssertEqual(found.first?.message, "another place has this name in other letter case; names are compared without case")
        }
    }

    /// `route plan -c FILE` reads only the places: a file written for another machine (another board,
    /// no route, tables this version does not know) still names them.
    func testThePlacesAloneAreReadIgnoringTheRestOfTheFile() throws {
        let text = """
            board = "a-board-nobody-has"
            log_level = "chatty"
            [future]
            anything = 1
            [places]
            home = [55.679, 12.5755]
            station = [55.68, 12.568]
            """
        let places = try ConfigurationLoader.places(text: text, path: "/elsewhere/wayfinder.toml")
        XCTAssertEqual(places.map(\.name), ["home", "station"])
        XCTAssertEqual(places.first?.coordinate.latitude, 55.679)

        do {
            _ = try ConfigurationLoader.places(text: text + "\nwork = [95, 12]\n", path: "/elsewhere/wayfinder.toml")
            XCTFail("a bad place is still refused")
        } catch {
            XCTAssertEqual(error.issues.map(\.keyPath), ["places.work"])
            XCTAssertEqual(error.issues.first?.line, 8)
        }
        XCTAssertEqual(try ConfigurationLoader.places(text: "board = \"sim\"\n", path: "x.toml").count, 0)
    }
}
