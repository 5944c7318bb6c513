import Logging
import Platform
@testable import Runtime
import ServiceLifecycle
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
    /// (the test loop runs dry: `stalled`, with no timer set), and a cancellation ends it.
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

    /// A board without a source, stopped while the group shuts another service down: the watch ends
    /// in its own turn, so the group's stop succeeds. (Ending by itself then is what
    /// swift-service-lifecycle reports as "finished unexpectedly": a stop within moments of the start
    /// failed so in CI.)
    func testWithoutASourceAStopWhileTheGroupShutsDownSucceeds() async throws {
        let readStarted = Gate(), readMayReturn = Gate()
        let logs = LogCapture()
        let watch = PiSupplyWatch(read: {
            readStarted.open()
            await readMayReturn.wait()
            return .absent
        }, clock: SessionClock.continuous(), logger: logs.logger(PiSupplyWatch.name))
        // Shut down first (services stop in reverse order): while it is, the watch learns it has no source.
        let other = Other { [logs] in
            readMayReturn.open()
            for _ in 0..<2_000 where logs.matching("no supply reading").isEmpty { try? await Task.sleep(for: .milliseconds(1)) }
            // The watch's task gets the chance to end, as it did before the fix.
            try? await Task.sleep(for: .milliseconds(50))
        }
        let group = ServiceGroup(configuration: .init(
            services: [.init(service: watch, successTerminationBehavior: .ignore, failureTerminationBehavior: .ignore),
                       .init(service: other)],
            logger: Logger(label: "test")))
        let running = Task { try await group.run() }
        await readStarted.wait()
        await group.triggerGracefulShutdown()
        try await running.value
        XCTAssertEqual(logs.matching("no supply reading").count, 1, logs.all.joined(separator: "\n"))
    }

    /// Opens once; waiters return when it has.
    private final class Gate: Sendable {
        private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

        func open() {
            let waiters = state.withLock { s in
                s.open = true
                defer { s.waiters = [] }
                return s.waiters
            }
            for waiter in waiters { waiter.resume() }
        }

        func wait() async {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { s in
                    if s.open { return true }
                    s.waiters.append(continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }

    /// A service that runs until the group's graceful shutdown, then does `atShutdown` and returns.
    private struct Other: Service {
        let atShutdown: @Sendable () async -> Void
        init(_ atShutdown: @escaping @Sendable () async -> Void) { self.atShutdown = atShutdown }
        func run() async throws {
            try? await gracefulShutdown()
            await atShutdown()
        }
    }
}
