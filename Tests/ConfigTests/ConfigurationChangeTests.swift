import Controls
import Config
import Navigation
import Platform
import WayfinderTestKit
import XCTest

/// The reload diff: which keys changed, which a reload applies and which wait for a restart.
final class ConfigurationChangeTests: XCTestCase {
    let loader = ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]), files: DiskFiles(), tables: [ScriptTable.self])
    let path = "/etc/wayfinder/wayfinder.toml"

    /// A simulated-board file; `sections` replaces or adds tables after the route.
    func text(top: String = "", route: String = Repository.demoRoute, routeKeys: String = "", _ sections: String = "") -> String {
        """
        board = "sim"
        \(top)
        [route]
        gpx = "\(route)"
        \(routeKeys)
        \(sections)
        """
    }

    func load(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> WayfinderConfiguration {
        do {
            return try loader.load(text: text, path: path)
        } catch {
            XCTFail("\(error)", file: file, line: line)
            throw error
        }
    }

    func change(_ old: String, _ new: String) throws -> ConfigurationChange {
        ConfigurationChange(from: try load(old), to: try load(new))
    }

    func testNoChangeIsEmptyAndSaysSo() throws {
        let config = try load(text())
        let same = try load(text())
        let change = ConfigurationChange(from: config, to: same)
        XCTAssertTrue(change.isEmpty)
        XCTAssertEqual(change.applied, [])
        XCTAssertEqual(change.needsRestart, [])
        let plan = ReloadPlan(running: config, candidate: .success(same))
        XCTAssertEqual(plan.logLines, ["configuration reloaded from \(path): no change"])
        XCTAssertNil(plan.status)
    }

    /// Each live key, changed alone, is reported as applied with its old and new value, and nothing
    /// else is reported.
    func testEachLiveKeyIsAppliedWithOldAndNewValue() throws {
        let cases: [(top: String, sections: String, key: String, old: String, new: String)] = [
            ("log_level = \"debug\"", "", "log_level", "\"info\"", "\"debug\""),
            ("", "[navigation]\nintensity = 80", "navigation.intensity", "60", "80"),
            ("", "[navigation]\narrival_radius_m = 20", "navigation.arrival_radius_m", "12", "20"),
            ("", "[navigation]\nmin_direction_change_deg = 15", "navigation.min_direction_change_deg", "8", "15"),
            ("", "[navigation]\nrefresh_interval_s = 5", "navigation.refresh_interval_s", "15", "5"),
            ("", "[navigation]\nfix_timeout_s = 20", "navigation.fix_timeout_s", "10", "20"),
            ("", "[navigation]\nprogress_interval_s = 60", "navigation.progress_interval_s", "30", "60"),
            ("", "[navigation]\noff_route_after_s = 30", "navigation.off_route_after_s", "10", "30"),
            ("", "[navigation]\nback_on_route_m = 10", "navigation.back_on_route_m", "20", "10"),
            ("", "[navigation]\ndeclination_deg = 3.6", "navigation.declination_deg", "unset (WMM2025 at each fix)", "3.6"),
            ("", "[navigation]\nheading_source = \"external\"", "navigation.heading_source", "\"belt\"", "\"external\""),
            ("", "[gestures]\nhandedness = \"left\"", "gestures.handedness", "\"right\"", "\"left\""),
            ("", "[gestures]\nlong_click_ms = 900", "gestures.long_click_ms", "600", "900"),
        ]
        let base = try load(text())
        for c in cases {
            let new = try load(text(top: c.top, c.sections))
            let change = ConfigurationChange(from: base, to: new)
            XCTAssertTrue(change.applied.contains(.init(keyPath: c.key, old: c.old, new: c.new)), "\(c.key): \(change.applied)")
            // A [gestures] table replaces the defaults, so it unbinds them too; any other key is alone.
            if !c.key.hasPrefix("gestures.") { XCTAssertEqual(change.applied.count, 1, "\(change.applied)") }
            XCTAssertEqual(change.needsRestart, [], c.key)
            let plan = ReloadPlan(running: base, candidate: .success(new))
            XCTAssertTrue(plan.logLines.contains("applied: \(c.key): \(c.old) → \(c.new)"), "\(plan.logLines)")
        }
    }

    /// A `[gestures]` table replaces the defaults: each binding that differs is one applied key.
    func testGestureBindingsAreComparedPerGesture() throws {
        let old = text("[gestures]\ndouble-tap = \"toggle-pause\"\nswipe-right = \"next-waypoint\"")
        let new = text("[gestures]\ndouble-tap = \"toggle-pause\"\nswipe-right = { command = \"next-waypoint\", sides = [\"right\"], min_distance = 0.3 }\npencil-tip = \"stop\"")
        let change = try change(old, new)
        XCTAssertEqual(change.applied, [
            .init(keyPath: "gestures.swipe-right", old: "\"next-waypoint\"",
                  new: "{ command = \"next-waypoint\", sides = [\"right\"], min_distance = 0.3 }"),
            .init(keyPath: "gestures.pencil-tip", old: ConfigurationChange.unset, new: "\"stop\""),
        ])
        XCTAssertEqual(change.needsRestart, [])
    }

    /// Each key read only at start is reported as needing a restart, and not as applied.
    func testEachRestartOnlyKeyIsReportedAsNeedingARestart() throws {
        let cases: [(top: String, sections: String, key: String, old: String, new: String)] = [
            ("state_directory = \"/var/lib/other\"", "", "state_directory", "\"/var/lib/wayfinder\"", "\"/var/lib/other\""),
            ("", "[devices.belt]\naddress = \"C4:7F:51:0A:1B:2C\"", "devices.belt.address", "unset", "\"C4:7F:51:0A:1B:2C\""),
            ("", "[devices.pencil]\nenabled = true", "devices.pencil.enabled", "false", "true"),
            ("", "[devices.touch_case]\ntouches_per_side = 3", "devices.touch_case.touches_per_side", "2", "3"),
            ("", "[gps]\nsource = \"ublox-i2c\"", "gps.source", "\"sim\"", "\"ublox-i2c\""),
            ("", "[compass]\nsource = \"qmc5883l\"", "compass.source", "\"sim\"", "\"qmc5883l\""),
            ("", "[buttons]\ndebounce_ms = 50", "buttons.debounce_ms", "30", "50"),
            ("", "[buttons.map]\nGPIO17 = \"toggle-pause\"", "buttons.map.GPIO17", "unset", "\"toggle-pause\""),
            ("", "[simulation]\nacceleration = 120", "simulation.acceleration", "60", "120"),
        ]
        let base = try load(text())
        let autostart = text(routeKeys: "autostart = false")
        for c in cases + [("", autostart, "route.autostart", "true", "false")] {
            let new = c.sections == autostart ? autostart : text(top: c.top, c.sections)
            let change = ConfigurationChange(from: base, to: try load(new))
            XCTAssertTrue(change.needsRestart.contains(.init(keyPath: c.key, old: c.old, new: c.new)), "\(c.key): \(change.needsRestart)")
            XCTAssertEqual(change.applied, [], c.key)
            let plan = ReloadPlan(running: base, candidate: .success(try load(new)))
            XCTAssertTrue(plan.logLines.contains("needs a restart (systemctl restart wayfinder): \(c.key): \(c.old) → \(c.new)"), "\(plan.logLines)")
            XCTAssertEqual(plan.status, "restart to apply \(change.needsRestart.map(\.keyPath).joined(separator: ", "))")
        }
    }

    func testAChangeOfBothKindsIsReportedInBothLists() throws {
        let old = try load(text())
        let new = try load(text("[navigation]\nintensity = 45\n[gps]\nsource = \"ublox-i2c\""))
        let plan = ReloadPlan(running: old, candidate: .success(new))
        guard case .apply(let change, let effective) = plan else { return XCTFail("\(plan)") }
        XCTAssertEqual(change.applied, [.init(keyPath: "navigation.intensity", old: "60", new: "45")])
        XCTAssertEqual(change.needsRestart, [.init(keyPath: "gps.source", old: "\"sim\"", new: "\"ublox-i2c\""),
                                             .init(keyPath: "gps.address", old: "unset", new: "0x42")])
        XCTAssertEqual(plan.logLines, [
            "configuration reloaded from \(path): 1 change applied, 2 not applied until a restart (systemctl restart wayfinder)",
            "applied: navigation.intensity: 60 → 45",
            "needs a restart (systemctl restart wayfinder): gps.source: \"sim\" → \"ublox-i2c\"",
            "needs a restart (systemctl restart wayfinder): gps.address: unset → 0x42",
        ])
        // What is in force afterwards has the live value and keeps the running GPS until a restart, so
        // the next reload of the same file names only the GPS again.
        XCTAssertEqual(effective.intensity, 45)
        XCTAssertEqual(effective.gps, .simulated)
        let again = ConfigurationChange(from: effective, to: new)
        XCTAssertEqual(again.applied, [])
        XCTAssertEqual(again.needsRestart.map(\.keyPath), ["gps.source", "gps.address"])
    }

    /// The live/restart split of the diff and what a reload takes over agree: after taking a candidate's
    /// live settings nothing live differs from it, and nothing restart-only differs from the start.
    func testTheEffectiveConfigurationTakesExactlyTheLiveKeys() throws {
        let old = try load(text())
        let new = try load(text(top: "log_level = \"warning\"\nstate_directory = \"/tmp/x\"", """
        [navigation]
        intensity = 90
        arrival_radius_m = 30
        [gestures]
        tap = "stop"
        [devices.touch_case]
        power_saving = false
        [simulation]
        seed = 9
        """))
        let effective = old.takingLiveSettings(from: new)
        XCTAssertEqual(ConfigurationChange(from: effective, to: new).applied, [])
        XCTAssertEqual(ConfigurationChange(from: old, to: effective).needsRestart, [])
        XCTAssertEqual(ConfigurationChange(from: old, to: effective).applied.count, ConfigurationChange(from: old, to: new).applied.count)
    }

    func testInvalidFileIsRefusedWithEveryIssueAndItsLine() throws {
        let running = try load(text())
        let bad = text("[navigation]\nintensity = 120\narival_radius_m = 3")
        let candidate: Result<WayfinderConfiguration, ConfigError>
        do { candidate = .success(try loader.load(text: bad, path: path)) } catch { candidate = .failure(error) }
        let plan = ReloadPlan(running: running, candidate: candidate)
        guard case .refused(let file, let issues) = plan else { return XCTFail("accepted: \(plan)") }
        XCTAssertEqual(file, path)
        XCTAssertEqual(issues.map(\.line), [7, 8])
        XCTAssertEqual(plan.logLines.first, "configuration reload refused: \(path) has 2 errors; the running configuration stays in force")
        XCTAssertTrue(plan.logLines.contains { $0.hasPrefix("\(path):7:1: navigation.intensity: 120 % is out of range") }, "\(plan.logLines)")
        XCTAssertTrue(plan.logLines.contains { $0.hasPrefix("\(path):8:1: navigation.arival_radius_m: unknown key") }, "\(plan.logLines)")
        XCTAssertEqual(plan.status, "configuration reload refused (2 errors), previous configuration in force")
    }

    func testAnotherRouteFileIsAppliedWithItsWaypointCount() throws {
        let other = try temporaryRoute(points: [(52.27, 8.04), (52.28, 8.05)])
        let change = try change(text(), text(route: other))
        XCTAssertEqual(change.applied, [.init(keyPath: "route.gpx", old: "\"\(Repository.demoRoute)\" (12 waypoints)",
                                             new: "\"\(other)\" (2 waypoints)")])
    }

    func testTheSameRouteFileEditedIsAppliedAndSaysWhetherItsPointsChanged() throws {
        let file = try temporaryRoute(points: [(52.27, 8.04), (52.28, 8.05)])
        let before = try load(text(route: file))
        try Self.gpx([(52.27, 8.04), (52.28, 8.05), (52.29, 8.06)]).write(toFile: file, atomically: true, encoding: .utf8)
        let moved = try load(text(route: file))
        XCTAssertEqual(ConfigurationChange(from: before, to: moved).applied,
                       [.init(keyPath: "route.gpx", old: "\"\(file)\" (2 waypoints)", new: "\"\(file)\" (3 waypoints, edited: points changed)")])
        try Self.gpx([(52.27, 8.04), (52.28, 8.05)], names: ["Start", "End"]).write(toFile: file, atomically: true, encoding: .utf8)
        let renamed = try load(text(route: file))
        XCTAssertEqual(ConfigurationChange(from: before, to: renamed).applied,
                       [.init(keyPath: "route.gpx", old: "\"\(file)\" (2 waypoints)", new: "\"\(file)\" (2 waypoints, edited: same points)")])
    }

    // MARK: Helpers

    static func gpx(_ points: [(Double, Double)], names: [String]? = nil) -> String {
        let body = points.enumerated().map { i, p in
            "<rtept lat=\"\(p.0)\" lon=\"\(p.1)\">\(names.map { "<name>\($0[i])</name>" } ?? "")</rtept>"
        }.joined(separator: "\n")
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><rte>
        \(body)
        </rte></gpx>
        """
    }

    func temporaryRoute(points: [(Double, Double)]) throws -> String {
        let file = NSTemporaryDirectory() + "wayfinder-route-\(UUID().uuidString).gpx"
        try Self.gpx(points).write(toFile: file, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: file) }
        return file
    }
}
