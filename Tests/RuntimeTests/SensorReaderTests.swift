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
    /// A QMC5883L on `bus` in the field of a wearer facing 120° magnetic, sampled as time passes.
    static func compassFacing120(on bus: SimulatedI2CBus, clock: SessionClock) -> Task<Void, Never> {
        bus.attach(QMC5883LDevice(), at: 0x0D)
        let field = SimulatedMagneticField.osnabrueck
        return Task {
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

    func testTheDDCPollerDeliversTheReceiversEpochsAsFixes() async throws {
        let (bus, _) = Self.receiverHoldingABurst()
        let logs = LogCapture()
        let clock = SessionClock.accelerated(by: 20)
        let chunks = DDCPoller.chunks(driver: UBloxDDCDriver(transport: bus), clock: clock, logger: logs.logger("gps"))
        let fixes = GPSReceiver.fixes(from: chunks, source: "test", clock: clock, logger: logs.logger("gps"))
        var iterator = fixes.makeAsyncIterator()
        let next = await iterator.next()
        let first = try XCTUnwrap(next)
        XCTAssertEqual(first.coordinate.latitude, 52.27, accuracy: 1e-7)
        XCTAssertEqual(first.horizontalAccuracy, 2.5, "NAV-PVT's hAcc, merged with the NMEA of the same epoch")
        XCTAssertEqual(first.utcSeconds, 1_795_000_000)
    }

    /// The poller knows when the receiver's buffer ran dry after a burst and says so with an empty
    /// chunk, once per burst.
    func testTheDDCPollerMarksTheEndOfEachBurstWithAnEmptyChunk() async throws {
        let (bus, burst) = Self.receiverHoldingABurst()
        let clock = SessionClock.accelerated(by: 20)
        let chunks = DDCPoller.chunks(driver: UBloxDDCDriver(transport: bus), clock: clock, logger: LogCapture().logger("gps"))
        // Read on a task the test can give up on: a poller that never marks would otherwise hang the run.
        let reader = Task { () -> [[UInt8]] in
            var bursts: [[UInt8]] = []
            var read: [UInt8] = []
            for try await chunk in chunks {
                if chunk.isEmpty {
                    bursts.append(read)
                    read = []
                    if bursts.count == 2 { break }
                    bus.withDevice(at: 0x42, as: UBloxDDCDevice.self) { $0.output(burst) }
                } else {
                    read += chunk
                }
            }
            return bursts
        }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(20))
            reader.cancel()
        }
        let bursts = try await reader.value
        watchdog.cancel()
        XCTAssertEqual(bursts, [burst, burst], "each whole burst, then one mark: the empty polls between bursts are not passed on")
    }

    /// A marked burst end completes the epoch at once. Session time here runs ten thousand times slower
    /// than real time, so a 150 ms quiet timer would take 25 minutes: the fix can only come from the mark.
    func testAMarkedBurstEndCompletesTheEpochWithoutAQuietTimer() async throws {
        let (_, burst) = Self.receiverHoldingABurst()
        let (chunks, feed) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
        let fixes = GPSReceiver.fixes(from: chunks, source: "test", clock: .accelerated(by: 1e-4),
                                      logger: LogCapture().logger("gps"), burstEnds: .marked)
        feed.yield(burst)
        feed.yield([])
        let first = await withTaskGroup(of: Fix?.self) { group in
            group.addTask { await fixes.first { _ in true } }
            group.addTask { try? await Task.sleep(for: .seconds(10)); return nil }
            let winner = await group.next() ?? nil
            group.cancelAll()
            return winner
        }
        XCTAssertNotNil(first, "no fix within 10 s of the mark")
        XCTAssertEqual(first?.utcSeconds, 1_795_000_000)
        XCTAssertEqual(first?.horizontalAccuracy, 2.5, "NAV-PVT's hAcc, merged with the NMEA of the same epoch")
        feed.finish()
    }

    func testACompassNobodySteersByIsNotReadUntilAReloadWantsItsHeadings() async throws {
        let (bus, clock) = (SimulatedI2CBus(bus: 1), SessionClock.accelerated(by: 50))
        let feeder = Self.compassFacing120(on: bus, clock: clock)
        defer { feeder.cancel() }
        let logs = LogCapture()
        let demand = HeadingDemand(wanted: false)
        let reader = CompassReader(driver: QMC5883L(transport: bus))
        let received = Mutex<Int>(0)
        let task = Task {
            for await _ in reader.headings(clock: clock, logger: logs.logger("compass"), demand: demand) {
                received.withLock { $0 += 1 }
            }
        }
        defer { task.cancel() }
        // The reader says it waits, then waits; 5 s of session time after that would be 25 reads were it wanted.
        try await waitUntil { !logs.matching("not read while the belt's own compass gives the heading").isEmpty }
        try await Task.sleep(for: .milliseconds(100))
        XCTAssertEqual(bus.transferCount, 0, "heading_source = \"belt\": the chip is not touched")
        XCTAssertEqual(received.withLock { $0 }, 0)
        demand.set(true)
        let deadline = ContinuousClock.now + .seconds(10)
        while received.withLock({ $0 }) < 3, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
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

    func testACompassThatStopsAnsweringIsLoggedOnceGoesQuietAndIsLoggedWhenBack() async throws {
        let (bus, clock) = (SimulatedI2CBus(bus: 1), SessionClock.accelerated(by: 50))
        let feeder = Self.compassFacing120(on: bus, clock: clock)
        defer { feeder.cancel() }
        let logs = LogCapture()
        let reader = CompassReader(driver: QMC5883L(transport: bus),
                                   backoff: RestartBackoff(initial: .milliseconds(500), maximum: .seconds(2)))
        let received = Mutex<[Heading]>([])
        let collector = Task {
            for await h in reader.headings(clock: clock, logger: logs.logger("compass")) { received.withLock { $0.append(h) } }
        }
        defer { collector.cancel() }
        try await waitUntil { received.withLock { !$0.isEmpty } }
        XCTAssertEqual(try XCTUnwrap(received.withLock { $0.first }).magneticDegrees, 120, accuracy: 0.2)

        bus.setUnplugged(true, address: 0x0D)
        try await waitUntil { !logs.matching("failed").isEmpty }
        let failedAt = clock.elapsed
        try await clock.sleep(for: .seconds(4))   // several retries' worth
        XCTAssertEqual(received.withLock { $0.filter { $0.receivedAt > failedAt }.count }, 0, "no headings while the chip NACKs")
        let failures = logs.matching("failed")
        XCTAssertEqual(failures.count, 1, "logged once, not at every retry: \(logs.all)")
        XCTAssertTrue(failures[0].contains("check wiring"), "says what to check: \(failures[0])")

        bus.setUnplugged(false, address: 0x0D)
        try await waitUntil { received.withLock { $0.contains { $0.receivedAt > failedAt } } }
        XCTAssertEqual(logs.matching("answers again").count, 1)
        XCTAssertEqual(try XCTUnwrap(received.withLock { $0.last }).magneticDegrees, 120, accuracy: 0.2,
                       "set up again after the brown-out and reading the same field")
    }

    struct TimedOut: Error {}

    /// Polls `condition` for up to 20 s of real time; a condition never met fails the test.
    func waitUntil(_ condition: @Sendable () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw TimedOut() }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
