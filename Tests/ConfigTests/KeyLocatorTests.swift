@testable import Config
import Platform
import WayfinderTestKit
import XCTest

/// The helper that finds a key's line reads whatever text the TOML library accepted.
final class KeyLocatorTests: XCTestCase {
    func testAnArrayOfTablesWithAnEmptyNameIsSkippedNotIndexed() {
        let locator = KeyLocator(text: "[[\"\"]]\nx = 1\n[[ ]]\n[[points]]\nlat = 1\n")
        XCTAssertEqual(locator.position(of: "points[0].lat")?.line, 5)
        XCTAssertEqual(locator.position(of: "x")?.line, 2, "a key under the unnamed table is found at top level")
    }

    func testAConfigurationWithAnUnnamedArrayOfTablesIsReportedNotFatal() {
        let loader = ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]), files: DiskFiles())
        let text = "board = \"pi-4b\"\n[route]\ngpx = \"\(Repository.demoRoute)\"\n[[\"\"]]\nx = 1\n"
        XCTAssertThrowsError(try loader.load(text: text, path: "/etc/wayfinder/wayfinder.toml")) { error in
            XCTAssertTrue("\(error)".contains("wayfinder.toml"), "\(error)")
        }
    }
}
