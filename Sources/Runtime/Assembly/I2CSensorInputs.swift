import Config
import Logging
import Platform
import Sensors

/// A hardware board's sensors on its I2C bus, each as a stream and the `InputFeed` that fills it: a
/// u-blox receiver read over DDC (`DDCPoller` into `GPSReceiver`) and a compass (`CompassReader`:
/// QMC5883L, HMC5883L, LIS3MDL, BNO055, or `auto`), with the stored calibration, the mounting's axes
/// and an accelerometer's gravity when configured.
///
/// Setting a sensor up happens in its feed, again with backoff until it succeeds (`ReopenLoop`): for
/// the GPS, opening the bus and one read of the receiver's byte count; for the compass, opening the
/// bus, finding or identifying the chip, loading the calibration and setting up the accelerometer.
/// Why in the feed: at boot `i2c-dev` can load after the service starts, and a sensor on a loose wire
/// can answer later. Meanwhile the stream is quiet (for the compass the guidance uses the belt's own
/// compass) and the sensor is on the status line's "waiting for:" list. Failures once running are the
/// readers' (logged, retried with backoff, the stream quiet meanwhile). The simulated board reads its
/// bus without feeds (`SimulatedSensorInputs`) and shares only `loadCalibration`.
package enum I2CSensorInputs {
    /// How often setting a sensor up is tried again while it fails: as the other device feeds.
    static let setupBackoff = RestartBackoff(initial: .seconds(1), maximum: .seconds(30), healthyRun: .seconds(60))

    /// Fixes from a u-blox receiver at `address` on `board.i2cBus`.
    static func ubloxFixes(address: Int, board: BoardDefinition, clock: SessionClock, logger: Logger,
                           backoff: RestartBackoff = setupBackoff,
                           waiting: DeviceWaits.Entry? = nil,
                           demand: FixDemand? = nil) -> (fixes: AsyncStream<Fix>, feed: InputFeed) {
        let (fixes, sink) = AsyncStream<Fix>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let target = UInt8(truncatingIfNeeded: address)
        let place = "u-blox DDC \(DDCPoller.hex(target)) on /dev/i2c-\(board.i2cBus)"
        let feed = InputFeed(name: "GPS \(place)") {
            await ReopenLoop.run(clock: clock, backoff: backoff, logger: logger, again: "opening the GPS (\(place))",
                                 waiting: waiting, describe: { "GPS: \($0)" }) { opened in
                // Closed when the poller's task lets go of it (I2CBus.deinit), not while it may still read.
                let bus = try I2CBus(bus: board.i2cBus)
                let driver = UBloxDDCDriver(transport: bus, address: target)
                // One count read proves something answers at the address before the poller relies on it.
                _ = try bus.readBlock(address: driver.address, register: UBloxDDCReader.countHighRegister, count: 2)
                opened()
                let source = "u-blox DDC \(DDCPoller.hex(driver.address)) on \(bus.path)"
                logger.info("reading the GPS: \(source)")
                // The poller retries a receiver that stops answering itself; it ends only when cancelled.
                for await fix in GPSReceiver.fixes(polling: driver, clock: clock, logger: logger, demand: demand) {
                    sink.yield(fix)
                }
                return "stopped reading the GPS (\(source))"
            }
        }
        return (fixes, feed)
    }

    /// Headings from the compass `source` names on `board.i2cBus`. `stateDirectory` holds the
    /// calibration (`CompassCalibrationStore`); `mounting` gives the axes and the accelerometer.
    static func compassHeadings(_ source: CompassSource, board: BoardDefinition, clock: SessionClock, logger: Logger,
                                mounting: CompassMounting = CompassMounting(),
                                stateDirectory: String? = nil, backoff: RestartBackoff = setupBackoff,
                                waiting: DeviceWaits.Entry? = nil,
                                demand: HeadingDemand? = nil) -> (headings: AsyncStream<Heading>, feed: InputFeed) {
        let (headings, sink) = AsyncStream<Heading>.makeStream(bufferingPolicy: .bufferingNewest(4))
        let feed = InputFeed(name: "compass on /dev/i2c-\(board.i2cBus)") {
            await ReopenLoop.run(clock: clock, backoff: backoff, logger: logger, again: "setting up the compass",
                                 waiting: waiting,
                                 describe: { "compass: \($0); navigating with the belt's own compass until it answers" }) { opened in
                let bus = try I2CBus(bus: board.i2cBus)
                let driver = try compassDriver(source, on: bus)
                try driver.identify()
                let calibration = stateDirectory.flatMap {
                    loadCalibration(for: driver, directory: $0, logger: logger, headingsUsed: demand?.isWanted ?? true)
                }
                var gravity: (@Sendable (Duration) throws -> Vector3?)?
                if let accelerometer = try accelerometer(mounting, on: bus, logger: logger) {
                    gravity = { try accelerometer.gravity(at: $0) }
                }
                opened()
                logger.info("\(driver.chip) at \(DDCPoller.hex(driver.address)) on \(bus.path)")
                let reader = CompassReader(driver: driver, calibration: calibration, axes: mounting.axes, gravity: gravity)
                // The reader sets the chip up again after a failure itself; it ends only when cancelled.
                for await heading in reader.headings(clock: clock, logger: logger, demand: demand) { sink.yield(heading) }
                return "stopped reading the compass \(driver.chip) at \(DDCPoller.hex(driver.address))"
            }
        }
        return (headings, feed)
    }

    /// The driver for `source`: probed for `auto`, else the named chip (at its default address unless configured).
    static func compassDriver(_ source: CompassSource, on bus: any I2CTransport) throws -> any CompassDriver {
        switch source {
        case .chip(let name, let address):
            guard let chip = CompassChip(rawValue: name) else { throw CompassError.notFound(bus: bus.bus, probed: []) }
            return CompassDetector.driver(for: chip, address: address.map { UInt8(truncatingIfNeeded: $0) }, on: bus)
        case .auto, .simulated, .none:
            return try CompassDetector.detect(on: bus)
        }
    }

    /// The configured accelerometer, identified and started; nil without one.
    static func accelerometer(_ mounting: CompassMounting, on bus: any I2CTransport, logger: Logger) throws -> AccelerometerGravity? {
        let driver: any AccelerometerDriver
        switch mounting.accelerometer {
        case .none: return nil
        case .auto: driver = try AccelerometerDetector.detect(on: bus)
        case .chip(let chip, let address):
            driver = AccelerometerDetector.driver(for: chip, address: address.map { UInt8(truncatingIfNeeded: $0) }, on: bus)
            try driver.identify()
        }
        try driver.performSetupWrites()
        logger.info("tilt compensation with the \(driver.chip) at \(DDCPoller.hex(driver.address))")
        return AccelerometerGravity(driver: driver, axes: mounting.accelerometerAxes)
    }

    /// The stored calibration if it fits this sensor; every other outcome is logged and means none.
    /// `headingsUsed` false (the belt's own compass steers, `heading_source = "belt"`): the hint to
    /// calibrate is kept for the debug log, since nothing reads the headings it would correct.
    package static func loadCalibration(for driver: any CompassDriver, directory: String, logger: Logger,
                                       headingsUsed: Bool = true) -> CompassCalibration? {
        let store = CompassCalibrationStore(directory: directory)
        do {
            let (calibration, note) = try store.load(for: driver.chip, address: driver.address)
            if let note { logger.log(level: headingsUsed ? .info : .debug, "\(note)") }
            if let calibration {
                logger.info("compass calibration loaded from \(store.path) (\(calibration.model), \(calibration.quality.samples) samples)")
            }
            return calibration
        } catch {
            logger.error("\(error); headings are uncorrected until you calibrate again")
            return nil
        }
    }
}
