import Config
import Foundation
import Logging
import Platform
@testable import Runtime
import Sensors
import Synchronization
import WayfinderTestKit
import XCTest

/// `Appliance.build` on a Pi-like board, on this machine: no Bluetooth adapter, no GPIO chip, a
/// pseudo-terminal as the GPS. What is missing is logged once with the device's own advice, retried
/// while the rest runs, and named on the status line (`DeviceWaits`); only a configuration that cannot
/// work on any hardware stops the start.
final class HardwareApplianceTests: XCTestCase {
    final class Observations: Sendable {
        let all = Mutex<[NavigationObservation]>([])
    }

    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "wayfinder-hw-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/boards", withIntermediateDirectories: true)
        // A Pi 4 whose header chip label no machine here has.
        try """
        name = "Test Pi"
        [gpio]
        chip_labels = ["wayfinder-test-chip"]
        line_count = 58
        button_lines = [5, 6, 16, 17, 22, 23, 24, 25, 26, 27]
        [i2c]
        bus = 1
        [uart]
        device = "/dev/serial0"
        [bluetooth]
        adapter = "hci0"
        """.write(toFile: directory + "/boards/test-pi.toml", atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A configuration as deploy/wayfinder.toml, with `gps`, `compass` and `buttons` as given.
    func configuration(gps: String, compass: String = "none", buttons: String = "") throws -> WayfinderConfiguration {
        let path = directory + "/wayfinder.toml"
        try """
        board = "test-pi"
        state_directory = "\(directory)/state"
        [devices.belt]
        name_contains = ["naviGuertel"]
        service_uuids = ["FE51"]
        [gps]
        \(gps)
        [compass]
        source = "\(compass)"
        [route]
        gpx = "\(Repository.demoRoute)"
        [navigation]
        heading_source = "belt"
        \(buttons)
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return try ConfigurationLoader(boards: BoardCatalog(directories: [directory + "/boards"]), files: DiskFiles()).load(path: path)
    }

    func options() -> Appliance.Options {
        var options = Appliance.Options()
        options.shutdownSignals = []
        options.clock = .continuous()
        return options
    }

    /// NMEA latitude/longitude fields (ddmm.mmmm) for a coordinate.
    func nmea(_ degrees: Double, width: Int) -> String {
        let whole = Int(abs(degrees))
        let minutes = (abs(degrees) - Double(whole)) * 60
        return String(format: "%0\(width)d%07.4f", whole, minutes)
    }

    func sentence(_ body: String) -> String {
        let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        let hex = String(checksum, radix: 16, uppercase: true)
        return "$\(body)*\(hex.count < 2 ? "0" + hex : hex)\r\n"
    }

    func testOnAPiWithoutAdapterTheUARTFixesReachNavigationAndTheBeltKeepsRetrying() async throws {
        guard let pty = PseudoTerminal.open() else { throw XCTSkip("no pseudo-terminals here") }
        defer { pty.close() }
        var expectedAdapterError = ""
        do { _ = try BluetoothAdapter.named("hci0") } catch { expectedAdapterError = "\(error)" }
        guard !expectedAdapterError.isEmpty else { throw XCTSkip("this machine has a Bluetooth adapter hci0") }

        let config = try configuration(gps: "source = \"uart\"\ndevice = \"\(pty.slavePath)\"\nbaud = 9600", compass: "auto")
        // At debug: the belt's second attempt is announced there (a repeated failure is logged quietly).
        let logs = LogCapture(level: .debug)
        let observations = Observations()
        var options = options()
        options.navigationObserver = { o in observations.all.withLock { $0.append(o) } }
        let appliance = try Appliance.build(configuration: config, options: options) { logs.logger($0) }
        let running = Task { try await appliance.run() }

        // The receiver at the route's first waypoint, once a second until navigation has used a fix.
        let start = try XCTUnwrap(config.route.waypoints.first).coordinate
        let lat = nmea(start.latitude, width: 2), lon = nmea(start.longitude, width: 3)
        var second = 10
        // The receiver's pace, over a kernel pty to the whole appliance on the process's loops: a
        // cycle until one is used, bounded; the check below says if none was.
        do {
            try await eventually("navigation to use a fix", timeout: .seconds(10), every: .milliseconds(250)) {
                if observations.all.withLock({ $0.contains { $0.fix != nil } }) { return true }
                pty.send(sentence("GPRMC,1235\(second).00,A,\(lat),N,\(lon),E,0.5,84.4,221126,,,A")
                         + sentence("GPGGA,1235\(second).00,\(lat),N,\(lon),E,1,08,0.9,60.0,M,46.9,M,,"))
                second = min(second + 1, 59)
                return false
            }
        } catch is DeadlineExceeded {}
        let used = observations.all.withLock { $0.compactMap(\.fix) }
        XCTAssertEqual(try XCTUnwrap(used.first).coordinate.latitude, start.latitude, accuracy: 1e-6,
                       "the UART's fix reached the navigation actor")
        // The whole appliance on the process's loops, its belt retrying on the real clock: polled, bounded.
        try await eventually("two belt connection attempts", timeout: .seconds(8), every: .milliseconds(50)) {
            logs.matching("next belt connection attempt in").count >= 2
        }
        let status = appliance.status.line
        await appliance.group.triggerGracefulShutdown()
        try await running.value

        let text = logs.all.joined(separator: "\n")
        XCTAssertFalse(logs.matching("belt: Bluetooth adapter hci0: \(expectedAdapterError); the belt actor keeps trying").isEmpty, text)
        XCTAssertEqual(logs.matching("belt connection attempt failed: connection failed: \(expectedAdapterError)").filter { !$0.hasPrefix("<7>") }.count, 1,
                       "the belt actor logs the adapter's own error once; the same again goes to debug: \(text)")
        XCTAssertTrue(status.hasPrefix("waiting for: Bluetooth adapter hci0 ("), status)
        XCTAssertFalse(status.contains("GPS ("), "the UART opened: \(status)")
        if !FileManager.default.fileExists(atPath: "/dev/i2c-1") {
            // No I2C bus on this machine: the compass feed cannot open it, says how to enable I2C, keeps
            // trying, and the belt's own compass keeps the direction meanwhile.
            XCTAssertFalse(logs.matching("compass: /dev/i2c-1 does not exist: enable I2C").filter {
                $0.hasSuffix("; navigating with the belt's own compass until it answers")
            }.isEmpty, text)
            XCTAssertTrue(status.contains("compass (/dev/i2c-1: no such device)"), status)
        }
        // The touch case (enabled by default) is retried like the belt, without stopping the start.
        XCTAssertFalse(logs.matching("touch case: Bluetooth adapter hci0: \(expectedAdapterError); the touch case actor keeps trying to connect").isEmpty, text)
        XCTAssertFalse(logs.matching("reading the GPS on \(pty.slavePath) at 9600 baud").isEmpty, text)
    }

    /// A service that hears neither the graceful shutdown nor the cancellation holds the stop; at the
    /// stop's limit the appliance says which one, where ServiceLifecycle's limit would trap.
    func testAStopHeldByAServiceEndsAtTheLimitNamingTheService() async throws {
        let config = try configuration(gps: "source = \"none\"")
        let release = StuckRelease()
        let overrun = Mutex<StopDeadline.Overrun?>(nil)
        var options = options()
        options.background = [BackgroundWork(name: "upload", run: { await release.wait() })]
        options.stopLimit = .seconds(1)
        options.stopOverrun = { found in overrun.withLock { $0 = found } }
        let logs = LogCapture(level: .info)
        let appliance = try Appliance.build(configuration: config, options: options) { logs.logger($0) }
        let running = Task { try await appliance.run() }
        // The whole appliance on the process's loops, and the deadline's own thread: polled, bounded.
        try await eventually("every actor to start", timeout: .seconds(10), every: .milliseconds(20)) { () async -> Bool in appliance.health.allStarted }
        await appliance.group.triggerGracefulShutdown()
        try await eventually("the stop's limit to run out", timeout: .seconds(10), every: .milliseconds(20)) { () async -> Bool in overrun.withLock { $0 } != nil }
        let found = try XCTUnwrap(overrun.withLock { $0 })
        XCTAssertEqual(found.holding, ["upload"], "the one service asked to stop that did not return")
        XCTAssertEqual(found.running.last, "upload", "\(found)")
        XCTAssertTrue(found.running.contains("belt") && found.running.contains("navigation"),
                      "the services a graceful shutdown reaches after the upload had not been asked: \(found)")
        release.open()
        try await running.value
        XCTAssertEqual(overrun.withLock { $0 }, found, "the limit acts once")
    }

    /// Runs the appliance until `done` holds for its log (at most 5 s), and returns the status line then.
    /// After the stop `device`, whose feed has ended, is no longer waited for.
    func runUntil(_ config: WayfinderConfiguration, device: String, logs: LogCapture,
                  _ done: @escaping @Sendable () -> Bool) async throws -> String {
        let appliance = try Appliance.build(configuration: config, options: options()) { logs.logger($0) }
        let running = Task { try await appliance.run() }
        // The whole appliance on the process's loops, over the kernel's devices: polled, bounded.
        try await eventually("the appliance's log to show it", timeout: .seconds(5), every: .milliseconds(50), done)
        let status = appliance.status.line
        await appliance.group.triggerGracefulShutdown()
        try await running.value
        XCTAssertFalse(appliance.status.line.contains("\(device) ("), "a stopped feed waits for nothing: \(appliance.status.line)")
        return status
    }

    func testUbloxOverI2CWithoutTheBusIsWaitedForSayingHowToEnableI2C() async throws {
        guard !FileManager.default.fileExists(atPath: "/dev/i2c-1") else { throw XCTSkip("this machine has /dev/i2c-1") }
        let config = try configuration(gps: "source = \"ublox-i2c\"")
        let logs = LogCapture(level: .info)
        let status = try await runUntil(config, device: "GPS", logs: logs) { !logs.matching("opening the GPS (u-blox DDC 0x42 on /dev/i2c-1) again in").isEmpty }
        let text = logs.all.joined(separator: "\n")
        XCTAssertEqual(logs.matching("<3>gps: GPS: /dev/i2c-1 does not exist: enable I2C (raspi-config").count, 1, text)
        XCTAssertTrue(status.contains("GPS (/dev/i2c-1: no such device)"), status)
    }

    func testBoundButtonsWithoutTheBoardsGPIOChipAreWaitedForNamingTheLabel() async throws {
        guard (try? GPIOChip(label: "wayfinder-test-chip")) == nil else { throw XCTSkip("a chip has the test label") }
        let config = try configuration(gps: "source = \"none\"", buttons: "[buttons.map]\nGPIO17 = \"toggle-pause\"\nGPIO27 = \"next-waypoint\"")
        let logs = LogCapture(level: .info)
        let status = try await runUntil(config, device: "buttons", logs: logs) { !logs.matching("requesting the button lines again in").isEmpty }
        let text = logs.all.joined(separator: "\n")
        XCTAssertEqual(logs.matching("<3>buttons-gpio: buttons on GPIO chip \"wayfinder-test-chip\" lines 17, 27: no GPIO chip labelled \"wayfinder-test-chip\" was found").count,
                       1, text)
        XCTAssertTrue(status.contains("buttons (GPIO chip \"wayfinder-test-chip\" not found)"), status)
    }

    /// `sim` sources are for the simulated board: on a hardware board no device can make them work.
    func testSimulatedSourcesOnAHardwareBoardStopTheStart() throws {
        var config = try configuration(gps: "source = \"none\"")
        config.gps = .simulated
        XCTAssertThrowsError(try Appliance.build(configuration: config, options: options()) { Logger(label: $0) }) { error in
            XCTAssertEqual("\(error)", "GPS: [gps] source = \"sim\" needs board = \"sim\"")
        }
        config = try configuration(gps: "source = \"none\"")
        config.compass = .simulated
        XCTAssertThrowsError(try Appliance.build(configuration: config, options: options()) { Logger(label: $0) }) { error in
            XCTAssertEqual("\(error)", "compass: [compass] source = \"sim\" needs board = \"sim\"")
        }
    }

    func testWithGpsdAbsentTheApplianceRunsAndLogsThatGpsdIsNotListening() async throws {
        let port = try { let l = try LocalTCPListener(); return l.port }()  // closed again: refused
        let config = try configuration(gps: "source = \"gpsd\"\nhost = \"127.0.0.1\"\nport = \(port)")
        let logs = LogCapture(level: .info)
        let appliance = try Appliance.build(configuration: config, options: options()) { logs.logger($0) }
        XCTAssertTrue(logs.matching("gpsd").isEmpty, "building connects to nothing: \(logs.all)")
        let running = Task { try await appliance.run() }
        // The kernel refuses the whole appliance's TCP connection: polled, bounded.
        try await eventually("gpsd's refusal logged", timeout: .seconds(5), every: .milliseconds(50)) {
            !logs.matching("GPS from gpsd at 127.0.0.1:\(port): connection refused").isEmpty
        }
        await appliance.group.triggerGracefulShutdown()
        try await running.value
        let refused = logs.matching("GPS from gpsd at 127.0.0.1:\(port): connection refused")
        XCTAssertEqual(refused.count, 1, logs.all.joined(separator: "\n"))
        let installed = FileManager.default.fileExists(atPath: "/usr/sbin/gpsd")
        XCTAssertTrue(refused.first?.contains(installed ? "gpsd is installed but nothing listens" : "gpsd is not installed") == true,
                      refused.first ?? "")
        XCTAssertFalse(logs.matching("connecting to gpsd at 127.0.0.1:\(port) again in 1 s").isEmpty, logs.all.joined(separator: "\n"))
    }
}
