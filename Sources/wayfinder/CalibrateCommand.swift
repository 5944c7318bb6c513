import ArgumentParser
import Belt
import Config
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Gestures
import Platform
import Runtime
import Sensors
import Simulation

/// `wayfinder calibrate compass`: the hard/soft-iron calibration of the I2C compass, done by turning
/// round on the spot while wearing it.
struct CalibrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Calibrate a sensor.",
        subcommands: [CalibrateCompass.self])
}

struct CalibrateCompass: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compass",
        abstract: "Fit the compass's hard- and soft-iron correction while the wearer turns round.",
        usage: """
            wayfinder calibrate compass [--config <config>] [--timeout <seconds>]
                                        [--no-belt] [--accept-poor] [--json]
                                        [--simulated]
                                        [--state-directory <state-directory>]
            """,
        discussion: """
        Wear the device as when walking, stand away from cars and steel, run this and turn slowly on the \
        spot, once or twice round (about 20 seconds a turn). Progress is printed; with the belt connected \
        it also taps the motor that shows how far round you have come, and plays the destination signal \
        when the circle is closed. The fit is checked (the corrected field must be nearly constant all \
        the way round) and, if good, stored atomically as compass-calibration.json in the state \
        directory, where the appliance reads it at start.

        Examples:
          wayfinder calibrate compass                   the configured compass and belt
          wayfinder calibrate compass --no-belt --json  no belt feedback; JSON result
          wayfinder calibrate compass --simulated -c deploy/demo.toml
                                 a simulated QMC5883L on a simulated wearer turning
                                 at 30°/s, distorted by [simulation]
                                 compass_hard_iron_ut and compass_soft_iron, with
                                 a simulated belt
        """)

    @Option(name: .shortAndLong, help: "The configuration file (board, [compass], state_directory, [devices.belt]).")
    var config: String = WayfinderConfiguration.defaultPath

    @Option(help: "Store the calibration here instead of the configured state directory.")
    var stateDirectory: String?

    @Option(help: ArgumentHelp("Give up if the circle is not closed within this many seconds, 10–900 "
                               + "(default: 120, time for a slow start and two turns at about 20 s each).",
                               valueName: "seconds"))
    var timeout: Double?

    // Read only to be refused with what to use: --seconds is a vibration's length wherever it is
    // taken (belt vibrate), so a script that passes it here is told that the give-up time is --timeout
    // rather than having its number read as something else. A string, so that any value gets that answer.
    @Option(name: .customLong("seconds"), help: .hidden)
    var seconds: String?

    /// The give-up time asked for.
    var limit: Double { timeout ?? 120 }

    @Flag(help: "Do not use the belt for feedback.")
    var noBelt = false

    @Flag(help: "Store the fit even if its quality is below the limits (not recommended).")
    var acceptPoor = false

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    @Flag(help: "Calibrate a simulated QMC5883L turned by a simulated wearer (no I2C, no Bluetooth).")
    var simulated = false

    func validate() throws {
        if seconds != nil {
            throw ValidationError("calibrate compass gives up after --timeout <seconds> (10–900); "
                                  + "--seconds is a vibration's length, in belt vibrate")
        }
        guard limit >= 10, limit <= 900 else { throw ValidationError("--timeout must be 10–900 seconds") }
    }

    func run() async throws {
        let configuration = try ConfigurationFile.load(config)
        let directory = stateDirectory ?? configuration.stateDirectory
        // Refused before the turning, not after it: the store would refuse to write the fit there.
        if let refusal = StateDirectory.refusal(for: directory) {
            printError("wayfinder calibrate compass: \(refusal)")
            throw ExitCode(ExitStatus.configuration)
        }
        let store = CompassCalibrationStore(directory: directory)
        var run = CompassCalibrationRun()
        run.limit = .milliseconds(Int64(limit * 1000))
        let driver: any CompassDriver
        var clock = SessionClock.continuous()
        var wearer: Task<Void, Never>?
        if simulated {
            // Ten times real time: a full turn at 30°/s takes 1.2 s here.
            clock = .accelerated(by: 10)
            let bus = SimulatedI2CBus(bus: configuration.board.i2cBus)
            bus.attach(QMC5883LDevice(), at: QMC5883LDevice.address)
            driver = QMC5883L(transport: bus)
            wearer = Self.turningWearer(on: bus, field: SimulatedMagneticField.osnabrueck
                .distorted(by: configuration.simulation ?? SimulationConfiguration()), clock: clock)
        } else {
            driver = try Self.compass(configuration)
        }
        defer { wearer?.cancel() }

        let session: CompassCalibrationSession
        if noBelt || (!simulated && !configuration.belt.enabled) {
            session = try await calibrate(driver, run: run, clock: clock, belt: nil)
        } else {
            // Parsed, not built: an argument parser's property wrappers only hold values it decoded.
            let options = try BeltDeviceOptions.parse(["--config", config] + (simulated ? ["--simulated"] : []))
            do {
                session = try await BeltDoor.withBelt(options) { belt in
                    try await belt.send([.changeMode(.app)])
                    let session = try await calibrate(driver, run: run, clock: clock, belt: belt)
                    let back = [.app, .unknown].contains(belt.initialMode) ? BeltMode.wait : belt.initialMode
                    try? await belt.send([.changeMode(back)])
                    return session
                }
            } catch let exit as ExitCode where exit.rawValue == 69 {
                printError("wayfinder: calibrating without the belt's feedback")
                session = try await calibrate(driver, run: run, clock: clock, belt: nil)
            }
        }
        try finish(session, driver: driver, store: store)
    }

    /// The configured compass, brought up and identified, or exit with what to do.
    static func compass(_ configuration: WayfinderConfiguration) throws -> any CompassDriver {
        let chipNames = CompassSource.chips.joined(separator: ", ")
        switch configuration.compass {
        case .none, .simulated:
            printError("wayfinder: [compass] source is \(configuration.compass == .none ? "\"none\"" : "\"sim\""); "
                       + "calibration needs an I2C compass: set [compass] source to \"auto\" or one of \(chipNames) in \(configuration.sourcePath)")
            throw ExitCode(ExitStatus.configuration)
        case .auto, .chip:
            break
        }
        let bus: I2CBus
        do {
            bus = try I2CBus(bus: configuration.board.i2cBus)
        } catch {
            printError("wayfinder: \(error)")
            throw ExitCode(69)
        }
        do {
            if case let .chip(name, address) = configuration.compass, let chip = CompassChip(rawValue: name) {
                let driver = CompassDetector.driver(for: chip, address: address.map { UInt8(truncatingIfNeeded: $0) }, on: bus)
                try driver.identify()
                return driver
            }
            return try CompassDetector.detect(on: bus)
        } catch {
            printError("wayfinder: \(error)")
            throw ExitCode(69)
        }
    }

    /// The simulated wearer: turns on the spot at 30°/s, the QMC5883L sensing the (distorted) field.
    static func turningWearer(on bus: SimulatedI2CBus, field: SimulatedMagneticField, clock: SessionClock) -> Task<Void, Never> {
        Task {
            while !Task.isCancelled {
                let now = clock.elapsed
                let heading = (now.inSeconds * 30).truncatingRemainder(dividingBy: 360)
                _ = bus.withDevice(at: QMC5883LDevice.address, as: QMC5883LDevice.self) {
                    $0.sense(field.atSensor(magneticHeading: heading), at: now)
                }
                try? await clock.sleep(for: .milliseconds(10))
            }
        }
    }

    private func calibrate(_ driver: any CompassDriver, run: CompassCalibrationRun, clock: SessionClock,
                           belt: BeltDoor.Connected?) async throws -> CompassCalibrationSession {
        let quiet = json
        if !quiet {
            print("calibrating the \(driver.chip) at \(CompassError.hex(driver.address)): turn slowly on the spot, all the way round")
        }
        do {
            return try await run.run(driver: driver, clock: clock) { event, _ in
                switch event {
                case .progress(let degrees):
                    if !quiet { print("turned \(degrees)° of 360°") }
                    try? await belt?.send([.configureChannel(Self.progressTap(degrees))])
                case .complete:
                    if !quiet { print("the circle is closed") }
                    try? await belt?.send([.systemSignal(.destinationReached)])
                case .rejected(let why):
                    if !quiet { print("ignored a reading: \(why)") }
                }
            }
        } catch let failure as CompassCalibrationRun.Failure {
            printError("wayfinder: \(failure)")
            throw ExitCode(69)
        }
    }

    /// One short tap at the motor as far round the waist as the wearer has turned.
    static func progressTap(_ degrees: Int) -> ChannelConfiguration {
        ChannelConfiguration(channel: ChannelConfiguration.navigationChannel, pattern: .singleShort,
                             orientation: .angle(degrees % 360), iterations: 1, periodMilliseconds: 500)
    }

    private func finish(_ session: CompassCalibrationSession, driver: any CompassDriver,
                        store: CompassCalibrationStore) throws {
        let calibration: CompassCalibration
        do {
            calibration = try session.finish(chip: driver.chip, address: Int(driver.address),
                                             fittedAt: Date().timeIntervalSince1970)
        } catch {
            report(nil, session: session, stored: false, problem: "\(error)")
            throw ExitCode.failure
        }
        let good = calibration.quality.isGood
        guard good || acceptPoor else {
            report(calibration, session: session, stored: false, problem: Self.poorFit(calibration.quality))
            throw ExitCode.failure
        }
        do {
            if let warning = try store.save(calibration) { printError("wayfinder calibrate compass: warning: \(warning)") }
        } catch {
            report(calibration, session: session, stored: false, problem: "cannot store it: \(error)")
            throw ExitCode(73)  // EX_CANTCREAT
        }
        report(calibration, session: session, stored: true, problem: good ? nil : Self.poorFit(calibration.quality), path: store.path)
    }

    static func poorFit(_ q: CompassFitQuality) -> String {
        CFormat.string("the fit is poor (spread %.1f %%, the limit is %.0f %%; coverage %.0f°, the minimum is %.0f°): ",
               q.relativeSpread * 100, CompassFitQuality.maximumSpread * 100, q.coverageDegrees, CompassFitQuality.minimumCoverage)
            + "turn more slowly, away from steel and magnets, and try again"
    }

    private func report(_ c: CompassCalibration?, session: CompassCalibrationSession, stored: Bool, problem: String?,
                        path: String? = nil) {
        if json {
            func numbers(_ values: [Double]) -> JSONValue { .array(values.map(JSONValue.number)) }
            var object: [String: JSONValue] = [
                "stored": .bool(stored), "samples_read": .int(session.received), "samples_kept": .int(session.kept.count),
                "samples_rejected": .int(session.rejected), "turned_deg": .number(Double(session.coveredDegrees)),
            ]
            if let c {
                object["model"] = .string(c.model.rawValue)
                object["offset_uT"] = numbers([c.offset.x, c.offset.y, c.offset.z])
                object["soft_iron"] = .array(c.softIron.rows.map(numbers))
                object["field_strength_uT"] = .number(c.fieldStrength)
                object["relative_spread"] = .number(c.quality.relativeSpread)
                object["coverage_deg"] = .number(c.quality.coverageDegrees)
                object["good"] = .bool(c.quality.isGood)
            }
            if let problem { object["problem"] = .string(problem) }
            if let path { object["path"] = .string(path) }
            print(JSONText.encode(JSONValue.object(object)))
            return
        }
        if let c {
            print("fit: \(c.model.rawValue), "
                  + CFormat.string("offset (%.1f, %.1f, %.1f) µT, field %.1f µT, spread %.1f %%, coverage %.0f°, ",
                                   c.offset.x, c.offset.y, c.offset.z, c.fieldStrength,
                                   c.quality.relativeSpread * 100, c.quality.coverageDegrees)
                  + "\(c.quality.samples) samples")
        }
        if let problem { printError("wayfinder: \(problem)") }
        if stored, let path { print("stored in \(path)") }
    }
}
