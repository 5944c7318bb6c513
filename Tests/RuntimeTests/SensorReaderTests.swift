import Foundation
import Synchronization
import Logging
import Platform
@testable import Runtime
import Sensors
import Simulation
import WayfinderTestKit
import XCTest

/// The I2C readers the appliance uses on a Pi, here on the simulated bus: the DDC poller's schedule,
/// and the compass reader through a NACK and back.
final class SensorReaderTests: XCTestCase {
    /// A QMC5883L on `bus` in the field of a wearer facing 120° magnetic, sampled every 50 ms of the
    /// loop's session time.
    static func compassFacing120(on bus: SimulatedI2CBus, loop: TestEventLoop) -> Task<Void, Never> {
        bus.attach(QMC5883LDevice(), at: 0x0D)
        let field = SimulatedMagneticField.osnabrueck
        let clock = loop.clock
        return loop.spawn {
            while !Task.isCancelled {
                let now = clock.elapsed
                bus.withDevice(at: 0x0D, as: QMC5883LDevice.self) { $0.sense(field.atSensor(magneticHeading: 120), at: now) }
                try? await clock.sleep(for: .milliseconds(50))
            }
        }
    }

    func testThePollerCollectsABurstThenBacksOffWhileItHasNotLearntTheEpoch() {
        var s = DDCPollSchedule()
        XCTAssertEqual(s.next(afterReading: 700, at: .milliseconds(1000)), .milliseconds(100), "the rest of a burst")
        XCTAssertEqual(s.next(afterReading: 0, at: .milliseconds(1100)), .milliseconds(25), "the burst is over")
        XCTAssertEqual(s.next(afterReading: 0, at: .milliseconds(1125)), .microseconds(37_500))
        XCTAssertEqual(s.next(afterReading: 0, at: .microseconds(1_162_500)), .microseconds(56_250))
        var t = Duration.microseconds(1_218_750)
        var wait = Duration.zero
        for _ in 0..<10 {
            wait = s.next(afterReading: 0, at: t)
            t += wait
        }
        XCTAssertEqual(wait, .milliseconds(250), "never longer than the ceiling while the epoch is unknown")
        XCTAssertNil(s.epoch)
    }

    /// A receiver writing one burst a second at x.430 s, polled by the schedule from t = 0: returns the
    /// polls made and the lateness of each burst's first read, from burst `from` on.
    func poll(_ s: inout DDCPollSchedule, until t: inout Duration, epochs: Int, from: Int,
              silentFrom: Duration? = nil, silentUntil: Duration? = nil) -> (polls: Int, lateness: [Duration]) {
        let arrival: (Int) -> Duration = { .milliseconds(430 + 1000 * $0) }
        var polls = 0
        var lateness: [Duration] = []
        var delivered = Int(((t - .milliseconds(430)) / .seconds(1)).rounded(.down))
        var seen = 0
        while seen < epochs {
            let k = Int(((t - .milliseconds(430)) / .seconds(1)).rounded(.down))
            let silent = silentFrom.map { t >= $0 } == true && silentUntil.map { t < $0 } == true
            // The receiver keeps its newest epoch until a poll reads it.
            let hasData = !silent && k >= 0 && k > delivered
            if hasData {
                delivered = k
                seen += 1
                if seen > from { lateness.append(t - arrival(k)) }
            }
            let wait = s.next(afterReading: hasData ? 600 : 0, at: t)
            XCTAssertGreaterThanOrEqual(wait, DDCPollSchedule.minimumWait, "SparkFun's 25 ms between polls")
            t += wait
            if seen > from { polls += 1 }
        }
        return (polls, lateness)
    }

    /// Once two bursts are seen the schedule sleeps until just before each next one: at most four
    /// polls an epoch (the old schedule made five to six), each burst read soon after it lands.
    func testThePollerLearnsTheEpochAndPollsJustBeforeEachBurst() {
        var s = DDCPollSchedule()
        var t = Duration.zero
        let (polls, lateness) = poll(&s, until: &t, epochs: 30, from: 10)
        let epoch = s.epoch ?? .zero
        XCTAssertTrue(epoch > .milliseconds(950) && epoch < .milliseconds(1050), "learnt about 1 s: \(epoch)")
        XCTAssertLessThanOrEqual(polls, 4 * 20, "at most four polls an epoch once learnt")
        XCTAssertLessThan(lateness.max() ?? .seconds(1), .milliseconds(80), "each burst read soon after it lands: \(lateness)")
    }

