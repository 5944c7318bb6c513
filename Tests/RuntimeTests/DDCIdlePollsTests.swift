import Logging
import Platform
@testable import Runtime
import Sensors
import Simulation
import Synchronization
import WayfinderTestKit
import XCTest

/// While no walk is under way the GPS receiver is drained every few seconds, never so rarely that its
/// DDC buffer overflows, and a walk that starts brings the epoch schedule back at once.
final class DDCIdlePollsTests: XCTestCase {
    func testBeforeARateIsKnownTheReceiverIsDrainedEverySecond() {
        var rule = DDCIdlePolls()
        XCTAssertEqual(rule.next(afterReading: 600, scheduled: .milliseconds(100), at: .seconds(1)), .milliseconds(100),
                       "a burst is read to its end at the epoch schedule's pace")
        XCTAssertEqual(rule.next(afterReading: 0, scheduled: .milliseconds(25), at: .milliseconds(1100)), .seconds(1),
                       "one drain measures no rate yet")
        XCTAssertNil(rule.bytesPerSecond)
    }

    func testSmallBurstsAreDrainedEveryPeriod() {
        var rule = DDCIdlePolls()
        _ = rule.next(afterReading: 500, scheduled: .milliseconds(100), at: .seconds(1))
        _ = rule.next(afterReading: 0, scheduled: .milliseconds(25), at: .milliseconds(1100))
        _ = rule.next(afterReading: 500, scheduled: .milliseconds(100), at: .seconds(2))
        XCTAssertEqual(rule.next(afterReading: 0, scheduled: .milliseconds(25), at: .milliseconds(2100)), .seconds(4),
                       "500 bytes a second take longer than 4 s to fill 2 KiB: the period")
        XCTAssertEqual(rule.bytesPerSecond, 500)
    }

    func testBigBurstsShortenTheWaitToWhatHalfTheBufferHolds() {
        var rule = DDCIdlePolls()
        _ = rule.next(afterReading: 1024, scheduled: .milliseconds(100), at: .seconds(1))
        _ = rule.next(afterReading: 0, scheduled: .milliseconds(25), at: .milliseconds(1100))
        _ = rule.next(afterReading: 1024, scheduled: .milliseconds(100), at: .seconds(2))
        _ = rule.next(afterReading: 1024, scheduled: .milliseconds(100), at: .milliseconds(2100))
        XCTAssertEqual(rule.next(afterReading: 0, scheduled: .milliseconds(25), at: .milliseconds(2200)), .seconds(1),
                       "2 KiB a second: the next drain in a second")
        XCTAssertEqual(rule.bytesPerSecond, 2048)
        var huge = DDCIdlePolls()
        _ = huge.next(afterReading: 4000, scheduled: .milliseconds(100), at: .seconds(1))
        _ = huge.next(afterReading: 0, scheduled: .milliseconds(25), at: .milliseconds(1100))
        _ = huge.next(afterReading: 4000, scheduled: .milliseconds(100), at: .seconds(2))
        XCTAssertEqual(huge.next(afterReading: 0, scheduled: .milliseconds(25), at: .milliseconds(2100)), .seconds(1),
                       "never more often than the receiver's default epoch")
    }

    func testAResetForgetsTheRate() {
        var rule = DDCIdlePolls()
        _ = rule.next(afterReading: 500, scheduled: .milliseconds(100), at: .seconds(1))
        _ = rule.next(afterReading: 0, scheduled: .milliseconds(25), at: .milliseconds(1100))
        _ = rule.next(afterReading: 500, scheduled: .milliseconds(100), at: .seconds(2))
        _ = rule.next(afterReading: 0, scheduled: .milliseconds(25), at: .milliseconds(2100))
        XCTAssertNotNil(rule.bytesPerSecond)
        rule.reset()
        XCTAssertNil(rule.bytesPerSecond)
        XCTAssertEqual(rule.betweenDrains, .seconds(1))
    }

