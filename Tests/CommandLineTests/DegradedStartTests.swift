import Foundation
import WayfinderTestKit
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The restart policy, from the process's side, as systemd starts it (`NOTIFY_SOCKET`, `JOURNAL_STREAM`,
/// `WATCHDOG_USEC`): a Pi-like board on this machine, where the GPIO chip, the I2C bus, the Bluetooth
/// adapter and (at first) the GPS device are missing. The process does not exit (which would have the
/// unit restart it, and formerly reboot the wearable): it reports READY=1, names what it waits for in
/// STATUS=, and takes a device off that list when it appears (here the GPS, a symlink made to point at
/// a pseudo-terminal, as udev makes /dev/serial0 or a USB receiver's name). Only a configuration that
/// cannot work on any hardware exits 78, which the unit does not restart.
final class DegradedStartTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "wayfinder-degraded-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/boards", withIntermediateDirectories: true)
        // A Pi whose GPIO chip label, I2C bus and Bluetooth adapter no machine here has.
        try """
        name = "Test Pi without its devices"
        [gpio]
        chip_labels = ["wayfinder-test-chip"]
        line_count = 58
        button_lines = [17, 27]
        [i2c]
        bus = 97
        [uart]
        device = "/dev/serial0"
        [bluetooth]
        adapter = "hci97"
        """.write(toFile: directory + "/boards/test-pi.toml", atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func configuration(gps: String) throws -> String {
        let path = directory + "/wayfinder.toml"
        try """
        board = "test-pi"
        state_directory = "\(directory)/state"
        [devices.belt]
        name_contains = ["naviGuertel"]
        [devices.touch_case]
        enabled = false
        [gps]
        \(gps)
        [compass]
        source = "auto"
        [route]
        gpx = "\(Repository.demoRoute)"
        [buttons.map]
        GPIO17 = "toggle-pause"
        GPIO27 = "next-waypoint"
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testMissingDevicesAreWaitedForAndNamedInStatusAndADeviceThatAppearsLeavesTheList() throws {
        guard (try? FileManager.default.contentsOfDirectory(atPath: "/dev"))?.contains("i2c-97") == false else {
            throw XCTSkip("this machine has /dev/i2c-97")
        }
        guard let pty = PseudoTerminal.open() else { throw XCTSkip("no pseudo-terminals here") }
        defer { pty.close() }
        let gps = directory + "/gps0"  // not there yet
        let config = try configuration(gps: "source = \"uart\"\ndevice = \"\(gps)\"\nbaud = 9600")
        let notify = try NotifySocket()
        defer { notify.close() }
        // WATCHDOG_USEC: STATUS= is then re-checked every second (half the period), not every 5 s.
        let (process, _, _, output) = try WayfinderBinary.start(
            ["run", "--config", config, "--fresh"],
            environment: ["JOURNAL_STREAM": "8:1", "NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "2000000",
                          "WAYFINDER_BOARDS": directory + "/boards"])
        defer { if process.isRunning { process.terminate() } }

        func wait(_ what: String, timeout: Duration = .seconds(40), _ condition: () -> Bool) throws {
            // The appliance is a child process answering on its stdout and the notify socket: polled, bounded.
            try WayfinderBinary.eventually(what, from: process, timeout: timeout,
                                           log: { "notifications: \(notify.messages)\nlog:\n\(output.text)" }, condition)
        }
        /// The STATUS= lines sent so far, without the key.
        func statuses() -> [String] {
            notify.messages.flatMap { $0.split(separator: "\n") }.filter { $0.hasPrefix("STATUS=") }.map { String($0.dropFirst(7)) }
        }

        try wait("READY=1") { notify.messages.contains { $0.hasPrefix("READY=1") } }
        let buttons = "buttons (GPIO chip \"wayfinder-test-chip\" not found)"
        let compass = "compass (/dev/i2c-97: no such device)"
        let gpsMissing = "GPS (cannot open \(gps): No such file or directory)"
        try wait("a STATUS= naming the buttons, the compass and the GPS") {
            statuses().contains { $0.hasPrefix("waiting for: ") && $0.contains(buttons) && $0.contains(compass) && $0.contains(gpsMissing) }
        }
        let waiting = try XCTUnwrap(statuses().last { $0.contains(gpsMissing) })
        XCTAssertTrue(waiting.contains("Bluetooth adapter hci97 ("), "the belt's adapter is waited for too: \(waiting)")

        // The receiver appears: the GPS leaves the list at its next attempt (1, 2, 4, 8 s apart), the rest stay.
        try FileManager.default.createSymbolicLink(atPath: gps, withDestinationPath: pty.slavePath)
        try wait("a STATUS= without the GPS") {
            statuses().last.map { $0.contains(buttons) && !$0.contains("GPS (") } ?? false
        }
        try wait("the GPS opened") { output.text.contains("reading the GPS on \(gps) at 9600 baud") }
        XCTAssertTrue(process.isRunning, "the process keeps running without its devices")

        // Each device's failure once at error priority; its repeats, if any, at debug (not shown at info).
        let log = output.text
        XCTAssertEqual(log.components(separatedBy: "<3>buttons-gpio: buttons on GPIO chip \"wayfinder-test-chip\" lines 17, 27: no GPIO chip labelled").count - 1,
                       1, log)
        XCTAssertEqual(log.components(separatedBy: "<3>compass: compass: /dev/i2c-97 does not exist: enable I2C").count - 1, 1, log)
        XCTAssertEqual(log.components(separatedBy: "<3>gps: GPS: cannot open \(gps)").count - 1, 1, log)
        XCTAssertFalse(log.contains("cannot start"), log)

        // A graceful stop as systemd asks for one: exit 0, the waits cleared with STOPPING=1.
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, String(output.text.suffix(3000)))
        XCTAssertTrue(notify.messages.contains { $0.hasPrefix("STOPPING=1") }, "\(notify.messages)")
    }

    /// `sim` as the GPS on a hardware board cannot work on any hardware: exit 78 (EX_CONFIG), which
    /// the unit's RestartPreventExitStatus= keeps from restarting, and no READY=1.
    func testAConfigurationThatCannotWorkOnAnyHardwareExits78WithoutReady() throws {
        let config = try configuration(gps: "source = \"sim\"")
        let notify = try NotifySocket()
        defer { notify.close() }
        let (process, _, _, output) = try WayfinderBinary.start(
            ["run", "--config", config],
            environment: ["JOURNAL_STREAM": "8:1", "NOTIFY_SOCKET": notify.path, "WAYFINDER_BOARDS": directory + "/boards"])
        process.waitUntilExit()
        let text = output.finish()
        XCTAssertEqual(process.terminationStatus, 78, text)
        XCTAssertTrue(text.contains("gps"), text)
        XCTAssertFalse(notify.messages.contains { $0.contains("READY=1") }, "\(notify.messages)")
    }
}