    /// A receiver whose burst `k` lands at `arrival(k)`, polled by the schedule from `t` until `epochs`
    /// bursts were read: the polls made and each burst's lateness (its first read after it landed),
    /// from burst `from` on.
    func poll(_ s: inout DDCPollSchedule, from t: Duration, epochs: Int, from: Int,
              arrival: (Int) -> Duration) -> (polls: Int, lateness: [Duration]) {
        var t = t
        var polls = 0
        var lateness: [Duration] = []
        var delivered = -1
        var seen = 0
        while seen < epochs {
            var newest = delivered
            while arrival(newest + 1) <= t { newest += 1 }
            let hasData = newest > delivered
            if hasData {
                delivered = newest
                seen += 1
                if seen > from { lateness.append(t - arrival(newest)) }
            }
            let wait = s.next(afterReading: hasData ? 600 : 0, at: t)
            XCTAssertGreaterThanOrEqual(wait, DDCPollSchedule.minimumWait, "SparkFun's 25 ms between polls")
            t += wait
            if seen > from { polls += 1 }
        }
        return (polls, lateness)
    }

    /// Only one epoch in eight is approached from before the burst; the others are polled once just
    /// after it is due: about 2.3 polls an epoch, not 2.8, and a burst waits no longer for its
    /// read than with an approach every epoch.
    func testMostEpochsArePolledOnceWhenDueAndFewerPollsReadEachBurstAsSoon() {
        var probing = DDCPollSchedule()
        var every = DDCPollSchedule(probeEvery: 1)
        let arrival: (Int) -> Duration = { .milliseconds(430 + 1000 * $0) }
        let few = poll(&probing, from: .zero, epochs: 90, from: 10, arrival: arrival)
        let many = poll(&every, from: .zero, epochs: 90, from: 10, arrival: arrival)
        XCTAssertLessThanOrEqual(few.polls, 80 * 12 / 5, "about 2.3 polls an epoch: \(few.polls) in 80")
        XCTAssertLessThanOrEqual(few.polls * 100, many.polls * 85, "\(few.polls) polls against \(many.polls) with an approach every epoch")
        XCTAssertLessThan(few.lateness.max() ?? .seconds(1), .milliseconds(80), "\(few.lateness)")
        let mean: ([Duration]) -> Duration = { $0.reduce(.zero, +) / max($0.count, 1) }
        XCTAssertLessThanOrEqual(mean(few.lateness), mean(many.lateness) + .milliseconds(15),
                                 "the fix waits about as long: \(mean(few.lateness)) against \(mean(many.lateness))")
    }

    /// A receiver's phase drifts against the host's clock (its epoch a little longer or shorter than
    /// the host measures), and jumps when it restarts: the schedule stays locked, each burst read
    /// within tens of milliseconds, and a jump costs a few epochs.
    func testTheScheduleStaysLockedWhenTheReceiversPhaseDriftsOrJumps() {
        for drift in [-3, -1, 1, 3] {
            var s = DDCPollSchedule()
            let result = poll(&s, from: .zero, epochs: 300, from: 10,
                              arrival: { .milliseconds(430) + .microseconds(Int64((1000 + drift) * 1000) * Int64($0)) })
            XCTAssertLessThan(result.lateness.max() ?? .seconds(1), .milliseconds(100), "drift \(drift) ms an epoch: \(result.lateness.max()!)")
            XCTAssertLessThanOrEqual(result.polls, 290 * 5 / 2, "drift \(drift) ms an epoch: \(result.polls) polls in 290 epochs")
        }
        var s = DDCPollSchedule()
        let jumped = poll(&s, from: .zero, epochs: 60, from: 10,
                          arrival: { .milliseconds(430 + 1000 * $0 + ($0 >= 30 ? 370 : 0)) })
        XCTAssertLessThan(jumped.lateness.dropFirst(30).max() ?? .seconds(1), .milliseconds(80),
                          "locked again within ten epochs of the jump: \(jumped.lateness)")
    }