    /// A receiver writing `burst` bytes at x.430 s into a 4 KiB buffer, drained whole by each poll the
    /// rule (with the epoch schedule beside it, as the poller runs them) asks for, for `seconds`:
    /// the polls made and the most bytes a poll found waiting.
    /// `late`: every drain comes its whole leeway late (`DDCIdlePolls.leeway`).
    func idlePolls(burst: Int, seconds: Int, late: Bool = false) -> (polls: Int, mostWaiting: Int) {
        var schedule = DDCPollSchedule()
        var rule = DDCIdlePolls()
        var t = Duration.zero
        var written = 0
        var read = 0
        var polls = 0
        var mostWaiting = 0
        while t < .seconds(seconds) {
            written = max(0, Int(((t - .milliseconds(430)) / .seconds(1)).rounded(.down)) + 1) * burst
            let waiting = written - read
            mostWaiting = max(mostWaiting, waiting)
            read = written
            polls += 1
            let scheduled = schedule.next(afterReading: waiting, at: t)
            t += rule.next(afterReading: waiting, scheduled: scheduled, at: t)
            if late, waiting == 0 { t += rule.leeway }
        }
        return (polls, mostWaiting)
    }

    func testAnIdleReceiverIsPolledUnderOnceASecondAndItsBufferNeverFills() {
        let small = idlePolls(burst: 700, seconds: 300)
        // Bursts land whole: a drain due after 2 KiB of writing can find one burst more.
        XCTAssertLessThanOrEqual(small.mostWaiting, DDCIdlePolls.defaultBudget + 2 * 700, "a drain about when the budget is reached")
        XCTAssertLessThan(small.mostWaiting, 4096)
        XCTAssertLessThan(Double(small.polls) / 300, 0.8, "a default u-blox output (700 bytes an epoch): about every 3 s")
        let big = idlePolls(burst: 1800, seconds: 300)
        XCTAssertLessThanOrEqual(big.mostWaiting, 4096, "1800-byte bursts still fit the receiver's buffer between drains")
    }

    /// A drain may come late to share a wake-up of the loop: by a second or so while the bursts are small,
    /// and never later than the receiver takes to write the budget, so the buffer holds no more than
    /// when drains come on time.
    func testADrainMayComeLateButNoLaterThanTheBudgetAllows() {
        var rule = DDCIdlePolls()
        XCTAssertEqual(rule.leeway, .zero, "no rate measured yet: the first drains come on time")
        _ = rule.next(afterReading: 300, scheduled: .milliseconds(100), at: .seconds(1))
        _ = rule.next(afterReading: 0, scheduled: .milliseconds(25), at: .milliseconds(1100))
        _ = rule.next(afterReading: 300, scheduled: .milliseconds(100), at: .seconds(2))
        _ = rule.next(afterReading: 0, scheduled: .milliseconds(25), at: .milliseconds(2100))
        XCTAssertEqual(rule.bytesPerSecond, 300)
        XCTAssertEqual(rule.leeway.components.seconds, 1, "300 bytes a second: 4 s, and what is left of 3/4 of 6.8 s")
        XCTAssertGreaterThan(rule.leeway, .milliseconds(1100))
        _ = rule.next(afterReading: 450, scheduled: .milliseconds(100), at: .seconds(3))
        _ = rule.next(afterReading: 0, scheduled: .milliseconds(25), at: .milliseconds(3100))
        XCTAssertEqual(rule.bytesPerSecond, 450)
        XCTAssertEqual(rule.leeway, .zero, "450 bytes a second write 2 KiB in 4.55 s: nothing left of 3/4 of it")
        for burst in [300, 700, 1800] {
            let late = idlePolls(burst: burst, seconds: 300, late: true)
            XCTAssertLessThanOrEqual(late.mostWaiting, DDCIdlePolls.defaultBudget + 2 * burst,
                                     "\(burst)-byte bursts: a late drain finds no more than an on-time one may")
        }
        XCTAssertLessThan(idlePolls(burst: 300, seconds: 300, late: true).polls, idlePolls(burst: 300, seconds: 300).polls,
                          "small bursts: late drains are fewer")
    }

    // MARK: the poller with a demand

