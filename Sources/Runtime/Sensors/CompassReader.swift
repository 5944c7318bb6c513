import Logging
import Platform
import Sensors

/// Reads a compass driver at the heading interval and streams magnetic headings, for the
/// navigation actor. The same code reads an `I2CBus` on a Pi and the simulated board's bus.
///
/// Each reading goes through `CompassHeadingEstimator`: the stored calibration, then tilt
/// compensation when `gravity` gives a vector (an accelerometer's reading; nil means level), or the
/// fused heading of a BNO055. Before the first reading, and again after every failure, the chip is
/// identified and its set-up writes are made (a sensor that browned out comes back in standby).
///
/// A failure (a NACK, the wrong chip answering, an overflow) is logged once with what to check;
/// the reader retries with `RestartBackoff` and the headings stop meanwhile. The navigation then
/// falls back to the belt's own compass after `RouteGuidance.headingTimeout` and logs that; the
/// recovery is logged here and there.
package struct CompassReader: Sendable {
    /// How often the chip is read: the simulated world's compass rate, 5 Hz, enough for a walker.
    package static let defaultInterval: Duration = .milliseconds(200)

    package let driver: any CompassDriver
    package var estimator: CompassHeadingEstimator
    package var interval: Duration
    /// Gravity in the body frame at a time (an accelerometer's filtered reading); nil: treated as level.
    package var gravity: (@Sendable (Duration) throws -> Vector3?)?
    package var backoff: RestartBackoff

    package init(driver: any CompassDriver, calibration: CompassCalibration? = nil, axes: AxisMapping = .identity,
                interval: Duration = CompassReader.defaultInterval,
                gravity: (@Sendable (Duration) throws -> Vector3?)? = nil,
                backoff: RestartBackoff = RestartBackoff(initial: .seconds(1), maximum: .seconds(30))) {
        self.driver = driver
        estimator = CompassHeadingEstimator(calibration: calibration, axes: axes)
        self.interval = interval
        self.gravity = gravity
        self.backoff = backoff
    }

    /// The headings, until the consumer stops listening. With `demand`, the chip is read only while
    /// the headings are wanted; meanwhile the reader sleeps without a timer. `executor` is where the
    /// reads run, as for `DDCPoller`: nil (the global executor) for a bus whose transfers block.
    package func headings(clock: SessionClock, logger: Logger, demand: HeadingDemand? = nil,
                         executor: (any TaskExecutor)? = nil) -> AsyncStream<Heading> {
        let (stream, sink) = AsyncStream<Heading>.makeStream(bufferingPolicy: .bufferingNewest(4))
        let reader = self
        let task = Task(executorPreference: executor) {
            let driver = reader.driver
            var backoff = reader.backoff
            var needsSetup = true
            var failingSince: Duration?
            var healthySince = clock.elapsed
            let place = "\(driver.chip) compass at \(DDCPoller.hex(driver.address)) on bus \(driver.transport.bus)"
            while !Task.isCancelled {
                if let demand, !demand.isWanted {
                    logger.info("\(place): not read while the belt's own compass gives the heading (heading_source = \"belt\")")
                    await demand.untilWanted()
                    if Task.isCancelled { break }
                    logger.info("\(place): read from now on (heading_source = \"external\")")
                    needsSetup = true
                    healthySince = clock.elapsed
                }
                var wait = reader.interval
                do {
                    if needsSetup {
                        try driver.identify()
                        try await driver.start { try await clock.sleep(for: $0) }
                        needsSetup = false
                    }
                    var heading: Heading?
                    if let sample = try driver.read() {
                        let now = clock.elapsed
                        let gravity = try reader.gravity?(now)
                        heading = reader.estimator.heading(from: sample, gravity: gravity, at: now)
                    }
                    // The recovery is logged before the first heading leaves, so a reader of the log
                    // never sees headings flowing under a standing "failed" line.
                    if let since = failingSince {
                        logger.notice("\(place) answers again after \((clock.elapsed - since).clockString); headings resume")
                        failingSince = nil
                        healthySince = clock.elapsed
                    }
                    if let heading { sink.yield(heading) }
                } catch is CancellationError {
                    break
                } catch {
                    let now = clock.elapsed
                    wait = backoff.delayAfterFailure(runLength: now - healthySince)
                    needsSetup = true
                    if failingSince == nil {
                        failingSince = now
                        logger.error("\(place) failed: \(error); no headings until it answers (retrying, first in \(wait))")
                    }
                    healthySince = now
                }
                do { try await clock.sleep(for: wait) } catch { break }
            }
            sink.finish()
        }
        sink.onTermination = { _ in task.cancel() }
        return stream
    }
}
