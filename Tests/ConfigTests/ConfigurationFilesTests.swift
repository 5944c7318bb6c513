import Config
import Foundation
import WayfinderTestKit
import XCTest

/// The loader does no file I/O of its own: the configuration, its board file and its route come
/// through the files it is handed, and what a read fails with is said as a read from disk is.
final class ConfigurationFilesTests: XCTestCase {
    static let config = "/etc/wayfinder/wayfinder.toml"
    static let route = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
        <rte><name>Two points</name><rtept lat="52.27" lon="8.04"/><rtept lat="52.28" lon="8.05"/></rte>
        </gpx>
        """

    func files(config: String, failures: [String: Int32] = [:]) throws -> FileTexts {
        let board = try String(contentsOfFile: Repository.boards + "/pi-4b.toml", encoding: .utf8)
        return FileTexts([Self.config: config, "/boards/pi-4b.toml": board, "/etc/wayfinder/walk.gpx": Self.route],
                         failures: failures)
    }

    func loader(_ files: FileTexts) -> ConfigurationLoader {
        ConfigurationLoader(boards: BoardCatalog(directories: ["/nowhere", "/boards"]), files: files)
    }

    func issues(_ files: FileTexts) -> [ConfigIssue] {
        do {
            _ = try loader(files).load(path: Self.config)
            XCTFail("expected the configuration to be rejected")
            return []
        } catch {
            return error.issues
        }
    }

    func testTheConfigurationItsBoardAndItsRouteAreReadThroughTheFilesHandedOver() throws {
        let files = try files(config: "board = \"pi-4b\"\n[route]\ngpx = \"walk.gpx\"\n")
        let c = try loader(files).load(path: Self.config)
        XCTAssertEqual(c.sourcePath, Self.config)
        XCTAssertEqual(c.board.name, "Raspberry Pi 4 Model B", "from /boards, after /nowhere had no such file")
        XCTAssertEqual(c.routePath, "/etc/wayfinder/walk.gpx", "relative to the configuration's folder")
        XCTAssertEqual(c.route.name, "Two points")
        XCTAssertEqual(c.route.waypoints.count, 2)
    }

    func testAnUnknownBoardListsTheBoardFilesTheFolderHolds() throws {
        let found = issues(try files(config: "board = \"pi-4\"\n[route]\ngpx = \"walk.gpx\"\n"))
        XCTAssertEqual(found.map(\.keyPath), ["board"])
        XCTAssertEqual(found.first?.message, "unknown board \"pi-4\"; did you mean \"pi-4b\"? (available boards: pi-4b)")
    }

    func testAConfigurationThatCannotBeReadSaysWhyAndWhatToDo() throws {
        let denied = issues(try files(config: "", failures: [Self.config: EACCES]))
        XCTAssertEqual(denied.map(\.message),
                       ["cannot be read (permission denied); run as root or as a user allowed to read it"])
        XCTAssertEqual(denied.first?.file, Self.config)
        let missing = issues(FileTexts([:]))
        XCTAssertEqual(missing.first?.message.hasPrefix("this configuration file does not exist; the package installs it"), true,
                       missing.first?.message ?? "no issue")
    }

    func testARouteThatCannotBeReadIsReportedAtRouteGPXWithWhy() throws {
        let text = "board = \"pi-4b\"\n[route]\ngpx = \"walk.gpx\"\n"
        let folder = issues(try files(config: text, failures: ["/etc/wayfinder/walk.gpx": EISDIR]))
        XCTAssertEqual(folder.map(\.keyPath), ["route.gpx"])
        XCTAssertEqual(folder.first?.message, "/etc/wayfinder/walk.gpx: cannot read the file (is a directory, not a GPX file). "
                       + "Check the path and that the file is readable.")
        let gone = issues(try files(config: text.replacingOccurrences(of: "walk.gpx", with: "gone.gpx")))
        XCTAssertEqual(gone.first?.message, "/etc/wayfinder/gone.gpx: cannot read the file (no such file). "
                       + "Check the path and that the file is readable.")
    }
}