    /// Counts the polls: each reads the receiver's byte count first.
    final class PollCounter: I2CTransport {
        let wrapped: SimulatedI2CBus
        let polls = Mutex<[Duration]>([])
        let clock: SessionClock
        init(_ bus: SimulatedI2CBus, clock: SessionClock) {
            wrapped = bus
            self.clock = clock
        }

        var bus: Int { wrapped.bus }
        func readByte(address: UInt8, register: UInt8) throws(I2CError) -> UInt8 { try wrapped.readByte(address: address, register: register) }
        func writeByte(address: UInt8, register: UInt8, value: UInt8) throws(I2CError) {
            try wrapped.writeByte(address: address, register: register, value: value)
        }
        func readWord(address: UInt8, register: UInt8) throws(I2CError) -> UInt16 { try wrapped.readWord(address: address, register: register) }
        func writeWord(address: UInt8, register: UInt8, value: UInt16) throws(I2CError) {
            try wrapped.writeWord(address: address, register: register, value: value)
        }
        func readBlock(address: UInt8, register: UInt8, count: Int) throws(I2CError) -> [UInt8] {
            if register == UBloxDDCReader.countHighRegister { polls.withLock { $0.append(clock.elapsed) } }
            return try wrapped.readBlock(address: address, register: register, count: count)
        }
        func writeBlock(address: UInt8, register: UInt8, bytes: [UInt8]) throws(I2CError) {
            try wrapped.writeBlock(address: address, register: register, bytes: bytes)
        }
    }

    func testWhileNoWalkIsUnderWayTheReceiverIsDrainedRarelyAndAStartPollsAtOnce() throws {
        let (bus, burst) = SensorReaderTests.receiverHoldingABurst()
        let loop = TestEventLoop()
        let clock = loop.clock
        // The receiver writes the same burst every second, at x.430 s.
        let receiver = loop.spawn {
            try? await clock.sleep(for: .milliseconds(430))
            while !Task.isCancelled {
                try? await clock.sleep(for: .seconds(1))
                bus.withDevice(at: 0x42, as: UBloxDDCDevice.self) { $0.output(burst) }
            }
        }
        let counter = PollCounter(bus, clock: clock)
        let demand = FixDemand(wanted: false)
        let fixes = GPSReceiver.fixes(polling: UBloxDDCDriver(transport: counter), clock: clock,
                                      logger: LogCapture().logger("gps"), demand: demand, executor: loop)
        let received = SensorReaderTests.Collected<Duration>()
        let collector = loop.spawn { for await _ in fixes { received.all.withLock { $0.append(clock.elapsed) } } }
        defer {
            receiver.cancel()
            collector.cancel()
            loop.drain()
        }
        loop.advance(by: .seconds(5))
        let settled = counter.polls.withLock { $0.count }
        loop.advance(by: .seconds(60))
        let idlePolls = counter.polls.withLock { $0.count } - settled
        XCTAssertLessThanOrEqual(idlePolls, 45, "a minute stopped: a drain and its end every 3 s or so, not three polls a second (180)")
        XCTAssertGreaterThanOrEqual(idlePolls, 20, "still drained: the buffer holds 4 KiB")
        let idleFixes = received.list.filter { $0 >= .seconds(5) }
        let gaps = zip(idleFixes.dropFirst(), idleFixes).map { $0 - $1 }
        XCTAssertLessThanOrEqual(gaps.max() ?? .seconds(60), .seconds(5), "the status's fix stays a few seconds fresh: \(gaps)")

        // A walk starts between two idle drains.
        let start = clock.elapsed + .milliseconds(700)
        loop.advance(to: start)
        let before = received.count
        demand.set(true)
        loop.advance(by: .milliseconds(200))
        let first = try XCTUnwrap(received.list.dropFirst(before).first, "a fix within 200 ms of the start")
        XCTAssertLessThanOrEqual(first - start, .milliseconds(150), "the start cut the idle wait short")
        let pollsAtStart = counter.polls.withLock { $0.count }
        loop.advance(by: .seconds(10))
        XCTAssertGreaterThanOrEqual(received.count - before, 10, "a fix every epoch again")
        XCTAssertGreaterThanOrEqual(counter.polls.withLock { $0.count } - pollsAtStart, 20, "the epoch schedule polls again")
    }
}
