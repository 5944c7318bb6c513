import Clocks
import Foundation
import Platform
@testable import Runtime
import Sensors
import Synchronization
import XCTest
import WayfinderTestKit

/// `wayfinder calibrate compass`'s loop: a QMC5883L on a register bus whose field turns with the
/// wearer, read on a test clock; the stored calibration is what the compass reader will load.
final class CompassCalibrationRunTests: XCTestCase {
    /// A QMC5883L (0x0D reads 0xFF, DRDY in 0x06, X/Y/Z LSB first from 0x00 at 3000
    /// counts per gauss = 30 per µT) worn by someone turning at `degreesPerSecond`, with a hard-iron offset.
    final class TurningQMC5883L: I2CTransport, @unchecked Sendable {
        let bus = 1
        let clock: TestClock<Duration>
        let start: TestClock<Duration>.Instant
        let degreesPerSecond: Double
        let offset = Vector3(40, -25, 5)
        let lock = NSLock()
        var nackFrom: Duration?

        init(clock: TestClock<Duration>, degreesPerSecond: Double) {
            self.clock = clock
            start = clock.now
            self.degreesPerSecond = degreesPerSecond
        }

        var elapsed: Duration { start.duration(to: clock.now) }

        func readByte(address: UInt8, register: UInt8) throws(I2CError) -> UInt8 {
            try check(address)
            switch register {
            case 0x0D: return 0xFF
            case 0x06: return 0x01
            default: return 0
            }
        }

        func readBlock(address: UInt8, register: UInt8, count: Int) throws(I2CError) -> [UInt8] {
            try check(address)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            let yaw = seconds * degreesPerSecond * .pi / 180
            // Horizontal component 20 µT along magnetic north, seen from a sensor facing `yaw`.
            let field = Vector3(20 * cos(yaw), -20 * sin(yaw), 44) + offset
            let counts = [field.x, field.y, field.z].flatMap { v -> [UInt8] in
                let c = UInt16(bitPattern: Int16((v * 30).rounded()))
                return [UInt8(c & 0xFF), UInt8(c >> 8)]
            }
            return Array(counts[Int(register)..<min(6, Int(register) + count)])
        }

        func writeByte(address: UInt8, register: UInt8, value: UInt8) throws(I2CError) { try check(address) }
        func readWord(address: UInt8, register: UInt8) throws(I2CError) -> UInt16 { throw .deviceAbsent(bus: bus, address: address) }
        func writeWord(address: UInt8, register: UInt8, value: UInt16) throws(I2CError) { try check(address) }
        func writeBlock(address: UInt8, register: UInt8, bytes: [UInt8]) throws(I2CError) { try check(address) }

        private func check(_ address: UInt8) throws(I2CError) {
            if let nackFrom, elapsed >= nackFrom { throw .deviceAbsent(bus: bus, address: address) }
            guard address == 0x0D else { throw .deviceAbsent(bus: bus, address: address) }
        }
    }

    actor Events {
        var all: [CompassCalibrationSession.Event] = []
        func add(_ e: CompassCalibrationSession.Event) { all.append(e) }
    }

    /// The test clock as the run sees it, with the deadlines of the sleeps in progress, so that `drive`
    /// moves time on only while the run is asleep on it. Advanced blindly, a run starved of CPU (a loaded
    /// machine) would wake late into a turn further along than it should be.
    final class WatchedClock: Clock, Sendable {
        let base: TestClock<Duration>
        private let deadlines = Mutex<[TestClock<Duration>.Instant]>([])

        init(_ base: TestClock<Duration>) { self.base = base }

        var now: TestClock<Duration>.Instant { base.now }
        var minimumResolution: Duration { base.minimumResolution }

        func sleep(until deadline: TestClock<Duration>.Instant, tolerance: Duration?) async throws {
            deadlines.withLock { $0.append(deadline) }
            defer { deadlines.withLock { if let i = $0.firstIndex(of: deadline) { $0.remove(at: i) } } }
            try await base.sleep(until: deadline, tolerance: tolerance)
        }