    /// A receiver silent for 8 s (a brown-out) must not leave an 8 s gap in the average: the schedule
    /// learns the epoch afresh and is back near 1 s within eight bursts (the gap across the outage
    /// alone would have made it 2.75 s).
    func testAnOutageDoesNotTeachTheScheduleALongEpoch() {
        var s = DDCPollSchedule()
        var t = Duration.zero
        _ = poll(&s, until: &t, epochs: 5, from: 5)
        _ = poll(&s, until: &t, epochs: 8, from: 8, silentFrom: t, silentUntil: t + .seconds(8))
        let epoch = s.epoch ?? .zero
        XCTAssertTrue(epoch > .milliseconds(850) && epoch < .milliseconds(1150), "about 1 s again: \(epoch)")
        let (_, lateness) = poll(&s, until: &t, epochs: 10, from: 2)
        XCTAssertLessThan(lateness.max() ?? .seconds(1), .milliseconds(80), "fixes are not held back: \(lateness)")
    }

    /// A host that stalls for three epochs at a time finds three queued bursts at once, 3 s apart. That
    /// gap is no epoch: learnt, it would keep the poller 3 s apart for good, three bursts waiting each
    /// time, and five overflow the receiver's buffer.
    func testAStalledHostDoesNotTeachTheScheduleAnEpochOfSeveral() {
        var s = DDCPollSchedule()
        var t = Duration.zero
        _ = poll(&s, until: &t, epochs: 5, from: 5)
        var waits: [Duration] = []
        for _ in 0..<4 {
            t += .seconds(3)
            waits.append(s.next(afterReading: 1800, at: t))
            t += waits.last ?? .zero
            waits.append(s.next(afterReading: 0, at: t))
        }
        XCTAssertTrue(s.epoch.map { $0 <= s.maximumEpoch } ?? true, "learnt \(String(describing: s.epoch))")
        XCTAssertLessThanOrEqual(waits.max() ?? .zero, s.maximumEpoch, "\(waits)")
    }

    func testAResetForgetsTheEpoch() {
        var s = DDCPollSchedule()
        var t = Duration.zero
        _ = poll(&s, until: &t, epochs: 5, from: 5)
        XCTAssertNotNil(s.epoch)
        s.reset()
        XCTAssertNil(s.epoch)
        XCTAssertEqual(s.next(afterReading: 0, at: t), .microseconds(37_500), "backing off while nothing is known")
    }

    /// A simulated u-blox receiver at 0x42 on bus 1 holding one burst (NMEA and NAV-PVT of one fix at
    /// UTC 1 795 000 000 with hAcc 2.5 m), and the burst's bytes.
    static func receiverHoldingABurst() -> (SimulatedI2CBus, [UInt8]) {
        let bus = SimulatedI2CBus(bus: 1)
        bus.attach(UBloxDDCDevice(), at: 0x42)
        var receiver = SimulatedReceiver(output: .both)
        let fix = Fix(coordinate: Coordinate(latitude: 52.27, longitude: 8.04), altitude: 63, speed: 1.4, course: 90,
                      mode: .threeD, satellites: 9, hdop: 0.9, horizontalAccuracy: 2.5, receivedAt: .zero)
        let burst = receiver.burst(fix: fix, utcSeconds: 1_795_000_000)
        bus.withDevice(at: 0x42, as: UBloxDDCDevice.self) { $0.output(burst) }
        return (bus, burst)
    }

    /// What the stream gives, collected by a task on the loop.
    final class Collected<Element: Sendable>: Sendable {
        let all = Mutex<[Element]>([])
        var list: [Element] { all.withLock { $0 } }
        var count: Int { all.withLock { $0.count } }
    }

