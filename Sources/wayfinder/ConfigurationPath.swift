import ArgumentParser
import Config

/// The configuration file as `run`, `board check` and `config check` take it: the path as the
/// argument, or with -c/--config as every other command takes it. One or the other: given both,
/// which one was meant is not ours to guess.
struct ConfigurationPath: ParsableArguments {
    @Argument(help: ArgumentHelp("The configuration file (or give it with -c).", valueName: "config"))
    var file: String?

    @Option(name: .shortAndLong,
            help: ArgumentHelp("The configuration file (default: \(WayfinderConfiguration.defaultPath)).", valueName: "config"))
    var config: String?

    func validate() throws {
        if let file, let config {
            throw ValidationError("give the configuration file once, as the argument or with -c, not both (got \(file) and -c \(config))")
        }
    }

    var path: String { config ?? file ?? WayfinderConfiguration.defaultPath }
}
