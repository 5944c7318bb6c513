import Logging
import Platform
@testable import Runtime
import Sensors
import Synchronization
import WayfinderTestKit
import XCTest

/// The devices a hardware board waits for: the status line's "waiting for:" text, the short forms of
/// the device errors in it, the retry schedule a device feed keeps, and `ReopenLoop` putting a device
/// on the list while it fails and taking it off once it opens, logging the failure once at error.
final class DeviceWaitsTests: XCTestCase {
    func testTheSummaryNamesEachDeviceOnceInTheOrderTheyFailed() {
        let waits = DeviceWaits()
        XCTAssertNil(waits.summary)
        waits.waiting("buttons", "GPIO chip \"pinctrl-bcm2835\" not found")
        waits.waiting("compass", "/dev/i2c-1: no such device")
        waits.waiting("buttons", "/dev/gpiochip0: permission denied")  // keeps its place, new problem
        XCTAssertEqual(waits.summary, "waiting for: buttons (/dev/gpiochip0: permission denied), compass (/dev/i2c-1: no such device)")
        waits.ready("buttons")
        XCTAssertEqual(waits.summary, "waiting for: compass (/dev/i2c-1: no such device)")
        waits.entry("compass").ready()
        XCTAssertNil(waits.summary)
        waits.ready("never listed")
        XCTAssertEqual(waits.devices, [])
    }

    func testTheStatusLinePutsTheWaitsBeforeTheActorsParts() {
        let waits = DeviceWaits()
        let status = StatusBoard(order: ["navigation", "belt"], waits: waits)
        status.set("belt", "belt connecting")
        status.set("navigation", "walking to waypoint 1/12")
        XCTAssertEqual(status.line, "walking to waypoint 1/12; belt connecting")
        waits.waiting("compass", "/dev/i2c-1: no such device")
        XCTAssertEqual(status.line, "waiting for: compass (/dev/i2c-1: no such device); walking to waypoint 1/12; belt connecting")
        waits.ready("compass")
        XCTAssertEqual(status.line, "walking to waypoint 1/12; belt connecting")
        XCTAssertEqual(StatusBoard(order: ["belt"]).line, "", "a board without waits (the simulated one) is as before")
    }

    /// An error that is only text, as `SerialPort.Failure` is.
    struct Text: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    func testBriefFormsSayWhatIsMissingWithoutTheAdvice() {
        XCTAssertEqual(DeviceWaits.brief(GPIOError.chipNotFound(label: "pinctrl-bcm2835", available: ["gpiochip0 [other]"])),
                       "GPIO chip \"pinctrl-bcm2835\" not found")
        XCTAssertEqual(DeviceWaits.brief(GPIOError.permissionDenied(path: "/dev/gpiochip0")), "/dev/gpiochip0: permission denied")
        XCTAssertEqual(DeviceWaits.brief(GPIOError.busy(chip: "gpiochip0", offsets: [17, 27])), "lines 17, 27 on gpiochip0 in use")
        XCTAssertEqual(DeviceWaits.brief(I2CError.busNotFound(bus: 1)), "/dev/i2c-1: no such device")
        XCTAssertEqual(DeviceWaits.brief(I2CError.permissionDenied(bus: 1)), "/dev/i2c-1: permission denied")
        XCTAssertEqual(DeviceWaits.brief(I2CError.deviceAbsent(bus: 1, address: 0x42)), "nothing at 0x42 on /dev/i2c-1")
        XCTAssertEqual(DeviceWaits.brief(CompassError.bus(.deviceAbsent(bus: 1, address: 0x0D))), "nothing at 0x0d on /dev/i2c-1")
        XCTAssertEqual(DeviceWaits.brief(CompassError.notFound(bus: 1, probed: [])), "no known compass on /dev/i2c-1")
        XCTAssertEqual(DeviceWaits.brief(BluetoothAdapterError.adapterNotFound(name: "hci0", available: [])), "no adapter hci0")
        XCTAssertEqual(DeviceWaits.brief(BluetoothAdapterError.bluetoothUnsupported), "no Bluetooth in this kernel")
        // The serial port's errors are text: the permission hint and the open failure, cut at the advice.
        XCTAssertEqual(DeviceWaits.brief(Text(DeviceAccess.permissionHint(path: "/dev/ttyAMA0", group: "dialout"))),
                       "/dev/ttyAMA0: permission denied")
        XCTAssertEqual(DeviceWaits.brief(Text("cannot open /dev/ttyACM0: No such file or directory")),
                       "cannot open /dev/ttyACM0: No such file or directory")
        let long = DeviceWaits.clipped(String(repeating: "x", count: 200))
        XCTAssertEqual(long.count, DeviceWaits.briefLimit)
        XCTAssertTrue(long.hasSuffix("…"))
    }

