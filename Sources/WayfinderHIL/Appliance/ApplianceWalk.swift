import Belt
import Config
import Foundation
import Gestures
import Logging
import Navigation
import Platform
import Sensors
import Simulation
import Status
import TouchCase

/// A walk with the installed appliance, driven and checked from outside it (`wayfinder-hil
/// appliance`, run by rig-checks.service in the appliance guest; docs/hil.md). Each step is one
/// check with one PASS/FAIL line; the walk goes on after a failure where the next step can still
/// say something, and stops where it cannot.
///
/// The walker stands at `RigRoute.standpoint`, 100 m from each of the route's four waypoints, which
/// lie due north, east, south and west of it. The direction the belt shows therefore says which
/// waypoint it points at: bearing − (compass heading + declination).
struct ApplianceWalk {
    let rig: ApplianceRig
    let peripherals: RigPeripherals
    let logger: Logger
    var passed = 0
    var failed = 0
    /// Set when a step fails that every later one needs (the appliance never came up).
    var stopReason: String?

    /// The rig's configuration, as installed in /etc/wayfinder (scripts/hil/appliance/wayfinder.toml).
    static let configPath = "/etc/wayfinder/wayfinder.toml"
    static let declination = 3.0
    static let startButton = 17
    static let waypointButton = 27
    /// `"pair-pencil"`: the Pencil's pairing spot while held.
    static let pairButton = 5

    static func main() async -> Int32 {
        let logger = Logger(label: "hil.appliance")
        let rig: ApplianceRig
        do {
            rig = try ApplianceRig.fromProcess()
        } catch {
            report(false, "appliance rig: devices", "\(error)")
            print("0 passed, 1 failed")
            return 1
        }
        let peripherals: RigPeripherals
        do {
            // The walker stands still while the checks run; a quarter of an hour outlasts them.
            let (log, perEpoch) = RigGPS.standingLog(at: RigRoute.standpoint, seconds: 900)
            try log.write(toFile: "/run/rig/standing.nmea", atomically: true, encoding: .utf8)
            try await RigGPS.start(log: "/run/rig/standing.nmea", sentencesPerEpoch: perEpoch)
            try await rig.face(heading: 0)
            peripherals = try await RigPeripherals.start(on: rig, logger: logger)
        } catch {
            report(false, "appliance rig: gpsfake, compass registers and the BLE peripherals", "\(error)")
            print("0 passed, 1 failed")
            return 1
        }
        var walk = ApplianceWalk(rig: rig, peripherals: peripherals, logger: logger)
        await walk.run()
        await peripherals.stop()
        print("\(walk.passed) passed, \(walk.failed) failed")
        fflush(nil)
        return walk.failed == 0 ? 0 : 1
    }

    static func report(_ ok: Bool, _ name: String, _ why: String = "") {
        print(ok ? "PASS: \(name)" : "FAIL: \(name): \(why)")
        fflush(nil)
    }

    mutating func step(_ name: String, gate: Bool = false, limit: Duration = .seconds(150),
                       _ body: @escaping @Sendable () async throws -> Void) async {
        if let stopReason {
            failed += 1
            Self.report(false, name, "not run: \(stopReason)")
            return
        }
        let started = ContinuousClock.now
        do {
            try await within(limit, name, body)
            passed += 1
            print("PASS: \(name) (\(ContinuousClock.now - started))")
            fflush(nil)
        } catch {
            failed += 1
            Self.report(false, name, "\(error)")
            if gate { stopReason = "\"\(name)\" failed" }
        }
    }

