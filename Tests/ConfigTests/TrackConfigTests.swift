import Config
import Platform
import WayfinderTestKit
import XCTest

/// `[track]`: whether each walk is recorded and how much of that location history is kept.
final class TrackConfigTests: XCTestCase {
    let loader = ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]), files: DiskFiles())
    let path = "/etc/wayfinder/wayfinder.toml"

    /// A Pi file whose `[track]` table (line 4 on) holds `track`.
    func text(_ track: String) -> String {
        """
        board = "pi-4b"
        [route]
        gpx = "\(Repository.demoRoute)"
        [track]
        \(track)
        """
    }

    func issues(_ track: String, file: StaticString = #filePath, line: UInt = #line) -> [ConfigIssue] {
        do {
            _ = try loader.load(text: text(track), path: path)
            XCTFail("expected the configuration to be rejected", file: file, line: line)
            return []
        } catch {
            return error.issues
        }
    }

    func testWithoutATrackTableTheDefaultsApply() throws {
        let c = try loader.load(text: """
            board = "pi-4b"
            [route]
            gpx = "\(Repository.demoRoute)"
            """, path: path)
        XCTAssertEqual(c.track, TrackSettings(enabled: true, keepWalks: 20, keepDays: 30))
    }

    func testGivenValuesAreRead() throws {
        let c = try loader.load(text: text("enabled = false\nkeep_walks = 5\nkeep_days = 0"), path: path)
        XCTAssertEqual(c.track, TrackSettings(enabled: false, keepWalks: 5, keepDays: 0))
    }

    func testANegativeKeepWalksIsRefusedAtItsLineAndColumn() {
        let found = issues("keep_walks = -1")
        XCTAssertEqual(found.map(\.keyPath), ["track.keep_walks"])
        XCTAssertEqual(found.first?.line, 5)
        XCTAssertEqual(found.first?.column, 1)
        XCTAssertEqual(found.first?.message, "-1 walks is out of range; expected 0–10000 walks")
    }

    func testKeepDaysBeyondTenYearsIsRefused() {
        let found = issues("keep_days = 3651")
        XCTAssertEqual(found.map(\.keyPath), ["track.keep_days"])
        XCTAssertEqual(found.first?.message, "3651 days is out of range; expected 0–3650 days")
    }

    func testAFractionalKeepDaysIsRefusedAsNotAWholeNumber() {
        let found = issues("keep_days = 1.5")
        XCTAssertEqual(found.first?.message, "expected a whole number, found a number (1.5)")
    }

    func testEnabledMustBeABoolean() {
        let found = issues("enabled = \"yes\"")
        XCTAssertEqual(found.map(\.keyPath), ["track.enabled"])
        XCTAssertEqual(found.first?.message, "expected true or false, found a string (\"yes\")")
    }

    func testAMisspeltKeyIsRefusedWithASuggestion() {
        let found = issues("keep_walk = 3")
        XCTAssertEqual(found.map(\.keyPath), ["track.keep_walk"])
        XCTAssertEqual(found.first?.line, 5)
        XCTAssertEqual(found.first?.message, "unknown key; did you mean \"keep_walks\"?")
    }

    func testAReloadNamesTrackKeysAsNeedingARestart() throws {
        let running = try loader.load(text: text("keep_walks = 20"), path: path)
        let candidate = try loader.load(text: text("keep_walks = 3"), path: path)
        let change = ConfigurationChange(from: running, to: candidate)
        XCTAssertEqual(change.applied, [])
        XCTAssertEqual(change.needsRestart, [.init(keyPath: "track.keep_walks", old: "20", new: "3")])
    }

    func testTheSummarySaysWhatIsKept() {
        XCTAssertEqual(TrackSettings().summary, "one file per walk, keeping the last 20 walks of the last 30 days")
        XCTAssertEqual(TrackSettings(keepWalks: 0, keepDays: 1).summary, "one file per walk, keeping any number of walks of the last 1 day")
        XCTAssertEqual(TrackSettings(enabled: false).summary, "not recorded")
    }
}
