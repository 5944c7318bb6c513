import ArgumentParser
import Config

/// The configuration file as `run`, `board check` and `config check` take it: the path as the
/// argument, or with -c/--config as every other command takes it. One or the other: given both,
/// which one was meant is not ours to guess.
struct ConfigurationPath: ParsableArguments {
    @Argument(help: Self.fileHelp)
    var file: String?

    @Option(name: .shortAndLong, help: Self.configHelp)
    var config: String?

    static let fileHelp = ArgumentHelp("The configuration file (or give it with -c).", valueName: "config")
    static let configHelp = ArgumentHelp("The configuration file (default: \(WayfinderConfiguration.defaultPath)).",
                                         valueName: "config")

    func validate() throws {
        try Self.validate(file: file, config: config)
    }

    var path: String { Self.path(file: file, config: config) }

    /// For a command that declares the two itself (`run`).
    static func validate(file: String?, config: String?) throws {
        if let file, let config {
            throw ValidationError("give the configuration file once, as the argument or with -c, not both (got \(file) and -c \(config))")
        }
    }

    static func path(file: String?, config: String?) -> String { config ?? file ?? WayfinderConfiguration.defaultPath }
}
