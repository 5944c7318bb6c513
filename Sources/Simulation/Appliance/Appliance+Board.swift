import Config
import Logging
import Runtime

extension Appliance {
    /// The appliance on the board its configuration names: the simulated board's inputs come from
    /// `SimulatedInputs`, a Pi's from `Appliance.build`'s own `HardwareInputs`. The simulated board is
    /// returned too (nil on hardware), for whoever looks at the simulated world: the demo's summary,
    /// the benchmarks, the tests.
    package static func buildOnConfiguredBoard(configuration config: WayfinderConfiguration, options: Options = Options(),
                                              makeLogger: @escaping @Sendable (String) -> Logger) throws
        -> (appliance: Appliance, board: SimulatedBoard?) {
        var options = options
        // A reload reads the file again; it must read the [simulation] table too, whoever built the options.
        if !options.configurationLoader.tables.contains(where: { $0.name == SimulationConfiguration.name }) {
            options.configurationLoader.tables.append(SimulationConfiguration.self)
        }
        guard config.board.isSimulated else {
            return (try Appliance.build(configuration: config, options: options, makeLogger: makeLogger), nil)
        }
        guard let simulation = config.simulation else {
            throw HardwareStartupError(device: "board", problem: "board = \"\(config.board.id)\" is simulated but the "
                                           + "configuration has no [simulation] table to run it")
        }
        // The simulated inputs read the compass calibration from the state directory: refused first.
        if let refusal = StateDirectory.refusal(for: options.stateDirectory ?? config.stateDirectory) { throw refusal }
        let (inputs, board) = SimulatedInputs.make(configuration: config, simulation: simulation, options: options,
                                                   makeLogger: makeLogger)
        return (try Appliance.build(configuration: config, options: options, inputs: inputs, makeLogger: makeLogger), board)
    }
}
