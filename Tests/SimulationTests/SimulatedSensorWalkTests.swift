import Config
import Navigation
import Platform
@testable import Runtime
import Sensors
import Simulation
import WayfinderTestKit
import XCTest

/// The simulated walk runs through the real drivers and parsers. The receiver's
/// NMEA and UBX go over the simulated I2C bus to the DDC driver and `GPSDecoder`; the QMC5883L's
/// registers go to its driver and the heading maths; a compass that stops acknowledging hands the
/// belt over to its own compass and back.
extension DemoRouteIntegrationTests {
    /// The first `minutes` of the demo walk at `acceleration`, then a graceful shutdown.
    func walkFor(minutes: Int, _ config: WayfinderConfiguration, acceleration: Double)
        async throws -> (world: SimulatedWorld, observations: [NavigationObservation], logs: LogCapture,
                         ddcAtStop: UBloxDDCDevice?) {
        let logs = LogCapture(level: .info)
        let observations = Observations()
        var options = Appliance.Options()
        options.acceleration = acceleration
        options.stateDirectory = temporaryDirectory()
        options.shutdownSignals = []
        options.navigationObserver = { o in observations.all.withLock { $0.append(o) } }
        let (appliance, simulated) = try Appliance.buildOnConfiguredBoard(configuration: config, options: options) { logs.logger($0) }
        let board = try XCTUnwrap(simulated)
        // The receiver's buffer is looked at while its poller runs: once shutdown stops the poller,
        // the simulated receiver carries on filling its buffer, and on a slow machine overflows it.
        let stopper = Task { () -> UBloxDDCDevice? in
            // The appliance walks on the process's loops at an accelerated real clock: polled, bounded;
            // stopped either way, and the caller checks what was walked.
            do {
                try await eventually("\(minutes) session minutes", timeout: .seconds(120), every: .milliseconds(20)) {
                    appliance.clock.elapsed >= .seconds(60 * minutes)
                }
            } catch is DeadlineExceeded {}
            let ddc = board.i2c.withDevice(at: UBloxDDCDevice.address, as: UBloxDDCDevice.self) { $0 }
            await appliance.group.triggerGracefulShutdown()
            return ddc
        }
        defer { stopper.cancel() }
        try await appliance.run()
        let atStop = try await stopper.value
        let world = await board.snapshot()
        return (world, observations.all.withLock { $0 }, logs, atStop)
    }

    /// At 20× the heading timeout (3 s) is 150 ms of real time, so a busy machine does not fake a
    /// fallback. 20×, not more: the test asks that the DDC poller keep up with the receiver, which is a
    /// question of CPU per session second (the paced clock sees late sleepers, not a poller whose reads
    /// take long), and an emulated arm64 debug build fell behind at 60×.
    func testTheWalksFixesAndHeadingsComeThroughTheI2CDriversAndParsersAndACompassOutageFallsBackToTheBelt() async throws {
        var config = try demoConfiguration { _ in false }
        config.guidance.headingSource = .external
        config.simulation?.gpsProtocol = .both
        let outage = Duration.seconds(120)
        config.simulation?.events = [SimulationEvent(at: outage, action: .compassOutage(.seconds(30)))]
        let (world, observations, logs, atStop) = try await walkFor(minutes: 5, config, acceleration: 20)
        let route = config.route

        // Every fix navigation used was decoded from the receiver's bytes: it matches the receiver's own
        // solution of that UTC time to the wire's resolution, and carries NAV-PVT's hAcc.
        let solutions = Dictionary(world.fixLog.compactMap { f in f.utcSeconds.map { ($0, f) } }, uniquingKeysWith: { a, _ in a })
        var matched = Set<Double>()
        for o in observations {
            guard let fix = o.fix, let utc = fix.utcSeconds else { continue }
            guard let truth = solutions[utc] else { XCTFail("a fix at \(utc) that the receiver never produced"); continue }
            XCTAssertEqual(fix.coordinate.latitude, truth.coordinate.latitude, accuracy: 1e-7)
            XCTAssertEqual(fix.coordinate.longitude, truth.coordinate.longitude, accuracy: 1e-7)
            XCTAssertEqual(fix.horizontalAccuracy, config.simulation?.gpsNoise)
            matched.insert(utc)
        }
        XCTAssertGreaterThan(matched.count, 200, "five minutes of 1 Hz fixes, less the first seconds")
        XCTAssertEqual(matched.count, Set(observations.compactMap { $0.fix?.utcSeconds }).count)
        // The poller kept up: nothing the receiver streamed while it ran was lost to a full DDC buffer.
        let running = try XCTUnwrap(atStop)
        XCTAssertEqual(running.droppedBytes, 0)
        XCTAssertLessThan(running.waiting, 1500, "at most the last burst is still waiting")
        XCTAssertGreaterThan(world.receiver.bytesProduced, 300 * 400, "NMEA and NAV-PVT every second")

        // The belt was steered body-relative from the compass, and by magnetic bearing while it was away.
        let relative = observations.filter {
            if case .belt(.updateNavigation(_, false, _)) = $0.action { true } else { false }
        }
        let magneticDuringOutage = observations.filter {
            if case .belt(.updateNavigation(_, true, _)) = $0.action { $0.at > outage && $0.at < outage + .seconds(30) } else { false }
        }
        XCTAssertGreaterThan(relative.count, route.waypoints.count)
        // The walker stands while the belt gives no direction: distance is time spent following it.
        // Under qemu-user emulation connecting takes more session time, so the bar is under half of
        // the 420 m that five minutes of following would give.
        XCTAssertGreaterThan(world.walker.distanceWalked, 200, "the walker follows the body-relative directions")
        XCTAssertFalse(magneticDuringOutage.isEmpty, "the belt's own compass took over")

        // The compass's NACK is logged once with what to check, the fallback and the return once each.
        let failures = logs.matching("compass at 0x0d on bus 1 failed")
        XCTAssertEqual(failures.count, 1, logs.matching("compass").joined(separator: "\n"))
        XCTAssertTrue(failures.first?.contains("check wiring") ?? false)
        XCTAssertEqual(logs.matching("answers again after").filter { $0.contains("compass") }.count, 1)
        let fallbacks = observations.filter { if case .report(.headingFallback) = $0.action { true } else { false } }
        let restores = observations.filter { if case .report(.headingRestored) = $0.action { true } else { false } }
        XCTAssertTrue(fallbacks.contains { $0.at > outage + .seconds(2) && $0.at < outage + .seconds(10) },
                      "fell back within the heading timeout of the outage: \(fallbacks.map(\.at))")
        XCTAssertTrue(restores.contains { $0.at > outage + .seconds(30) && $0.at < outage + .seconds(45) },
                      "back when the compass answered again: \(restores.map(\.at))")
        XCTAssertEqual(logs.matching("no compass heading for").count, fallbacks.count)
        XCTAssertEqual(logs.matching("compass heading back").count, restores.count)
    }
}
