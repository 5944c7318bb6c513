import Config
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import Navigation
import Platform
import Runtime

/// The simulated board's inputs: its walker's GPS and compass read over the board's simulated I2C bus
/// through the real drivers and parsers (`SimulatedSensorInputs`), scripted presses, and the belt, the
/// touch case and the Pencil reached through their real bytes (the GATT link runs the handshake and the codec against the
/// simulated belt's GATT server, exactly as it will against a belt over BLE).
package enum SimulatedInputs {
    /// The inputs for `Appliance.build`, and the board behind them (for the demo's summary and the
    /// tests, which look at the simulated world).
    package static func make(configuration config: WayfinderConfiguration, simulation: SimulationConfiguration,
                            options: Appliance.Options, makeLogger: @escaping @Sendable (String) -> Logger)
        -> (inputs: ApplianceInputs, board: SimulatedBoard) {
        let route = config.route
        let clock = options.clock ?? .paced(upTo: options.acceleration ?? simulation.acceleration,
                                            watching: [EventLoop.shared, EventLoop.peripherals])
        // The simulated field follows the World Magnetic Model at the start when the guidance does, so
        // the simulated compass and the guidance agree as a real belt and the model would.
        let utcAtStart = Date().timeIntervalSince1970
        var declination = config.guidance.declination
        if config.guidance.declinationFromModel, let start = simulation.start ?? route.waypoints.first?.coordinate,
           let year = DecimalYear.from(secondsSince1970: utcAtStart),
           let model = try? Declination.worldMagneticModel(at: start, altitude: nil, decimalYear: year) {
            declination = model.degrees
        }
        let world = SimulatedWorld(route: route, configuration: simulation, declination: declination, utcAtStart: utcAtStart,
                                   field: SimulatedSensorInputs.earthField(route: route, utcSeconds: utcAtStart))
        let board = SimulatedBoard(world: world, clock: clock, logger: makeLogger("sim"))
        let sensors = SimulatedSensorInputs.make(board: board, config: config,
                                                 stateDirectory: options.stateDirectory ?? config.stateDirectory,
                                                 clock: clock, makeLogger: makeLogger)
        // The case and the pen are GATT servers on socketpairs, so their actors run the real protocols.
        let touchCase = config.touchCase.enabled
            ? board.touchCase.connector(clock: clock, logger: makeLogger("touch-case-link")) : nil
        let penRadio = config.pencil.enabled ? board.pencil.radio(clock: clock, logger: makeLogger("pencil-radio")) : nil
        var inputs = ApplianceInputs(clock: clock, linkClock: .continuous(), fixes: sensors.fixes, headings: sensors.headings,
                                     buttonEdges: board.buttonEdges, beltConnector: SimulatedBeltGATTConnector(board: board),
                                     touchCaseConnector: touchCase, penRadio: penRadio,
                                     pencilCentralID: SimulatedBoard.pencilCentralID, pairedPen: board.pencil.address,
                                     boardRun: {
                                         // The appliance's services prefer its loop; the board's nonisolated
                                         // awaits (its timer task's value) would run there and hop back.
                                         try await withTaskExecutorPreference(board.executor) { try await board.run() }
                                     },
                                     injectedFailures: board.actorFailures)
        inputs.headingDemand = sensors.headingDemand
        inputs.fixDemand = sensors.fixDemand
        inputs.beltListener = SimulatedBeltGATTConnector(board: board)
        let firmware = board.piFirmware
        inputs.piSupply = { firmware.read() }
        return (inputs, board)
    }
}