    /// The appliance's path: the polling task decodes what it reads itself, and the mark at the
    /// burst's end completes each epoch. The bus is in memory and the poller's sleeps are on the
    /// loop's clock: the test moves time and drains, nothing waits on the wall clock.
    func testThePollingTaskDecodesEachBurstIntoItsFix() throws {
        let (bus, _) = Self.receiverHoldingABurst()
        let loop = TestEventLoop()
        let clock = loop.clock
        let fixes = GPSReceiver.fixes(polling: UBloxDDCDriver(transport: bus), clock: clock, logger: LogCapture().logger("gps"),
                                      executor: loop)
        let received = Collected<Fix>()
        let collector = loop.spawn { for await fix in fixes { received.all.withLock { $0.append(fix) } } }
        defer {
            collector.cancel()
            loop.drain()
        }
        loop.advance(by: .seconds(1))
        XCTAssertEqual(received.count, 1, "one epoch, one fix")
        XCTAssertEqual(received.list.first?.utcSeconds, 1_795_000_000)
        XCTAssertEqual(received.list.first?.horizontalAccuracy, 2.5, "NAV-PVT's hAcc, merged with the NMEA of the same epoch")
        var receiver = SimulatedReceiver(output: .both)
        let next = receiver.burst(fix: Fix(coordinate: Coordinate(latitude: 52.28, longitude: 8.04), mode: .threeD, satellites: 9,
                                           hdop: 0.9, receivedAt: .zero), utcSeconds: 1_795_000_001)
        bus.withDevice(at: 0x42, as: UBloxDDCDevice.self) { $0.output(next) }
        loop.advance(by: .seconds(1))
        XCTAssertEqual(received.count, 2, "the next burst, the next fix")
        XCTAssertEqual(received.list.last?.utcSeconds, 1_795_000_001)
        XCTAssertEqual(received.list.last?.coordinate.latitude ?? 0, 52.28, accuracy: 1e-7)
    }

    /// The poller knows when the receiver's buffer ran dry after a burst and says so with an empty
    /// chunk, once per burst.
    func testTheDDCPollerMarksTheEndOfEachBurstWithAnEmptyChunk() throws {
        let (bus, burst) = Self.receiverHoldingABurst()
        let loop = TestEventLoop()
        let clock = loop.clock
        let bursts = Collected<[UInt8]>()
        let poller = loop.spawn {
            var read: [UInt8] = []
            await DDCPoller.poll(driver: UBloxDDCDriver(transport: bus), clock: clock, logger: LogCapture().logger("gps")) { chunk in
                guard chunk.isEmpty else {
                    read += chunk
                    return
                }
                bursts.all.withLock { $0.append(read) }
                read = []
                // A second burst after the first one's mark; none after the second's.
                if bursts.count == 1 { bus.withDevice(at: 0x42, as: UBloxDDCDevice.self) { $0.output(burst) } }
            }
        }
        defer {
            poller.cancel()
            loop.drain()
        }
        // The poller backs off to at most 250 ms between polls while it knows no epoch: 5 s of
        // session time is many polls; a poller that never marks leaves the list short, one that marks
        // an empty poll lengthens it.
        loop.advance(by: .seconds(5))
        XCTAssertEqual(bursts.list, [burst, burst], "each whole burst, then one mark: the empty polls between bursts are not passed on")
    }

    /// A marked burst end completes the epoch at once: no time passes here, so a quiet timer could
    /// not have completed it; the fix can only come from the mark.
    func testAMarkedBurstEndCompletesTheEpochWithoutAQuietTimer() throws {
        let (_, burst) = Self.receiverHoldingABurst()
        let loop = TestEventLoop()
        let (fixes, sink) = AsyncStream<Fix>.makeStream()
        let received = Collected<Fix>()
        let collector = loop.spawn { for await fix in fixes { received.all.withLock { $0.append(fix) } } }
        defer {
            collector.cancel()
            loop.drain()
        }
        var decoder = GPSDecoder()
        GPSReceiver.decode(marked: burst, with: &decoder, clock: loop.clock, to: sink)
        loop.drain()
        XCTAssertEqual(received.count, 0, "the epoch is not complete before its mark")
        GPSReceiver.decode(marked: [], with: &decoder, clock: loop.clock, to: sink)
        loop.drain()
        XCTAssertEqual(loop.now, .zero)
        XCTAssertEqual(received.count, 1, "the mark completed the epoch")
        XCTAssertEqual(received.list.first?.utcSeconds, 1_795_000_000)
        XCTAssertEqual(received.list.first?.horizontalAccuracy, 2.5, "NAV-PVT's hAcc, merged with the NMEA of the same epoch")
        sink.finish()
    }

