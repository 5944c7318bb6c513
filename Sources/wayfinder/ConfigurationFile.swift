import ArgumentParser
import Config
import Simulation

/// The configuration as every command loads it: boards from the standard places, and on failure
/// every problem printed with what to do next, then exit 78 (EX_CONFIG).
enum ConfigurationFile {
    static var loader: ConfigurationLoader {
        ConfigurationLoader.appliance(boards: .standard(environment: ProcessEnvironment.current,
                                              executablePath: ProcessEnvironment.executablePath))
    }

    /// `advice` is the command's own next step, printed after the problems.
    static func load(_ path: String, command: String = "wayfinder", advice: String? = nil) throws -> WayfinderConfiguration {
        do {
            return try loader.load(path: path)
        } catch {
            printError("\(command): \(error)" + (advice.map { "\n\(command): \($0)" } ?? ""))
            throw ExitCode(ExitStatus.configuration)
        }
    }
}
