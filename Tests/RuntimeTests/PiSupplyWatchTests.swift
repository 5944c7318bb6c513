import Logging
import Platform
@testable import Runtime
import Synchronization
import WayfinderTestKit
import XCTest

/// The supply watch on a test loop and its clock: a reading every 30 s of session time, a warning
/// when trouble starts and a notice when it ends, a failing source named once, and on a board
/// without a source nothing at all, not even a timer.
final class PiSupplyWatchTests: XCTestCase {
    /// What the scripted kernel answers at the next reading.
    private final class Kernel: Sendable {
        let answer = Mutex<PiSupplyReader.Reading>(.supply(PiSupply(source: .firmware, flags: [])))
        let reads = Mutex(0)

        func read() -> PiSupplyReader.Reading {
            reads.withLock { $0 += 1 }
            return answer.withLock { $0 }
        }

        func say(_ reading: PiSupplyReader.Reading) { answer.withLock { $0 = reading } }

        func firmware(_ value: UInt32) { say(.supply(PiSupply(source: .firmware, flags: ThrottledFlags(rawValue: value)))) }
    }

    func testTroubleIsWarnedAtTheNextReadingAndItsEndNoticed() throws {
        let loop = TestEventLoop()
        let logs = LogCapture()
        let kernel = Kernel()
        let watch = PiSupplyWatch(read: { kernel.read() }, clock: loop.clock, logger: logs.logger(PiSupplyWatch.name))
        let run = loop.spawn { try? await watch.run() }
        defer {
            run.cancel()
            loop.drain()
        }
        loop.drain()
        XCTAssertEqual(kernel.reads.withLock { $0 }, 1, "read at the start")
        XCTAssertEqual(watch.current, PiSupply(source: .firmware, flags: []))
        XCTAssertEqual(logs.all, [])

        kernel.firmware(0x50005)
        loop.advance(by: .seconds(29))
        XCTAssertEqual(kernel.reads.withLock { $0 }, 1, "no reading between two")
        XCTAssertEqual(logs.all, [])
        loop.advance(by: .seconds(1))
        XCTAssertEqual(kernel.reads.withLock { $0 }, 2)
        XCTAssertEqual(watch.current?.flags.rawValue, 0x50005)
        XCTAssertEqual(logs.matching("<4>").count, 1, logs.all.joined(separator: "\n"))
        XCTAssertEqual(logs.matching("the Pi's supply: under-voltage, throttled (get_throttled 0x50005); use a 5 V supply").count, 1,
                       logs.all.joined(separator: "\n"))

        // The same trouble at the next reading is not warned again.
        loop.advance(by: .seconds(30))
        XCTAssertEqual(logs.matching("<4>").count, 1)

        // Normal again: said after two readings in a row without trouble (`PiSupplyAlarm`).
        kernel.firmware(0x50000)
        loop.advance(by: .seconds(30))
        XCTAssertEqual(logs.matching("normal again").count, 0)
        loop.advance(by: .seconds(30))
        XCTAssertEqual(logs.matching("the Pi's supply is normal again (get_throttled 0x50000)").count, 1, logs.all.joined(separator: "\n"))
        XCTAssertEqual(watch.current?.flags, [.underVoltageOccurred, .throttlingOccurred], "the status still shows what happened")
    }

    func testAFailingSourceIsNamedOnceAndItsReturnNoticed() throws {
        let loop = TestEventLoop()
        let logs = LogCapture()
        let kernel = Kernel()
        kernel.say(.failed(path: "/sys/class/hwmon/hwmon1/in0_lcrit_alarm", problem: "says \"2\\n\", expected 0 or 1"))
        let watch = PiSupplyWatch(read: { kernel.read() }, clock: loop.clock, logger: logs.logger(PiSupplyWatch.name))
        let run = loop.spawn { try? await watch.run() }
        defer {
            run.cancel()
            loop.drain()
        }
        loop.advance(by: .seconds(60))
        XCTAssertEqual(kernel.reads.withLock { $0 }, 3)
        XCTAssertEqual(logs.matching("/sys/class/hwmon/hwmon1/in0_lcrit_alarm says \"2\\n\", expected 0 or 1; the Pi's supply is not watched until it reads again").count, 1,
                       logs.all.joined(separator: "\n"))
        XCTAssertNil(watch.current)
        kernel.say(.supply(PiSupply(source: .hwmon, flags: .underVoltage)))
        loop.advance(by: .seconds(30))
        XCTAssertEqual(logs.matching("the Pi's supply reads again (rpi_volt)").count, 1)
        XCTAssertEqual(logs.matching("the Pi's supply: under-voltage (rpi_volt in0_lcrit_alarm 1)").count, 1, logs.all.joined(separator: "\n"))
    }

    /// Not a Pi: one line at debug, then the watch waits for the stop with nothing to wake the loop
    /// (the test loop runs dry: `stalled`, with no timer set), and a cancellation ends it. It must not
    /// end by itself: swift-service-lifecycle reports a service that ends while the group shuts
    /// another down as "finished unexpectedly", and a stop moments after the start then failed.
    func testWithoutASourceTheWatchWaitsForTheStopWithoutATimer() throws {
        let loop = TestEventLoop()
        let logs = LogCapture()
        let kernel = Kernel()
        kernel.say(.absent)
        let watch = PiSupplyWatch(read: { kernel.read() }, clock: loop.clock, logger: logs.logger(PiSupplyWatch.name))
        XCTAssertThrowsError(try loop.run { try await watch.run() }) { error in
            guard case .stalled(let timers)? = error as? TestEventLoopError else { return XCTFail("\(error)") }
            XCTAssertEqual(timers, 0, "it waits for its stop, which the loop cannot give, with no timer")
        }
        XCTAssertEqual(loop.now, .zero, "no time passed")
        XCTAssertEqual(loop.pendingTimers, 0)
        XCTAssertEqual(kernel.reads.withLock { $0 }, 1)
        XCTAssertEqual(logs.all.count, 1)
        XCTAssertEqual(logs.matching("<7>pi-supply: no supply reading on this board").count, 1, logs.all.joined(separator: "\n"))
        XCTAssertNil(watch.current)
    }
}
