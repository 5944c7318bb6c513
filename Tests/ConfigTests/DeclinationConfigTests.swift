import Config
import Platform
import WayfinderTestKit
import XCTest

/// `[navigation] declination_deg`: absent, the World Magnetic Model gives the declination at each fix;
/// present, it is used as it is.
final class DeclinationConfigTests: XCTestCase {
    let loader = ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]), files: DiskFiles())

    func load(_ navigation: String) throws -> WayfinderConfiguration {
        try loader.load(text: """
            board = "pi-4b"
            [route]
            gpx = "\(Repository.demoRoute)"
            [navigation]
            \(navigation)
            """, path: "/etc/wayfinder/wayfinder.toml")
    }

    func testWithoutDeclinationTheModelIsUsed() throws {
        let c = try load("")
        XCTAssertTrue(c.guidance.declinationFromModel)
        XCTAssertEqual(c.guidance.declination, 0, "the fallback until a dated fix arrives")
    }

    func testAConfiguredDeclinationOverridesTheModel() throws {
        let c = try load("declination_deg = -4.5")
        XCTAssertFalse(c.guidance.declinationFromModel)
        XCTAssertEqual(c.guidance.declination, -4.5)
    }
}
