import Config
import Platform
import WayfinderTestKit
import XCTest

/// `[navigation]` off-route keys: the hysteresis must be a real gap, or the warning would flap.
final class OffRouteConfigTests: XCTestCase {
    let loader = ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]), files: DiskFiles())

    func load(_ navigation: String) throws(ConfigError) -> WayfinderConfiguration {
        try loader.load(text: """
            board = "pi-4b"
            [route]
            gpx = "\(Repository.demoRoute)"
            [navigation]
            \(navigation)
            """, path: "/etc/wayfinder/wayfinder.toml")
    }

    func testDefaultsAndGivenValues() throws {
        let defaults = try load("").guidance
        XCTAssertEqual(defaults.offRouteDistance, 30)
        XCTAssertEqual(defaults.backOnRouteDistance, 20)
        XCTAssertEqual(defaults.offRouteDelay, .seconds(10))
        let given = try load("off_route_m = 60\noff_route_after_s = 20").guidance
        XCTAssertEqual(given.offRouteDistance, 60)
        XCTAssertEqual(given.backOnRouteDistance, 40, "two thirds of off_route_m when not given")
        XCTAssertEqual(given.offRouteDelay, .seconds(20))
    }

    func testABackOnRouteDistanceThatIsNotLessIsAnErrorAtItsKey() {
        do {
            _ = try load("off_route_m = 25\nback_on_route_m = 25")
            XCTFail("accepted a zero hysteresis")
        } catch {
            XCTAssertEqual(error.issues.map(\.keyPath), ["navigation.back_on_route_m"])
            XCTAssertEqual(error.issues.first?.message,
                           "back_on_route_m (25 m) must be less than off_route_m (25 m), or the warning would flap")
        }
    }
}
