@testable import Config
import Navigation
import Platform
import WayfinderTestKit
import XCTest

final class ConfigurationLoaderTests: XCTestCase {
    let fixture = ConfigurationFixture(loader: ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]), files: DiskFiles()))
    var loader: ConfigurationLoader { fixture.loader }

    /// A minimal valid file for a Pi 4, with the route given by absolute path.
    func piConfig(_ extra: String = "", board: String = "pi-4b") -> String { fixture.text(extra, board: board) }

    func issues(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [ConfigIssue] {
        fixture.issues(inText: text, file: file, line: line)
    }

    func testValidFileLoadsWithDefaultsAndValues() throws {
        let c = try loader.load(text: piConfig("""
        [navigation]
        arrival_radius_m = 15
        heading_source = "external"
        intensity = 80
        [compass]
        source = "auto"
        [buttons.map]
        GPIO17 = { press = "toggle-pause", long_press = "stop" }
        GPIO27 = "next-waypoint"
        [gestures]
        swipe-right = "next-waypoint"
        """), path: "/etc/wayfinder/wayfinder.toml")
        XCTAssertEqual(c.board.id, "pi-4b")
        XCTAssertEqual(c.board.gpioChipLabels, ["pinctrl-bcm2711"])
        XCTAssertEqual(c.guidance.arrivalRadius, 15)
        XCTAssertEqual(c.guidance.headingSource, .external)
        XCTAssertEqual(c.intensity, 80)
        XCTAssertEqual(c.buttons.binding(forLine: 17), ButtonBinding(line: 17, press: .togglePause, longPress: .stop))
        XCTAssertEqual(c.buttons.binding(forLine: 27)?.press, .nextWaypoint)
        XCTAssertEqual(c.gestures.command(for: .swipe(.right)), .nextWaypoint)
        XCTAssertNil(c.gestures.command(for: .tap), "a [gestures] table replaces the defaults")
        XCTAssertEqual(c.logLevel, "info")
        XCTAssertTrue(c.tables.isEmpty, "no table read outside Config without a reader for it")
        XCTAssertEqual(c.belt.nameContains, ["naviGuertel"])
    }

    /// A missing file names the installed configuration; the installed one missing says how the
    /// package puts it back, since dpkg does not restore a deleted conffile by itself.
    func testAMissingFileSaysWhereTheConfigurationIsOrHowToGetItBack() throws {
        func message(_ path: String) -> String? {
            do { _ = try loader.load(path: path); return nil } catch { return error.issues.first?.message }
        }
        let elsewhere = try XCTUnwrap(message("/nonexistent/wayfinder.toml"))
        XCTAssertEqual(elsewhere, "this configuration file does not exist; check the path (the installed configuration is "
                       + "\(WayfinderConfiguration.defaultPath))")
        XCTAssertTrue(ConfigurationLoader.missing(WayfinderConfiguration.defaultPath)
                        .contains("`sudo apt install --reinstall -o Dpkg::Options::=--force-confmiss wayfinder` puts it back"))
    }

    func testTOMLSyntaxErrorNamesLineAndColumn() {
        let found = issues("board = \"sim\"\n[route]\ngpx = \"x.gpx\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.line, 3)
        XCTAssertNotNil(found.first?.column)
        XCTAssertTrue(found.first!.description.hasPrefix("/etc/wayfinder/wayfinder.toml:3:"), found.first!.description)
        XCTAssertTrue(found.first!.message.contains("TOML syntax error"))
    }

    func testUnknownKeyIsAnErrorWithASuggestionAndItsLine() {
        let found = issues(piConfig("[navigation]\narival_radius_m = 10"))
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.keyPath, "navigation.arival_radius_m")
        XCTAssertEqual(found.first?.line, 5)
        XCTAssertTrue(found.first!.message.contains("did you mean \"arrival_radius_m\""), found.first!.message)
    }

    func testUnknownTopLevelKeyWithoutCloseMatchHasNoSuggestion() {
        let found = issues("weather = 3\n" + piConfig())
        XCTAssertEqual(found.map(\.keyPath), ["weather"])
        XCTAssertEqual(found.first?.message, "unknown key")
    }

    func testWrongTypeSaysWhatWasExpectedAndFound() {
        let found = issues(piConfig("[navigation]\narrival_radius_m = \"twelve\""))
        XCTAssertEqual(found.first?.keyPath, "navigation.arrival_radius_m")
        XCTAssertEqual(found.first?.message, "expected a number, found a string (\"twelve\")")
    }

    func testOutOfRangeIntensityIsRejected() {
        let found = issues(piConfig("[navigation]\nintensity = 150"))
        XCTAssertEqual(found.first?.keyPath, "navigation.intensity")
        XCTAssertEqual(found.first?.message, "150 % is out of range; expected 5–100 %")
    }

    /// 1200 is inside the key's range but not a rate termios is set to here: caught at check time, not
    /// as a GPS that never opens.
    func testAUARTBaudRateThePortCannotBeSetToIsRejected() {
        let found = issues(piConfig("[gps]\nsource = \"uart\"\nbaud = 1200"))
        XCTAssertEqual(found.first?.keyPath, "gps.baud")
        XCTAssertEqual(found.first?.message, "1200 baud is not a rate the UART can be set to; use one of 4800, 9600, 19200, 38400, 57600, 115200, 230400")
    }

    func testButtonOnALineTheBoardDoesNotHaveIsRejected() {
        let found = issues(piConfig("[buttons.map]\nGPIO60 = \"stop\""))
        XCTAssertEqual(found.first?.keyPath, "buttons.map.GPIO60")
        XCTAssertEqual(found.first?.message, "Raspberry Pi 4 Model B has no GPIO 60 (its header chip has lines 0–57)")
    }

    func testButtonOnAnUnsafeLineIsRejectedWithTheUsableLines() {
        let found = issues(piConfig("[buttons.map]\nGPIO2 = \"stop\""))
        XCTAssertEqual(found.first?.keyPath, "buttons.map.GPIO2")
        XCTAssertTrue(found.first!.message.hasPrefix("GPIO 2 is not usable for a button on Raspberry Pi 4 Model B; usable lines: 5, 6, 16"),
                      found.first!.message)
    }

    func testUnknownCommandAndGestureGetSuggestions() {
        let found = issues(piConfig("[buttons.map]\nGPIO17 = \"next-waypont\"\n[gestures]\nswipe-rigth = \"stop\""))
        XCTAssertEqual(found.count, 2)
        XCTAssertTrue(found[0].message.contains("did you mean \"next-waypoint\""), found[0].message)
        XCTAssertTrue(found[1].message.contains("did you mean \"swipe-right\""), found[1].message)
    }

    func testKeysOfAnotherSourceAreErrors() {
        let found = issues(piConfig("[gps]\nsource = \"gpsd\"\naddress = 66\n[compass]\nsource = \"auto\"\naddress = 13"))
        XCTAssertEqual(found.map(\.keyPath), ["gps.address", "compass.address"])
        XCTAssertEqual(found.first?.message, "only applies to source = \"ublox-i2c\" (source is \"gpsd\")")
    }

    func testAnArrayElementIsLocatedOnItsKeysLine() {
        let found = issues(piConfig("[devices.belt]\nenabled = true\nname_contains = [\"a\", 3]"))
        XCTAssertEqual(found.map(\.keyPath), ["devices.belt.name_contains[1]"])
        XCTAssertEqual(found.first?.line, 6)
    }

    func testALineBoundTwiceIsAnError() {
        let found = issues(piConfig("[buttons.map]\nGPIO17 = \"stop\"\ngpio017 = \"pause\""))
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.message, "GPIO 17 is bound twice; keep one entry for it")
    }

    func testExternalHeadingNeedsACompass() {
        let found = issues(piConfig("[navigation]\nheading_source = \"external\""))
        XCTAssertEqual(found.map(\.keyPath), ["navigation.heading_source"])
    }

    func testReorderedWordsAreSuggested() {
        let found = issues(piConfig("[buttons.map]\nGPIO17 = \"pause-toggle\""))
        XCTAssertTrue(found.first!.message.contains("did you mean \"toggle-pause\""), found.first!.message)
    }

    func testIssuesAreReportedInLineOrder() {
        let found = issues(piConfig("[navigation]\nintensity = 200\narival_radius_m = 3\nfix_timeout_s = 0"))
        XCTAssertEqual(found.compactMap(\.line), [5, 6, 7])
    }

    func testEveryProblemIsReportedAtOnce() {
        let found = issues("""
        board = "pi-4"
        log_level = "verbose"
        [navigation]
        intensity = 0
        """)
        XCTAssertEqual(Set(found.map(\.keyPath)), ["board", "log_level", "navigation.intensity", "route"])
        let board = found.first { $0.keyPath == "board" }!
        XCTAssertTrue(board.message.contains("unknown board \"pi-4\""), board.message)
        XCTAssertTrue(board.message.contains("available boards: pi-3b-plus, pi-4b, pi-5, pi-zero-2w, qemu-rig, sim"), board.message)
    }

    func testMissingRouteFileIsReportedAtRouteGPX() {
        let found = issues("board = \"pi-5\"\n[route]\ngpx = \"/nonexistent/walk.gpx\"")
        XCTAssertEqual(found.map(\.keyPath), ["route.gpx"])
        XCTAssertTrue(found[0].message.contains("/nonexistent/walk.gpx"), found[0].message)
    }

    func testEveryBoardFileParses() throws {
        for id in ["sim", "pi-zero-2w", "pi-3b-plus", "pi-4b", "pi-5"] {
            let c = try loader.load(text: """
            board = "\(id)"
            [route]
            gpx = "\(Repository.demoRoute)"
            """, path: "/tmp/\(id).toml")
            XCTAssertEqual(c.board.id, id)
            XCTAssertFalse(c.board.buttonLines.isEmpty)
            if !c.board.isSimulated { XCTAssertTrue(c.board.gpioChipLabels.allSatisfy { $0.hasPrefix("pinctrl-") }) }
        }
    }
}