    func testACompassNobodySteersByIsNotReadUntilAReloadWantsItsHeadings() throws {
        let (bus, loop) = (SimulatedI2CBus(bus: 1), TestEventLoop())
        let clock = loop.clock
        let feeder = Self.compassFacing120(on: bus, loop: loop)
        let logs = LogCapture()
        let demand = HeadingDemand(wanted: false)
        let reader = CompassReader(driver: QMC5883L(transport: bus))
        let received = Mutex<Int>(0)
        let task = loop.spawn {
            for await _ in reader.headings(clock: clock, logger: logs.logger("compass"), demand: demand, executor: loop) {
                received.withLock { $0 += 1 }
            }
        }
        defer {
            feeder.cancel()
            task.cancel()
            loop.drain()
        }
        loop.drain()
        XCTAssertEqual(logs.matching("not read while the belt's own compass gives the heading").count, 1, "\(logs.all)")
        // 5 s of session time would be 25 reads were the headings wanted.
        loop.advance(by: .seconds(5))
        XCTAssertEqual(bus.transferCount, 0, "heading_source = \"belt\": the chip is not touched")
        XCTAssertEqual(received.withLock { $0 }, 0)
        demand.set(true)
        loop.advance(by: .seconds(1))
        XCTAssertGreaterThanOrEqual(received.withLock { $0 }, 3, "headings flow once they are wanted")
        XCTAssertGreaterThan(bus.transferCount, 0)
    }

    func testWaitingForHeadingsEndsWithTheWaitingTask() async {
        let demand = HeadingDemand(wanted: false)
        let waiter = Task { await demand.untilWanted() }
        waiter.cancel()
        await waiter.value   // returns: a cancelled reader is not left hanging
        XCTAssertFalse(demand.isWanted)
    }

    func testACompassThatStopsAnsweringIsLoggedOnceGoesQuietAndIsLoggedWhenBack() throws {
        let (bus, loop) = (SimulatedI2CBus(bus: 1), TestEventLoop())
        let clock = loop.clock
        let feeder = Self.compassFacing120(on: bus, loop: loop)
        let logs = LogCapture()
        let reader = CompassReader(driver: QMC5883L(transport: bus),
                                   backoff: RestartBackoff(initial: .milliseconds(500), maximum: .seconds(2)))
        let received = Mutex<[Heading]>([])
        let collector = loop.spawn {
            for await h in reader.headings(clock: clock, logger: logs.logger("compass"), executor: loop) {
                received.withLock { $0.append(h) }
            }
        }
        defer {
            feeder.cancel()
            collector.cancel()
            loop.drain()
        }
        loop.advance(by: .seconds(1))
        XCTAssertEqual(try XCTUnwrap(received.withLock { $0.first }).magneticDegrees, 120, accuracy: 0.2)

        bus.setUnplugged(true, address: 0x0D)
        loop.advance(by: .seconds(1))
        XCTAssertEqual(logs.matching("failed").count, 1, "\(logs.all)")
        let failedAt = clock.elapsed
        loop.advance(by: .seconds(4))   // several retries' worth
        XCTAssertEqual(received.withLock { $0.filter { $0.receivedAt > failedAt }.count }, 0, "no headings while the chip NACKs")
        let failures = logs.matching("failed")
        XCTAssertEqual(failures.count, 1, "logged once, not at every retry: \(logs.all)")
        XCTAssertTrue(failures[0].contains("check wiring"), "says what to check: \(failures[0])")

        bus.setUnplugged(false, address: 0x0D)
        loop.advance(by: .seconds(3))   // past the longest retry (2 s) and the chip's start
        XCTAssertTrue(received.withLock { $0.contains { $0.receivedAt > failedAt } }, "headings resume")
        XCTAssertEqual(logs.matching("answers again").count, 1)
        XCTAssertEqual(try XCTUnwrap(received.withLock { $0.last }).magneticDegrees, 120, accuracy: 0.2,
                       "set up again after the brown-out and reading the same field")
    }
}
