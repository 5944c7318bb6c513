import Platform
import Sensors

/// Reads a compass while the wearer turns round, feeding `CompassCalibrationSession` until the circle
/// is closed or time runs out. The session decides; this only owns the sensor and the clock.
package struct CompassCalibrationRun: Sendable {
    /// How often the sensor is read: 20 Hz gives a sample every 1.5° at a slow 30°/s turn.
    package var interval: Duration = .milliseconds(50)
    /// The wearer gets this long to turn all the way round.
    package var limit: Duration = .seconds(120)
    /// Failed reads in a row before the sensor is given up on (a second of NACKs at 20 Hz).
    package var maximumConsecutiveFailures = 20
    package var settings = CompassCalibrationSession.Settings()

    package enum Failure: Error, CustomStringConvertible {
        case fused(CompassChip)
        case sensor(CompassError, reads: Int)

        package var description: String {
            switch self {
            case .fused(let chip):
                "the \(chip) calibrates itself on the chip (its heading is fused): move it slowly in a figure of eight "
                    + "until its calibration status reaches 3; there is nothing to store"
            case let .sensor(error, reads):
                "the compass stopped answering after \(reads) reads: \(error)"
            }
        }
    }

    package init() {}

    /// Sets the compass up and samples it. `onEvent` sees every session event with the session so
    /// far (for the wearer's feedback); the returned session is complete unless time ran out.
    package func run(driver: any CompassDriver, clock: SessionClock,
                    onEvent: @Sendable (CompassCalibrationSession.Event, CompassCalibrationSession) async -> Void) async throws
        -> CompassCalibrationSession {
        guard !driver.chip.isFused else { throw Failure.fused(driver.chip) }
        try await driver.start { try await clock.sleep(for: $0) }
        var session = CompassCalibrationSession(settings: settings)
        let deadline = clock.elapsed + limit
        var failures = 0
        var reads = 0
        while !session.isComplete, clock.elapsed < deadline {
            try Task.checkCancellation()
            reads += 1
            do {
                if let field = try driver.read()?.field {
                    failures = 0
                    for event in session.add(field) { await onEvent(event, session) }
                }
            } catch .overflow {
                failures = 0
                await onEvent(.rejected("the sensor is saturated (a magnet, speaker or steel close by?)"), session)
            } catch {
                failures += 1
                if failures >= maximumConsecutiveFailures { throw Failure.sensor(error, reads: reads) }
            }
            try await clock.sleep(for: interval)
        }
        return session
    }
}