    mutating func run() async {
        let rig = rig
        let belt = peripherals.belt
        let touchCase = peripherals.touchCase
        let peripherals = peripherals

        await step("systemd: wayfinder.service from the shipped unit is up (READY=1) and found the gpio-sim buttons, the i2c-stub compass, gpsd, the belt and the touch case", gate: true) {
            do {
            try await waitUntil(.seconds(120), "the service ready and waiting for nothing", every: .seconds(1)) {
                guard let p = try? await rig.unitProperties(["ActiveState", "SubState", "StatusText"]) else { return false }
                let connected = await belt.isConnected
                let caseConnected = await touchCase.isConnected
                let status = p["StatusText"] ?? ""
                return p["ActiveState"] == "active" && p["SubState"] == "running"
                    && !status.contains("waiting for") && !status.contains("belt connecting") && connected && caseConnected
            }
            } catch {
                let p = try? await rig.unitProperties(["ActiveState", "SubState", "StatusText"])
                let belt = await belt.isConnected, touch = await touchCase.isConnected
                throw HILFailure("\(error) (last: \(p ?? [:]); belt simulator connected: \(belt), touch case simulator connected: \(touch))")
            }
            let p = try await rig.unitProperties(["User", "FragmentPath", "NRestarts"])
            try expect(p["User"] == "wayfinder", "the service runs as \(p["User"] ?? "?"), not the package's wayfinder user")
            try expect(p["FragmentPath"] == "/lib/systemd/system/wayfinder.service",
                       "the unit is \(p["FragmentPath"] ?? "?"), not the one the package installed")
            try await Self.expectDevicesLogged(rig, since: nil, gpiod: "libgpiod 1.6", compass: "QMC5883L at 0x0d")
        }

        await step("gpio-sim button through libgpiod: a press of GPIO17 starts the walk; the belt points at waypoint North with the i2c-stub compass's heading and the declination", gate: true) {
            let before = await belt.records.count
            try await rig.press(Self.startButton, for: .milliseconds(150))
            try await Self.waitForDirection(belt, since: before, toward: RigRoute.north, heading: 0, "after the start button")
        }

        await step("i2c-stub compass: the field registers turned as the wearer turns to face east; the belt's direction turns with them") {
            let before = await belt.records.count
            try await rig.face(heading: 90)
            try await Self.waitForDirection(belt, since: before, toward: RigRoute.north, heading: 90, "facing east")
            let back = await belt.records.count
            try await rig.face(heading: 0)
            try await Self.waitForDirection(belt, since: back, toward: RigRoute.north, heading: 0, "facing north again")
        }

        await step("touch case: a swipe right stroked on the case's right side skips to the next waypoint (East)") {
            let before = await belt.records.count
            await touchCase.play(Self.trace(.swipe(.right), on: .right, at: peripherals.clock.elapsed + .milliseconds(300)))
            try await Self.waitForDirection(belt, since: before, toward: RigRoute.east, heading: 0, "after the swipe")
        }

        await step("gpio-sim buttons through libgpiod: a double press of GPIO27 goes back a waypoint (North); a single press with a bouncing contact goes on once (East)") {
            let before = await belt.records.count
            try await rig.doublePress(Self.waypointButton)
            try await Self.waitForDirection(belt, since: before, toward: RigRoute.north, heading: 0, "after the double press")
            try await Self.bouncingPressCountsOnce(rig, belt, toward: RigRoute.east)
        }

        await step("gpio-sim button through libgpiod: a long press of GPIO17 stops the walk and the belt falls silent; a short press starts it again (East)") {
            try await rig.press(Self.startButton, for: .milliseconds(1200))
            try await waitUntil(.seconds(20), "the belt silent after the long press") { await Self.silent(belt) }
            let before = await belt.records.count
            try await rig.press(Self.startButton, for: .milliseconds(150))
            try await Self.waitForDirection(belt, since: before, toward: RigRoute.east, heading: 0, "after the start button")
        }

        await step("belt: its controller powered off and on; the appliance reconnects and resyncs the belt to the walk (app mode, pointing East)") {
            let linksBefore = await belt.linksServed
            try await peripherals.powerCycleBelt(rig: rig)
            try await Self.waitForNewLink(belt, after: linksBefore, within: .seconds(90), "the belt connected again")
            try await waitUntil(.seconds(30), "the belt in app mode again") { await belt.mode == .app }
            try await Self.waitForDirection(belt, since: 0, toward: RigRoute.east, heading: 0, "after the reconnection")
        }

        await step("pencil: paired over the kernel as the SDK pairs (the tip held on a lone touch on the case, both let go together); a click of the tip then pauses the walk and another resumes it (East)") {
            let pencil = peripherals.pencil
            try await Self.pairPencil(pencil, touchCase: touchCase, peripherals: peripherals, rig: rig)
            try await Task.sleep(for: .seconds(1))
            try await Self.click(pencil)
            try await waitUntil(.seconds(20), "the belt silent after the click paused the walk") { await Self.silent(belt) }
            try await Task.sleep(for: .seconds(1))
            let before = await belt.records.count
            try await Self.click(pencil)
            try await Self.waitForDirection(belt, since: before, toward: RigRoute.east, heading: 0, "after the second click")
        }

        await step("touch classes over the kernel, the Pencil connected: a palm on the case (a heel resting on the right while the hand slides along the left) fires the palm binding and no finger binding; a pen stroke on the left, the tip pressed, fires only the pen binding; a finger's swipe there fires the finger binding") {
            try await Self.palmPenFinger(peripherals.pencil, touchCase: touchCase, clock: peripherals.clock, rig: rig)
        }

        await step("gpio-sim pair control through libgpiod: GPIO5 (\"pair-pencil\") held 2.5 s unpairs the Pencil as a long press on the SDK's pairing spot does: the pen is told to switch off and pencil.json is removed") {
            let pencil = peripherals.pencil
            let pairing = "/var/lib/wayfinder/pencil.json"
            try expect(FileManager.default.fileExists(atPath: pairing), "no \(pairing) after the pairing")
            let cursor = try await rig.journalCursor()
            try await rig.press(Self.pairButton, for: .milliseconds(2500))
            try await waitUntil(.seconds(20), "the pen switched off by the appliance (ShouldPowerOff)") { await !pencil.peripheral.isPoweredOn }
            try await waitUntil(.seconds(20), "\"pencil pairing forgotten\" in the journal", every: .milliseconds(500)) {
                ((try? await rig.journal(since: cursor)) ?? []).contains { $0.contains("pencil pairing forgotten") }
            }
            let lines = try await rig.journal(since: cursor)
            try expect(lines.contains { $0.contains("connected, long press to unpair") }, "the pencil never took the hold as its spot: \(lines.suffix(12))")
            try expect(lines.contains { $0.contains("GPIO5 pair control released") }, "the release is not in the journal: \(lines.suffix(12))")
            // The whole boot, so that a hold logged out of order with the cursor is still found, and
            // what the buttons said of GPIO5 is shown if it is not.
            let boot = try await rig.journal()
            let gpio5 = boot.filter { $0.contains("GPIO5") }
            try expect(gpio5.contains { $0.contains("GPIO5 pair control held") }, "the hold is not in this boot's journal; GPIO5 lines: \(gpio5.suffix(8)), since the step: \(lines.suffix(12))")
            try expect(!FileManager.default.fileExists(atPath: pairing), "\(pairing) is still there after the unpairing")
        }

        await step("control socket under systemd: wayfinder status (root) shows the walk to East; wayfinder control next from a member of the wayfinder group skips to South; control previous goes back to East; a user outside the group is kept out by /run/wayfinder's permissions") {
            let (status, page) = try await ToolProcess.run("/usr/bin/wayfinder", ["status", "--json"])
            try expect(status == 0, "wayfinder status exited with \(status): \(page.suffix(400))")
            let report = try StatusJSON.decode(StatusReport.self, from: page)
            try expect(report.route?.state == .navigating && report.route?.waypointName == RigRoute.east.name,
                       "the status shows \(String(describing: report.route)), not the walk to East")
            try expect(report.belt?.link == .connected, "the status shows the belt \(String(describing: report.belt?.link))")
            // A login in the group: its supplementary groups, not its primary one, let it in.
            _ = try await ToolProcess.run("/usr/sbin/useradd", ["--system", "--no-create-home", "--groups", "wayfinder", "rigmember"])
            let before = await belt.records.count
            let (next, nextOutput) = try await ToolProcess.run("/usr/bin/setpriv", ["--reuid=rigmember", "--regid=65534", "--init-groups",
                                                                                   "/usr/bin/wayfinder", "control", "next"])
            try expect(next == 0 && nextOutput.contains("walking to waypoint 3/4"), "control next as rigmember exited with \(next): \(nextOutput.suffix(400))")
            try await Self.waitForDirection(belt, since: before, toward: RigRoute.south, heading: 0, "after control next")
            let log = try await rig.journal()
            try expect(log.contains { $0.contains("command next-waypoint from control socket (uid") }, "the control is not in the journal with its source")
            let back = await belt.records.count
            _ = try await ToolProcess.succeed("/usr/bin/wayfinder", ["control", "previous"])
            try await Self.waitForDirection(belt, since: back, toward: RigRoute.east, heading: 0, "after control previous")
            let (refused, refusal) = try await ToolProcess.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups",
                                                                                  "/usr/bin/wayfinder", "status"])
            try expect(refused == 1 && refusal.contains("Permission denied"), "a user outside the group got exit \(refused): \(refusal.suffix(400))")
        }

        await step("belt discovery: a device advertising a belt's name without the belt's service (an impostor on hci4) is never connected to, through startup and a rediscovery") {
            let impostor = await peripherals.impostorConnections.value
            try expect(impostor == 0, "the appliance connected to the impostor \(impostor) time(s)")
            try expect(await belt.isConnected, "the real belt is not connected")
        }

        await step("systemd reload: a changed intensity in the configuration reaches the belt (systemctl reload wayfinder)") {
            let text = try String(contentsOfFile: Self.configPath, encoding: .utf8)
            let changed = text.replacingOccurrences(of: "\nintensity = 60\n", with: "\nintensity = 85\n")
            try expect(changed != text, "\(Self.configPath) has no line \"intensity = 60\" to change")
            try changed.write(toFile: Self.configPath, atomically: true, encoding: .utf8)
            try await rig.systemctl("reload", "wayfinder.service")
            try await waitUntil(.seconds(30), "the belt's default intensity 85 %") { await belt.defaultIntensity == 85 }
            try await rig.waitUntilActive(within: .seconds(30), "the service active again after RELOADING=1")
        }

        await step("memory under systemd: the service's control group reports its peak since the start (memory.peak: Debian 12's systemd 252 has no MemoryPeak property), through pairing, gestures, a rediscovery and a reload; the process's own peak resident set (VmHWM) beside it") {
            try await Self.reportMemory(rig)
        }

        await step("systemd kill -9: systemd restarts the killed service; the walk resumes at the same waypoint (East) and the walked track is a GPX file that parses", gate: true) {
            let before = try await rig.restarts()
            let links = await belt.linksServed
            try await rig.systemctl("kill", "-s", "KILL", "wayfinder.service")
            try await rig.waitForRestart(after: before, within: .seconds(60), "systemd restarting the service")
            try await Self.waitForNewLink(belt, after: links, within: .seconds(90), "the belt connected to the restarted appliance")
            let since = await belt.records.count
            try await Self.waitForDirection(belt, since: since, toward: RigRoute.east, heading: 0, "after the restart")
            try await Self.checkTracks()
        }

        await step("gpsd: gpsfake stopped, the GPS goes quiet; the outage is logged as a warning and the belt falls silent; gpsfake back, guidance resumes") {
            let cursor = try await rig.journalCursor()
            try await RigGPS.stop()
            try await waitUntil(.seconds(60), "a warning about the missing fix in the journal", every: .seconds(1)) {
                (try? await rig.journal(priority: "warning", since: cursor))?.contains { $0.contains("no GPS fix for") } ?? false
            }
            try await waitUntil(.seconds(20), "the belt silent") { await Self.silent(belt) }
            let since = await belt.records.count
            let (log, perEpoch) = RigGPS.standingLog(at: RigRoute.standpoint, seconds: 900)
            try log.write(toFile: "/run/rig/standing.nmea", atomically: true, encoding: .utf8)
            try await RigGPS.start(log: "/run/rig/standing.nmea", sentencesPerEpoch: perEpoch)
            try await Self.waitForDirection(belt, since: since, toward: RigRoute.east, heading: 0, "after the GPS came back", within: .seconds(90))
        }

        await step("journalctl -u wayfinder -p warning: the GPS outage and the belt's link loss are warnings, each once; routine progress is not") {
            let warnings = try await rig.journal(priority: "warning")
            try expect(warnings.contains { $0.contains("no GPS fix for") }, "no GPS outage among the warnings: \(warnings.suffix(10))")
            try expect(warnings.contains { $0.contains("belt connection lost") }, "no belt link loss among the warnings: \(warnings.suffix(10))")
            try expect(!warnings.contains { $0.contains("navigation started") }, "routine progress logged as a warning: \(warnings.suffix(10))")
            let outages = warnings.filter { $0.contains("no GPS fix for") }.count
            try expect(outages == 1, "one GPS outage logged \(outages) times among the warnings")
            let losses = warnings.filter { $0.contains("belt link") || $0.contains("belt connection lost") }
            try expect(losses.count == 1, "one loss of the belt's link logged \(losses.count) times among the warnings: \(losses)")
            let all = try await rig.journal()
            try expect(all.contains { $0.contains("navigation started") }, "no \"navigation started\" line at all (journal: \(all.suffix(5)))")
        }

        await step("uart GPS: [gps] switched from gpsd to the UART (/dev/ttyS1 through the kernel's 8250 driver, a QEMU serial port the rig writes NMEA into); after systemctl restart and a press of the start button the walk goes on, gpsd stopped") {
            try await RigGPS.stop()
            _ = try await RigGPS.feedUART("/dev/ttyS2")
            let text = try String(contentsOfFile: Self.configPath, encoding: .utf8)
            let gpsd = "[gps]\nsource = \"gpsd\"\nhost = \"127.0.0.1\"\nport = 2947\n"
            let uart = "[gps]\nsource = \"uart\"\ndevice = \"/dev/ttyS1\"\nbaud = 9600\n"
            try expect(text.contains(gpsd), "\(Self.configPath) has no [gps] table for gpsd to change")
            try text.replacingOccurrences(of: gpsd, with: uart).write(toFile: Self.configPath, atomically: true, encoding: .utf8)
            let cursor = try await rig.journalCursor()
            try await rig.systemctl("restart", "wayfinder.service")
            try await rig.waitUntilActive(within: .seconds(60), "the service active again")
            try await waitUntil(.seconds(60), "the belt connected to the restarted appliance") { await belt.isConnected }
            let before = await belt.records.count
            try await rig.press(Self.startButton, for: .milliseconds(150))
            try await Self.waitForDirection(belt, since: before, toward: RigRoute.east, heading: 0, "after the start press, positions from the UART",
                                            within: .seconds(60))
            let lines = try await rig.journal(since: cursor)
            try expect(lines.contains { $0.contains("reading the GPS on /dev/ttyS1 at 9600 baud") },
                       "the journal never says the GPS is read on /dev/ttyS1: \(lines.suffix(8))")
        }

        await step("systemd watchdog: a service frozen with SIGSTOP stops sending WATCHDOG=1; systemd kills and restarts it and the walk resumes", gate: true) {
            let cursor = try await rig.journalCursor()
            let before = try await rig.restarts()
            try await rig.systemctl("kill", "-s", "STOP", "wayfinder.service")
            try await rig.waitForRestart(after: before, within: .seconds(90), "systemd restarting the frozen service")
            let system = try await ToolProcess.succeed("journalctl", ["-b", "--no-pager", "-o", "cat", "--after-cursor", cursor, "-u", "wayfinder.service"])
            try expect(system.lowercased().contains("watchdog timeout"), "systemd never logged a watchdog timeout for wayfinder.service: \(system.suffix(600))")
            let since = await belt.records.count
            try await Self.waitForDirection(belt, since: since, toward: RigRoute.east, heading: 0, "after the watchdog restart", within: .seconds(90))
        }

        await step("systemd stop: systemctl stop silences the belt and the service exits 0; the walk's trip report is written beside its track, from a journal that kept every run since the first", gate: true) {
            try await Self.stopCleanly(rig, belt)
            try await Self.checkTripReport()
        }

        await runWithLibgpiod2()
    }

    /// The button checks once more, with the package's binary linked against libgpiod 2.2 (Debian
    /// 13's, statically: scripts/hil/build-gpiod2.sh) bind-mounted over /usr/bin/wayfinder, so the
    /// unit, its hardening and the configuration stay as installed. The compass changes too: the
    /// HMC5883L at 0x1E gets its identity, so `compass = "auto"` now finds it ahead of the QMC5883L.
    mutating func runWithLibgpiod2() async {
        let rig = rig
        let belt = peripherals.belt
        let binary = "/usr/local/lib/rig/wayfinder-gpiod2"

        await step("libgpiod 2: the package's binary linked against Debian 13's libgpiod 2.2 starts from the same unit; compass = auto finds the HMC5883L now identified on i2c-stub", gate: true) {
            try expect(FileManager.default.isExecutableFile(atPath: binary), "\(binary) is missing (scripts/hil/build-gpiod2.sh)")
            try await rig.installHMC5883L()
            try await rig.face(heading: 0, on: .hmc5883l)
            try await ToolProcess.succeed("mount", ["--bind", binary, "/usr/bin/wayfinder"])
            let cursor = try await rig.journalCursor()
            let links = await belt.linksServed
            try await rig.systemctl("start", "wayfinder.service")
            try await rig.waitUntilActive(within: .seconds(60), "the service active")
            try await Self.waitForNewLink(belt, after: links, within: .seconds(90), "the belt connected")
            try await Self.expectDevicesLogged(rig, since: cursor, gpiod: "libgpiod 2.", compass: "HMC5883L at 0x1e")
        }

        await step("gpio-sim button through libgpiod 2: a press of GPIO17 starts the walk (East); the i2c-stub HMC5883L's field turned to face east turns the belt") {
            let before = await belt.records.count
            try await rig.press(Self.startButton, for: .milliseconds(150))
            try await Self.waitForDirection(belt, since: before, toward: RigRoute.east, heading: 0, "after the start button")
            let turned = await belt.records.count
            try await rig.face(heading: 90, on: .hmc5883l)
            try await Self.waitForDirection(belt, since: turned, toward: RigRoute.east, heading: 90, "facing east")
            let back = await belt.records.count
            try await rig.face(heading: 0, on: .hmc5883l)
            try await Self.waitForDirection(belt, since: back, toward: RigRoute.east, heading: 0, "facing north again")
        }

        await step("gpio-sim buttons through libgpiod 2: a single press of GPIO27 with a bouncing contact goes on once (South); a double press goes back a waypoint (East)") {
            try await Self.bouncingPressCountsOnce(rig, belt, toward: RigRoute.south)
            let before = await belt.records.count
            try await rig.doublePress(Self.waypointButton)
            try await Self.waitForDirection(belt, since: before, toward: RigRoute.east, heading: 0, "after the double press")
        }

        await step("gpio-sim button through libgpiod 2: a long press of GPIO17 stops the walk and the belt falls silent") {
            try await rig.press(Self.startButton, for: .milliseconds(1200))
            try await waitUntil(.seconds(20), "the belt silent after the long press") { await Self.silent(belt) }
        }

        await step("libgpiod 2: systemctl stop exits 0; the package's own binary is back in place") {
            try await Self.stopCleanly(rig, belt)
            try await ToolProcess.succeed("umount", ["/usr/bin/wayfinder"])
        }

        await step("upload under systemd: the shipped unit ran all along without \(RigStorage.credentialsPath) (LoadCredential= with its SetCredential= default); the key written and [upload] configured, the unit's IPAddressDeny= keeps the service off the storage and its status says how to allow it; a drop-in allowing the rig's storage (10.0.2.100), and the finished walks go up through QEMU's user networking to the host's SeaweedFS, nothing left pending (the host compares the objects)",
                   limit: .seconds(240)) {
            try await RigStorage.upload(rig, belt)
        }
    }

    /// `systemctl stop`, then: inactive, a clean exit, and no channel left on the belt.
    /// The service's memory as the kernel accounts it, printed for the log (docs/performance.md
    /// quotes it): the control group's peak and current charge (cgroup v2's memory.peak,
    /// memory.current and memory.stat, Linux Documentation/admin-guide/cgroup-v2.rst), which count
    /// the page cache of the files the service wrote as well as its own pages, and the main process's
    /// peak resident set (VmHWM in /proc/PID/status), the figure `time -v` gives on the build machine.
    static func reportMemory(_ rig: ApplianceRig) async throws {
        let p = try await rig.unitProperties(["ControlGroup", "MainPID"])
        let group = p["ControlGroup"] ?? ""
        try expect(group.hasPrefix("/"), "systemctl show gave no ControlGroup for the service: \(p)")
        let directory = "/sys/fs/cgroup\(group)"
        func number(_ file: String) throws -> Int {
            let text = (try? String(contentsOfFile: "\(directory)/\(file)", encoding: .utf8)) ?? ""
            guard let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw HILFailure("\(directory)/\(file) holds no number: \"\(text.prefix(80))\"")
            }
            return value
        }
        let peak = try number("memory.peak"), current = try number("memory.current")
        let stat = (try? String(contentsOfFile: "\(directory)/memory.stat", encoding: .utf8)) ?? ""
        func statValue(_ key: String) -> Int {
            for line in stat.split(separator: "\n") where line.hasPrefix(key + " ") {
                return Int(line.dropFirst(key.count + 1)) ?? 0
            }
            return 0
        }
        let status = (try? String(contentsOfFile: "/proc/\(p["MainPID"] ?? "0")/status", encoding: .utf8)) ?? ""
        let hwm = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
        try expect(current > 0 && peak >= current, "memory.peak \(peak) is below memory.current \(current)")
        guard let hwmKiB = hwm else { throw HILFailure("no VmHWM in /proc/\(p["MainPID"] ?? "?")/status") }
        try expect(hwmKiB * 1024 <= peak, "the process's peak resident set (\(hwmKiB) KiB) exceeds its group's peak (\(peak) B)")
        func mib(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }
        print("rig: wayfinder.service memory.peak \(mib(peak)) MiB, memory.current \(mib(current)) MiB (anon \(mib(statValue("anon"))), file \(mib(statValue("file"))), kernel \(mib(statValue("kernel")))); the process's VmHWM \(mib(hwmKiB * 1024)) MiB")
        fflush(nil)
    }

    static func stopCleanly(_ rig: ApplianceRig, _ belt: BeltPeripheralHost) async throws {
        try await rig.systemctl("stop", "wayfinder.service")
        let p = try await rig.unitProperties(["ActiveState", "Result", "ExecMainStatus"])
        try expect(p["ActiveState"] == "inactive", "after stop the service is \(p["ActiveState"] ?? "?")")
        try expect(p["Result"] == "success" && p["ExecMainStatus"] == "0",
                   "the service did not exit cleanly: Result=\(p["Result"] ?? "?") ExecMainStatus=\(p["ExecMainStatus"] ?? "?")")
        try await waitUntil(.seconds(10), "the belt silent") { await belt.channels.isEmpty }
    }

    /// The journal (since `cursor`, or this boot) says which libgpiod read the buttons on the rig's
    /// chip and which compass `auto` found.
    static func expectDevicesLogged(_ rig: ApplianceRig, since cursor: String?, gpiod: String, compass: String) async throws {
        let lines = try await rig.journal(since: cursor)
        try expect(lines.contains { $0.contains("buttons on") && $0.contains("qemu-rig-gpio") && $0.contains(gpiod) },
                   "no \"buttons on … qemu-rig-gpio … \(gpiod)\" line in the journal: \(lines.filter { $0.contains("buttons") }.suffix(4))")
        try expect(lines.contains { $0.contains("compass: \(compass)") },
                   "no \"compass: \(compass)\" line in the journal: \(lines.filter { $0.contains("compass") }.suffix(4))")
    }

    /// No vibration left running: every channel the belt holds repeats a finite number of times.
    static func silent(_ belt: BeltPeripheralHost) async -> Bool {
        await belt.channels.values.allSatisfy { $0.configuration.iterations != 0 }
    }

    /// Waits for the belt to be connected over a link newer than the `links`-th.
    static func waitForNewLink(_ belt: BeltPeripheralHost, after links: Int, within limit: Duration, _ what: String) async throws {
        try await waitUntil(limit, what) {
            let served = await belt.linksServed
            let connected = await belt.isConnected
            return served > links && connected
        }
    }

    /// A single press of the waypoint button through a bouncing contact moves the walk on once: the belt
    /// points at `waypoint`, and still does 2 s later. Counted twice, the bounce would be a double press
    /// (back a waypoint) or two presses (on by two).
    static func bouncingPressCountsOnce(_ rig: ApplianceRig, _ belt: BeltPeripheralHost, toward waypoint: RigRoute.Waypoint) async throws {
        let single = await belt.records.count
        try await rig.bouncingPress(waypointButton, for: .milliseconds(150))
        try await waitForDirection(belt, since: single, toward: waypoint, heading: 0, "after the single press")
        try await Task.sleep(for: .seconds(2))
        try await waitForDirection(belt, since: single, toward: waypoint, heading: 0, "2 s after the single press", within: .seconds(1))
    }

    /// The journal's lines for swipe-right on the case's left side, one binding per touch class
    /// (scripts/hil/appliance/wayfinder.toml).
    static let palmSwipe = "gesture swipe-right recognized; resume"
    static let penSwipe = "gesture swipe-right recognized; announce-direction"
    static let fingerSwipe = "gesture swipe-right recognized; announce-battery"

    /// A palm, a pen stroke and a finger's swipe on the case's left side, 1.5 s apart, read back from
    /// this boot's journal: the palm's binding, the pen's, then the finger's, once each. Nothing earlier
    /// in the walk fires them, and the whole boot is read rather than the lines after a cursor: a
    /// cursor taken before the palm once read back without the palm's first line (the pair control's
    /// step reads the whole boot for its hold likewise). The classifier (FiftyThree SDK,
    /// `ClassificationProxy.cpp`) calls a touch that overlaps another a palm, a lone touch whose tip
    /// down came within 8 cycles (133 ms) of it the pen, and a lone moving touch a finger. The palm's
    /// slide is a swipe as fast as the finger's, and the pen's stroke one inside the swipe's 500 ms,
    /// so a wrong verdict for either fires another binding than its own. The tip goes down 20 ms
    /// before the pen's touch lands and up 15 ms before it lifts, as a pen pressed on the case does;
    /// the two travel different controllers, and the SDK's window absorbs their skew.
    static func palmPenFinger(_ pencil: PencilPeripheralHost, touchCase: FuffrPeripheralHost, clock: SessionClock,
                              rig: ApplianceRig) async throws {
        let palm = clock.elapsed + .milliseconds(300)
        let pen = palm + .milliseconds(1500)
        let finger = pen + .milliseconds(1500)
        let penStroke = Duration.milliseconds(400)
        var strokes = [
            FuffrTouchTrace.Stroke(side: .right, start: palm, duration: .milliseconds(500), from: (0.5, 0.5)),
            FuffrTouchTrace.Stroke(side: .left, start: palm + .milliseconds(30), duration: .milliseconds(150), from: (0.2, 0.5), to: (0.8, 0.5)),
            FuffrTouchTrace.Stroke(side: .left, start: pen, duration: penStroke, from: (0.2, 0.5), to: (0.8, 0.5)),
        ]
        strokes += trace(.swipe(.right), on: .left, at: finger).strokes
        await touchCase.play(FuffrTouchTrace(strokes))
        try await clock.sleep(until: SessionInstant(offset: pen - .milliseconds(20)))
        await pencil.press(.tip, down: true)
        try await clock.sleep(until: SessionInstant(offset: pen + penStroke - .milliseconds(15)))
        await pencil.press(.tip, down: false)
        try await waitUntil(.seconds(20), "the finger's swipe recognized (\"\(fingerSwipe)\" in the journal)", every: .milliseconds(250)) {
            ((try? await rig.journal()) ?? []).contains { $0.contains(fingerSwipe) }
        }
        let lines = try await rig.journal()
        let swipes = lines.filter { [palmSwipe, penSwipe, fingerSwipe].contains(where: $0.contains) }
        try expect(swipes.count == 3 && swipes[0].contains(palmSwipe) && swipes[1].contains(penSwipe) && swipes[2].contains(fingerSwipe),
                   "expected the palm's binding (resume), the pen's (announce-direction), then the finger's (announce-battery), once each; "
                   + "the journal's left-side swipes: \(swipes); its last gesture and pencil lines: "
                   + "\(lines.filter { $0.contains("gesture") || $0.contains("pencil") }.suffix(12))")
    }

    /// One click of the Pencil's tip, as a finger makes it.
    /// Pairs the pen as the FiftyThree SDK does: the tip held on a lone touch (the pairing spot) until the
    /// appliance has the pen's link ready, then both lifted within the SDK's 100 ms. The spot's release
    /// reaches the appliance through the case's link and the tip's through the pen's, two emulated
    /// controllers that a loaded host can hold apart for longer than that; a wearer told "try again"
    /// tries again, and so does the rig, up to three times, each attempt's outcome read from the journal.
    static func pairPencil(_ pencil: PencilPeripheralHost, touchCase: FuffrPeripheralHost, peripherals: RigPeripherals,
                           rig: ApplianceRig) async throws {
        var outcomes: [String] = []
        for _ in 1...3 {
            let cursor = try await rig.journalCursor()
            // The spot: one finger resting on the case's left side, long enough for a scan and a connection.
            let held = peripherals.clock.elapsed + .milliseconds(200)
            await touchCase.play(FuffrTouchTrace([FuffrTouchTrace.Stroke(side: .left, start: held, duration: .seconds(60), from: (0.5, 0.5))]))
            await pencil.press(.tip, down: true)
            try await waitUntil(.seconds(40), "the appliance connecting to the pen while the tip is held") { await pencil.peripheral.isConnected }
            // The pen's link is ready (the SDK's "engaged", shown as "connected") once its tip was read as pressed.
            do {
                try await waitUntil(.seconds(30), "the pen engaged (StatusText \"pencil connected\") with the tip held", every: .milliseconds(250)) {
                    (try? await rig.unitProperties(["StatusText"]))?["StatusText"]?.contains("pencil connected") ?? false
                }
            } catch {
                // What the appliance said of the pen meanwhile, so a failure names its cause. A guest
                // that stalls longer than the case's 200 ms silence rule ends the resting finger, and
                // the pairing with it, as a wearer lifting the finger would: that attempt is over, and
                // the wearer would try again.
                let said = ((try? await rig.journal(since: cursor)) ?? []).filter { $0.contains("pencil") }
                outcomes.append("not engaged (\(error)); the appliance's pencil lines: \(said.suffix(12))")
                let lift = peripherals.clock.elapsed + .milliseconds(30)
                await touchCase.play(FuffrTouchTrace([FuffrTouchTrace.Stroke(side: .left, start: held, duration: max(lift - held, .milliseconds(30)), from: (0.5, 0.5))]))
                await pencil.press(.tip, down: false)
                try await waitUntil(.seconds(20), "the pen free again after the failed attempt") { await !pencil.peripheral.isConnected }
                try await Task.sleep(for: .seconds(1))
                continue
            }
            let release = peripherals.clock.elapsed + .milliseconds(30)
            await touchCase.play(FuffrTouchTrace([FuffrTouchTrace.Stroke(side: .left, start: held, duration: release - held, from: (0.5, 0.5))]))
            try await Task.sleep(for: .milliseconds(20))
            await pencil.press(.tip, down: false)
            let settled: @Sendable (String) -> Bool = { $0.contains("pencil paired with") || $0.contains("try again") || $0.contains("press and hold it") }
            try await waitUntil(.seconds(20), "the pairing's outcome in the journal (\"pencil paired with\" or a reason to try again)", every: .milliseconds(500)) {
                ((try? await rig.journal(since: cursor)) ?? []).contains(where: settled)
            }
            let lines = try await rig.journal(since: cursor).filter(settled)
            if lines.contains(where: { $0.contains("pencil paired with") }) { return }
            outcomes.append(lines.last ?? "?")
            // Let the appliance drop the link and the pen advertise again before the next kiss.
            try await waitUntil(.seconds(20), "the pen free again after the failed handshake") { await !pencil.peripheral.isConnected }
            try await Task.sleep(for: .seconds(1))
        }
        throw HILFailure("the pen did not pair in three attempts: \(outcomes)")
    }

    static func click(_ pencil: PencilPeripheralHost) async throws {
        await pencil.press(.tip, down: true)
        try await Task.sleep(for: .milliseconds(120))
        await pencil.press(.tip, down: false)
    }

    /// Every walked track the appliance wrote is a GPX file that Python's own XML parser reads, with
    /// at least one track point (an independent parser: not the appliance's). The running appliance
    /// appends a point with one pwrite over the old footer, and a read racing that write can see it
    /// half copied (reads do not wait for a writer of a regular file), so a file that does not parse
    /// is read again, five times 0.2 s apart: a torn view heals at once, a damaged file does not.
    static func checkTracks() async throws {
        let dir = "/var/lib/wayfinder/tracks"
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".gpx") }
        try expect(!files.isEmpty, "no track in \(dir)")
        let script = """
        import sys, time, xml.etree.ElementTree as E
        ns = {"g": "http://www.topografix.com/GPX/1/1"}
        for path in sys.argv[1:]:
            for attempt in range(5):
                try:
                    points = E.parse(path).getroot().findall(".//g:trkpt", ns)
                    break
                except E.ParseError:
                    if attempt == 4: raise
                    time.sleep(0.2)
            print(path, len(points))
            if not points: sys.exit(path + ": no track points")
        """
        try await ToolProcess.succeed("python3", ["-c", script] + files.map { "\(dir)/\($0)" })
    }

    /// The newest walk's report (written at the stop) draws the route and the track and has no
    /// script; its journal, read by Python's own JSON parser, holds whole records only, and one start
    /// record for each run of this walk: the kill -9 and the watchdog's restart appended to it.
    static func checkTripReport() async throws {
        let dir = "/var/lib/wayfinder/tracks"
        let script = """
        import glob, json, os, sys
        reports = sorted(glob.glob(sys.argv[1] + "/*.html"), key=os.path.getmtime)
        if not reports: sys.exit("no trip report in " + sys.argv[1])
        report = reports[-1]
        page = open(report, encoding="utf-8").read()
        for needle in ('<svg id="map"', 'class="route"', 'class="track q-'):
            if needle not in page: sys.exit(report + ": no " + needle)
        if "<script" in page: sys.exit(report + ": a script")
        journal = report[:-len(".html")] + ".events.jsonl"
        kinds = [json.loads(line)["kind"] for line in open(journal, encoding="utf-8") if line.strip()]
        starts = kinds.count("appliance_started")
        print(report, len(page), "bytes;", journal, len(kinds), "records,", starts, "starts")
        if kinds[:1] != ["walk"] or starts < 2: sys.exit(journal + ": expected a walk record first and a start per run, got " + str(kinds[:12]))
        """
        try await ToolProcess.succeed("python3", ["-c", script, dir])
    }

    /// Waits until the belt's latest navigation direction (a channel set to an angle relative to
    /// the wearer) is the one toward `waypoint` for a wearer facing `heading`, within 2°.
    static func waitForDirection(_ belt: BeltPeripheralHost, since index: Int, toward waypoint: RigRoute.Waypoint,
                                 heading: Double, _ what: String, latestOnly: Bool = false,
                                 within limit: Duration = .seconds(45)) async throws {
        let expected = RigRoute.relativeDirection(to: waypoint, heading: heading, declination: declination)
        do {
            try await waitUntil(limit, what, every: .milliseconds(250)) {
                guard let last = Self.directions(in: await belt.records.dropFirst(index)).last else { return false }
                return RigRoute.angularDistance(Double(last), expected) <= 2
            }
        } catch {
            let seen = Self.directions(in: await belt.records.dropFirst(index))
            throw HILFailure("\(what): expected the belt to point at \(waypoint.name) (\(Int(expected.rounded()))° from the wearer's front), "
                + "saw directions \(seen.suffix(8)) within \(limit)")
        }
    }

    /// The angles of every accepted channel configuration that points relative to the wearer.
    static func directions(in records: some Sequence<SimulatedBelt.Record>) -> [Int] {
        records.compactMap { record in
            guard record.problem == nil, case .configureChannel(let c) = record.command, case .angle(let a) = c.orientation else { return nil }
            return a
        }
    }

    /// A gesture as the wearer's finger strokes it on the case, at session time `at`.
    static func trace(_ gesture: RecognizedGesture, on side: CaseSide, at start: Duration) -> FuffrTouchTrace {
        let touch = SimulatedTouch(gesture, on: side)
        return FuffrTouchTrace(touch.strokes.map { s in
            FuffrTouchTrace.Stroke(side: CaseSide(rawValue: side.rawValue) ?? .right, finger: s.finger, start: start + s.delay, duration: s.duration,
                                   from: (s.from.x, s.from.y), to: (s.to.x, s.to.y))
        })
    }
}
