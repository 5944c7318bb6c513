import Config
import Logging
import Navigation
import Platform
import Runtime
import Sensors

/// The simulated board's GPS and compass, read as on a Pi: the DDC poller and `GPSReceiver` on the
/// u-blox device of the board's I2C bus, and the compass reader on its QMC5883L. Only the bus is
/// simulated; the drivers, parsers, calibration and heading maths are the hardware path's.
enum SimulatedSensorInputs {
    static func make(board: SimulatedBoard, config: WayfinderConfiguration, stateDirectory: String,
                     clock: SessionClock, makeLogger: @escaping @Sendable (String) -> Logger)
        -> (fixes: AsyncStream<Fix>, headings: AsyncStream<Heading>, headingDemand: HeadingDemand?, fixDemand: FixDemand?) {
        let bus = board.i2c
        let gpsLogger = makeLogger("gps")
        var fixes = AsyncStream<Fix> { $0.finish() }
        var fixDemand: FixDemand?
        switch config.gps {
        case .simulated, .ubloxI2C:
            var address = UBloxDDCDevice.address
            if case .ubloxI2C(let configured) = config.gps { address = UInt8(truncatingIfNeeded: configured) }
            let driver = UBloxDDCDriver(transport: bus, address: address)
            // The simulated bus is memory: polling it never blocks, so it may share the event loop.
            let demand = FixDemand(wanted: true)
            fixDemand = demand
            fixes = GPSReceiver.fixes(polling: driver, clock: clock, logger: gpsLogger, demand: demand,
                                      executor: EventLoop.preferred)
        case .none:
            gpsLogger.notice("[gps] source = \"none\": no position fixes")
        case .uart, .gpsd:
            gpsLogger.error("the simulated board has its GPS on I2C only; set [gps] source = \"sim\" (or \"ublox-i2c\")")
        }

        let compassLogger = makeLogger("compass")
        let driver: (any CompassDriver)?
        switch config.compass {
        case .simulated:
            driver = QMC5883L(transport: bus, address: QMC5883LDevice.address)
        case .auto:
            do {
                driver = try CompassDetector.detect(on: bus)
            } catch {
                compassLogger.error("\(error)")
                driver = nil
            }
        case .chip(let name, let address):
            driver = CompassChip(rawValue: name).map {
                CompassDetector.driver(for: $0, address: address.map { UInt8(truncatingIfNeeded: $0) }, on: bus)
            }
        case .none:
            driver = nil
        }
        guard let driver else { return (fixes, AsyncStream { $0.finish() }, nil, fixDemand) }
        let calibration = I2CSensorInputs.loadCalibration(for: driver, directory: stateDirectory, logger: compassLogger,
                                                          headingsUsed: config.guidance.headingSource == .external)
        if config.compassMounting.accelerometer != .none {
            compassLogger.notice("the simulated board has no accelerometer; the simulated wearer stays upright, so headings are level")
        }
        let reader = CompassReader(driver: driver, calibration: calibration, axes: config.compassMounting.axes)
        let demand = HeadingDemand(wanted: config.guidance.headingSource == .external)
        return (fixes, reader.headings(clock: clock, logger: compassLogger, demand: demand, executor: EventLoop.shared), demand,
                fixDemand)
    }

    /// The Earth's field at the route's start by WMM2025, for the simulated compass; Osnabrück's if
    /// the model cannot be evaluated there.
    static func earthField(route: Route, utcSeconds: Double) -> SimulatedMagneticField {
        guard let start = route.waypoints.first?.coordinate, let year = DecimalYear.from(secondsSince1970: utcSeconds),
              let field = try? WorldMagneticModel.wmm2025.field(latitude: start.latitude, longitude: start.longitude,
                                                                altitude: 0, decimalYear: year)
        else { return .osnabrueck }
        return SimulatedMagneticField(inclination: field.inclination, intensity: field.totalIntensity / 1000)
    }
}
