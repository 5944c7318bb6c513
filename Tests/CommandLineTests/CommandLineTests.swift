import Foundation
import WayfinderTestKit
import XCTest

/// The command line as an operator uses it: exit statuses and what is printed.
final class CommandLineTests: XCTestCase {
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String, errors: String) {
        let result = try WayfinderBinary.run(arguments, environment: environment)
        return (result.status, result.output, result.errors)
    }

    func temporaryFile(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "wayfinder-cli-\(UUID().uuidString).toml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testConfigCheckAcceptsTheShippedFiles() throws {
        let demo = try run(["config", "check", Repository.demoConfig])
        XCTAssertEqual(demo.status, 0, demo.errors)
        XCTAssertTrue(demo.output.hasPrefix("\(Repository.demoConfig): OK"), demo.output)
        XCTAssertTrue(demo.output.contains("route"), demo.output)
    }

    /// `-c` as on every other command, the positional form kept; and the declination as it will be
    /// used: the configured value, or the model's at each fix.
    func testConfigCheckTakesDashCAndTellsWhereTheDeclinationComesFrom() throws {
        let demo = try run(["config", "check", "-c", Repository.demoConfig])
        XCTAssertEqual(demo.status, 0, demo.errors)
        XCTAssertTrue(demo.output.contains("declination fixed at 3.6° east"), demo.output)
        let both = try run(["config", "check", Repository.demoConfig, "-c", "/etc/other.toml"])
        XCTAssertEqual(both.status, 64)
        XCTAssertTrue(both.errors.contains("give the configuration file once"), both.errors)
        let modelled = try temporaryFile(String(contentsOfFile: Repository.demoConfig, encoding: .utf8)
            .replacingOccurrences(of: "declination_deg = 3.6", with: "")
            .replacingOccurrences(of: "routes/demo-walk.gpx", with: Repository.root + "/deploy/routes/demo-walk.gpx")
            .replacingOccurrences(of: "../.build/demo-state", with: NSTemporaryDirectory() + "wayfinder-declination-state"))
        let model = try run(["config", "check", modelled])
        XCTAssertEqual(model.status, 0, model.errors)
        XCTAssertTrue(model.output.contains("declination from WMM2025 at each fix"), model.output)
    }

    /// `--json` for scripts: the summary, or every issue with its place.
    func testConfigCheckAsJSONGivesTheSummaryOrEveryIssueWithItsPlace() throws {
        let demo = try run(["config", "check", "-c", Repository.demoConfig, "--json"])
        XCTAssertEqual(demo.status, 0, demo.errors)
        let ok = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(demo.output.utf8)) as? [String: Any])
        XCTAssertEqual(ok["ok"] as? Bool, true)
        XCTAssertEqual(ok["waypoints"] as? Int, 12)
        XCTAssertEqual(ok["declination"] as? Double, 3.6)
        let path = try temporaryFile("board = \"pi-4b\"\nlog_level = \"chatty\"\n")
        let bad = try run(["config", "check", path, "--json"])
        XCTAssertEqual(bad.status, 78)
        let refused = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bad.output.utf8)) as? [String: Any])
        XCTAssertEqual(refused["ok"] as? Bool, false)
        let issues = try XCTUnwrap(refused["issues"] as? [[String: Any]])
        let level = try XCTUnwrap(issues.first { $0["key"] as? String == "log_level" })
        XCTAssertEqual(level["line"] as? Int, 2)
        XCTAssertEqual(level["column"] as? Int, 1)
        XCTAssertTrue(issues.contains { $0["key"] as? String == "route" })
    }

    /// `run`, `board check` and `config check` take the configuration alike: the path as the argument
    /// or with -c. Both at once is refused, naming both, even when they agree.
    func testRunBoardCheckAndConfigCheckTakeTheConfigurationAsArgumentOrWithDashC() throws {
        for command in [["config", "check"], ["board", "check"]] {
            let argument = try run(command + [Repository.demoConfig])
            let option = try run(command + ["-c", Repository.demoConfig])
            XCTAssertEqual(argument.status, 0, argument.errors)
            XCTAssertEqual(argument.output, option.output, "\(command): the same file, however it is given")
        }
        XCTAssertTrue(try run(["board", "check", Repository.demoConfig]).output.hasPrefix("board sim: "))
        let broken = try temporaryFile("board = \"sim\"\n[route\n")
        let refused = try run(["run", broken])
        XCTAssertEqual(refused.status, 78, "the argument is the file run loads: \(refused.errors)")
        XCTAssertTrue(refused.errors.contains("TOML syntax error"), refused.errors)
        XCTAssertTrue(refused.errors.contains("`wayfinder config check \(broken)` lists every problem"), refused.errors)
        for command in [["run"], ["config", "check"], ["board", "check"]] {
            let both = try run(command + [Repository.demoConfig, "-c", Repository.demoConfig])
            XCTAssertEqual(both.status, 64, "\(command): \(both.errors)")
            XCTAssertTrue(both.errors.contains("give the configuration file once, as the argument or with -c, not both "
                                               + "(got \(Repository.demoConfig) and -c \(Repository.demoConfig))"), both.errors)
        }
    }

    /// The boards the README and the configuration reference name are the ones `board =` accepts from
    /// the repository's boards/, as the refusal of an unknown board lists them: none missing, none extra.
    func testTheDocumentedBoardsAreTheOnesTheConfigurationAccepts() throws {
        let path = try temporaryFile("board = \"pi4\"\n[route]\ngpx = \"\(Repository.demoRoute)\"\n")
        let refused = try run(["config", "check", path], environment: ["WAYFINDER_BOARDS": Repository.boards])
        XCTAssertEqual(refused.status, 78)
        let listed = try XCTUnwrap(refused.errors.components(separatedBy: "(available boards: ").dropFirst().first, refused.errors)
        let accepted = Set(listed.prefix { $0 != ")" }.components(separatedBy: ", "))
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.boards).filter { $0.hasSuffix(".toml") }
        XCTAssertEqual(accepted, Set(files.map { String($0.dropLast(".toml".count)) }))
        for (file, row) in [("README.md", "| `boards/` |"), ("docs/configuration.md", "| `board` |")] {
            let text = try String(contentsOfFile: Repository.root + "/" + file, encoding: .utf8)
            let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix(row) }, "\(file) has the row \(row)")
            // The `words` after the row's heading that can be a board's name.
            let named = Set(line.dropFirst(row.count).components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
                .filter { $0.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } })
            XCTAssertEqual(named, accepted, "\(file): \(line)")
        }
    }

    /// `pair --timeout` waits longer than `status`'s answer for a reason the help gives, and says its
    /// default once, in its own words.
    func testPairsTimeoutHelpSaysWhyItsDefault() throws {
        let help = try run(["pair", "--help"]).output.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        XCTAssertTrue(help.contains("--timeout <seconds> Seconds the pairing may take once the device is found, 5–600 "
                                    + "(default: 60, as long as the belt stays in pairing mode)."), help)
        XCTAssertFalse(help.contains("(default: 60.0)"), help)
    }

    func testConfigCheckListsEveryErrorAndExitsWithEXCONFIG() throws {
        let path = try temporaryFile("""
        board = "pi-4b"
        log_level = "chatty"
        [route]
        gpx = "\(Repository.demoRoute)"
        [navigation]
        intensity = 120
        """)
        let result = try run(["config", "check", path])
        XCTAssertEqual(result.status, 78)
        XCTAssertTrue(result.errors.contains("configuration has 2 errors:"), result.errors)
        XCTAssertTrue(result.errors.contains("\(path):2:1: log_level: \"chatty\" is not one of"), result.errors)
        XCTAssertTrue(result.errors.contains("\(path):6:1: navigation.intensity: 120 % is out of range"), result.errors)
    }

    func testRunRefusesABadConfigurationWithJournalPriorities() throws {
        let path = try temporaryFile("board = \"sim\"\n[route\n")
        let result = try run(["run", "--config", path], environment: ["JOURNAL_STREAM": "8:1"])
        XCTAssertEqual(result.status, 78)
        XCTAssertTrue(result.errors.split(separator: "\n").allSatisfy { $0.hasPrefix("<3>") }, result.errors)
        XCTAssertTrue(result.errors.contains("TOML syntax error"), result.errors)
    }

    /// The shipped Pi configuration binds buttons; on a machine without the Pi 4's GPIO chip the
    /// appliance runs anyway, and logs once which lines, board and label it is waiting for.
    func testRunOnAPiBoardWithoutItsGPIOChipWaitsNamingTheChipLabel() throws {
        guard (try? FileManager.default.contentsOfDirectory(atPath: "/dev"))?.contains(where: { $0.hasPrefix("gpiochip") }) == false else {
            throw XCTSkip("this machine has GPIO chips")
        }
        let state = NSTemporaryDirectory() + "wayfinder-nochip-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let (process, _, output, errors) = try WayfinderBinary.start(
            ["run", "--config", "\(Repository.root)/deploy/wayfinder.toml", "--state-directory", state])
        defer { if process.isRunning { process.terminate() } }
        let expected = "buttons on GPIO chip \"pinctrl-bcm2711\" lines 17, 22, 23, 24, 27: no GPIO chip labelled \"pinctrl-bcm2711\" was found"
        XCTAssertTrue(WayfinderBinary.wait(for: expected, from: process, output: output, errors: errors, timeout: 30), errors.text)
        XCTAssertTrue(process.isRunning, errors.text)
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, errors.text)
        XCTAssertFalse(errors.text.contains("cannot start"), errors.text)
    }

    /// `board check` opens the GPS source as `run` would: a serial device that opens, and a gpsd that
    /// is not there with the advice `run` logs.
    func testBoardCheckReportsTheGPSSource() throws {
        guard let pty = PseudoTerminal.open() else { throw XCTSkip("no pseudo-terminals here") }
        defer { pty.close() }
        let uart = try temporaryFile("""
        board = "pi-4b"
        [gps]
        source = "uart"
        device = "\(pty.slavePath)"
        baud = 38400
        [route]
        gpx = "\(Repository.demoRoute)"
        """)
        let opened = try run(["board", "check", "--config", uart])
        XCTAssertTrue(opened.output.contains("  ok    GPS: \(pty.slavePath) opens at 38400 baud"), opened.output)

        let port = try { let l = try LocalTCPListener(); return l.port }()  // closed again: refused
        let gpsd = try temporaryFile("""
        board = "pi-4b"
        [gps]
        source = "gpsd"
        port = \(port)
        [route]
        gpx = "\(Repository.demoRoute)"
        """)
        let refused = try run(["board", "check", "--config", gpsd])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.output.contains("  FAIL  GPS: gpsd at 127.0.0.1:\(port): connection refused"), refused.output)

        // The same checks as one JSON object for scripts.
        let json = try run(["board", "check", "--config", uart, "--json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any], json.output)
        XCTAssertEqual(object["board"] as? String, "pi-4b")
        let checks = try XCTUnwrap(object["checks"] as? [[String: Any]])
        let gps = try XCTUnwrap(checks.first { $0["check"] as? String == "GPS" })
        XCTAssertEqual(gps["ok"] as? Bool, true)
        XCTAssertEqual(gps["detail"] as? String, "\(pty.slavePath) opens at 38400 baud")
        XCTAssertEqual(object["ok"] as? Bool, checks.allSatisfy { $0["ok"] as? Bool != false })
    }

    /// A GPS device the service user may not open stops the start (EX_CONFIG) naming the path and the
    /// group that owns it. Run as `nobody` through setpriv, since root may open anything.
    /// A GPS device the service may not open is waited for, not fatal: at boot udev sets a device
    /// node's group a moment after the node appears. The log names the path and the group to join.
    func testRunWithoutPermissionOnTheGPSDeviceWaitsNamingThePathAndItsGroup() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
              let binary = WayfinderBinary.path else { throw XCTSkip("needs root, setpriv and the built binary") }
        let directory = NSTemporaryDirectory() + "wayfinder-perm-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let device = directory + "/ttyGPS"
        XCTAssertTrue(FileManager.default.createFile(atPath: device, contents: nil), "the fixture file was created")
        try FileManager.default.setAttributes([.groupOwnerAccountName: "dialout", .posixPermissions: 0o660], ofItemAtPath: device)
        let route = directory + "/route.gpx"
        try FileManager.default.copyItem(atPath: Repository.demoRoute, toPath: route)
        let config = directory + "/wayfinder.toml"
        try """
        board = "pi-4b"
        state_directory = "\(directory)/state"
        [gps]
        source = "uart"
        device = "\(device)"
        [route]
        gpx = "\(route)"
        """.write(toFile: config, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: route)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", binary, "run", "--config", config]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let collected = OutputCollector(errors.fileHandleForReading)
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let expected = "GPS: permission denied opening \(device): add the service user "
            + "to the 'dialout' group (usermod -aG dialout USER, then log in again) or give the systemd unit "
            + "SupplementaryGroups=dialout"
        // The appliance is a child process writing to a pipe: polled, bounded.
        try WayfinderBinary.eventually("the GPS's permission advice", from: process, timeout: .seconds(30),
                                       log: { collected.text }) { collected.text.contains(expected) }
        XCTAssertTrue(collected.text.contains(expected), collected.text)
        XCTAssertTrue(process.isRunning, "still running, waiting for the device: \(collected.text)")
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, collected.text)
    }
}