        /// Whether a sleep is waiting for a time that has not come yet.
        var isAsleep: Bool {
            let now = base.now
            return deadlines.withLock { $0.contains { $0 > now } }
        }
    }

    /// Advances the clock 50 ms at a time, each step once the run is asleep on it (waiting at most
    /// 10 s of real time for that, so a run that never sleeps again fails the test instead of hanging it).
    func drive(_ clock: WatchedClock, until done: @escaping @Sendable () -> Bool) async {
        for _ in 0..<5000 where !done() {
            let patience = ContinuousClock.now + .seconds(10)
            while !clock.isAsleep && !done() && ContinuousClock.now < patience {
                await Task.yield()
            }
            await clock.base.advance(by: .milliseconds(50))
        }
    }

    func testATurnAtThirtyDegreesASecondIsCalibratedWithinTheTimeLimit() async throws {
        let clock = TestClock<Duration>()
        let watched = WatchedClock(clock)
        let sensor = TurningQMC5883L(clock: clock, degreesPerSecond: 30)
        let events = Events()
        let run = CompassCalibrationRun()
        let task = Task {
            try await run.run(driver: QMC5883L(transport: sensor), clock: SessionClock(watched)) { event, _ in
                await events.add(event)
            }
        }
        let finished = LockedFlag()
        Task { _ = try? await task.value; finished.set() }
        await drive(watched) { finished.isSet }
        let session = try await task.value
        XCTAssertTrue(session.isComplete)
        let all = await events.all
        var progress: [Int] = []
        for event in all {
            if case .progress(let degrees) = event { progress.append(degrees) }
        }
        XCTAssertEqual(progress.last, 360)
        XCTAssertEqual(all.last, .complete)
        // A full turn at 30°/s takes 12 s; the run stops when the circle closes, not at the limit.
        XCTAssertLessThan(sensor.elapsed, .seconds(16))

        let calibration = try session.finish(chip: .qmc5883l, address: 0x0D)
        XCTAssertEqual(calibration.offset.x, 40, accuracy: 0.2)
        XCTAssertEqual(calibration.offset.y, -25, accuracy: 0.2)
        let directory = NSTemporaryDirectory() + "wayfinder-calibration-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = CompassCalibrationStore(directory: directory)
        try store.save(calibration)
        let loaded = try store.load(for: .qmc5883l, address: 0x0D)
        XCTAssertEqual(loaded.calibration, calibration)
        XCTAssertNil(loaded.note)
    }

    func testACompassThatStopsAnsweringEndsTheRunWithTheI2CError() async throws {
        let clock = TestClock<Duration>()
        let watched = WatchedClock(clock)
        let sensor = TurningQMC5883L(clock: clock, degreesPerSecond: 30)
        sensor.nackFrom = .seconds(2)
        let run = CompassCalibrationRun()
        let task = Task {
            try await run.run(driver: QMC5883L(transport: sensor), clock: SessionClock(watched)) { _, _ in }
        }
        let finished = LockedFlag()
        Task { _ = try? await task.value; finished.set() }
        await drive(watched) { finished.isSet }
        do {
            _ = try await task.value
            XCTFail("a dead compass was calibrated")
        } catch let failure as CompassCalibrationRun.Failure {
            XCTAssertTrue("\(failure)".contains("stopped answering"), "\(failure)")
            XCTAssertTrue("\(failure)".contains("0x0d"), "\(failure)")
        }
    }

    func testTheBNO055IsNotCalibratedHere() async throws {
        let bus = RegisterMapI2C()
        let run = CompassCalibrationRun()
        do {
            _ = try await run.run(driver: BNO055(transport: bus), clock: .continuous()) { _, _ in }
            XCTFail("a fused compass was calibrated")
        } catch let failure as CompassCalibrationRun.Failure {
            XCTAssertTrue("\(failure)".contains("calibrates itself"), "\(failure)")
        }
    }
}

/// A flag set from one task and read from another.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