    /// The schedule every device feed retries on: 1 s doubling to 30 s, back to 1 s after a healthy minute.
    func testTheDeviceFeedsBackoffSchedule() {
        var backoff = I2CSensorInputs.setupBackoff
        let delays = (0..<8).map { _ in backoff.delayAfterFailure(runLength: .milliseconds(1)) }
        XCTAssertEqual(delays, [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30), .seconds(30), .seconds(30)])
        XCTAssertEqual(backoff.delayAfterFailure(runLength: .seconds(60)), .seconds(1), "a device that stayed open a minute starts over")
        for _ in 0..<10_000 { _ = backoff.delayAfterFailure(runLength: .zero) }
        XCTAssertEqual(backoff.delayAfterFailure(runLength: .zero), .seconds(30), "a device missing all day stays at the maximum")
    }

    final class Attempts: Sendable {
        let count = Mutex(0)
        let listed = Mutex<[[String]]>([])
    }

    struct NotThere: Error, CustomStringConvertible {
        var description: String { "cannot open /dev/test0: No such file or directory" }
    }

    /// A device that fails three times, then opens: on the list meanwhile, off it once open; one error
    /// line, the repeats at debug. The loop runs on a test loop; its backoff (5, 10, 20 ms) passes as
    /// the test moves the loop's clock.
    func testReopenLoopListsTheDeviceWhileItFailsAndClearsItWhenItOpens() throws {
        let loop = TestEventLoop()
        let clock = loop.clock
        let logs = LogCapture(level: .debug)
        let waits = DeviceWaits()
        let attempts = Attempts()
        let opened = Mutex(false)
        let running = loop.spawn {
            await ReopenLoop.run(clock: clock, backoff: RestartBackoff(initial: .milliseconds(5), maximum: .milliseconds(20)),
                                 logger: logs.logger("test"), again: "opening /dev/test0", waiting: waits.entry("test device"),
                                 describe: { "test device: \($0)" }) { open in
                let n = attempts.count.withLock { $0 += 1; return $0 }
                attempts.listed.withLock { $0.append(waits.devices) }
                if n <= 3 { throw NotThere() }
                open()
                opened.withLock { $0 = true }
                try await clock.sleep(for: .seconds(60))
                return "test device ended"
            }
        }
        loop.drain()
        XCTAssertEqual(attempts.count.withLock { $0 }, 1)
        XCTAssertEqual(waits.devices, ["test device"], "listed from the first failure")
        loop.advance(by: .milliseconds(4))
        XCTAssertEqual(attempts.count.withLock { $0 }, 1, "the first retry waits its 5 ms")
        loop.advance(by: .milliseconds(1 + 10 + 20))
        XCTAssertTrue(opened.withLock { $0 })
        XCTAssertEqual(attempts.count.withLock { $0 }, 4)
        XCTAssertNil(waits.summary, "cleared once open")
        running.cancel()
        loop.drain()

        XCTAssertEqual(attempts.listed.withLock { $0 }, [[], ["test device"], ["test device"], ["test device"]],
                       "listed from the first failure until it opened")
        XCTAssertEqual(logs.matching("<3>test: test device: cannot open /dev/test0").count, 1, logs.all.joined(separator: "\n"))
        XCTAssertEqual(logs.matching("<7>test: test device: cannot open /dev/test0").count, 2, logs.all.joined(separator: "\n"))
        XCTAssertEqual(logs.matching("<6>test: opening /dev/test0 again in").count, 1, "the first retry at info, the repeats' at debug")
        XCTAssertEqual(loop.pendingTimers, 0, "the cancelled session's sleep is gone")
    }

    /// A feed that stops (the appliance shutting down) waits for nothing any more.
    func testAStoppedFeedLeavesTheList() throws {
        let loop = TestEventLoop()
        let clock = loop.clock
        let waits = DeviceWaits()
        let running = loop.spawn {
            await ReopenLoop.run(clock: clock, backoff: RestartBackoff(initial: .seconds(30)), logger: LogCapture().logger("test"),
                                 again: "opening", waiting: waits.entry("gone"), describe: { "\($0)" }) { _ in throw NotThere() }
        }
        loop.drain()
        XCTAssertEqual(waits.summary, "waiting for: gone (cannot open /dev/test0: No such file or directory)")
        running.cancel()
        loop.drain()
        XCTAssertNil(waits.summary)
    }
}
