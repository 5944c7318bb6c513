import ArgumentParser
import Config

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Work with the configuration file.",
        subcommands: [Check.self])

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check a configuration file and report every problem at once.",
            discussion: "Exits 0 when the file is valid, 78 (EX_CONFIG) when it is not.")

        @Argument(help: "The configuration file (or give it with -c, as the other commands take it).")
        var file: String?

        @Option(name: .shortAndLong, help: "The configuration file.")
        var config: String?

        func validate() throws {
            if let file, let config, file != config {
                throw ValidationError("give the configuration file once: \(file) as an argument and \(config) with -c")
            }
        }

        var path: String { config ?? file ?? WayfinderConfiguration.defaultPath }

        func run() throws {
            let path = self.path
            let loader = ConfigurationFile.loader
            do {
                let c = try loader.load(path: path)
                print("\(path): OK")
                print("  board      \(c.board.id) (\(c.board.name))")
                print("  route      \(c.routePath) (\(c.route.waypoints.count) waypoints)")
                let declination = c.guidance.declinationFromModel
                    ? "declination from WMM2025 at each fix (\(Self.degrees(c.guidance.declination)) until the first)"
                    : "declination fixed at \(Self.degrees(c.guidance.declination))"
                print("  heading    \(c.guidance.headingSource.rawValue), \(declination)")
                print("  buttons    \(c.buttons.bindings.map(Self.summary).joined(separator: ", "))")
                print("  gestures   \((c.gestures.bindings.map(\.description) + c.gestures.clicks.sorted { $0.key.configName < $1.key.configName }.map { "\($0.key) → \($0.value)" }).joined(separator: ", "))")
                if c.touchCase.enabled {
                    let t = c.touchCaseSettings
                    print("  touch case \(t.sides.map(\.rawValue).sorted().joined(separator: "+")), \(t.touchesPerSide) per side, power saving \(t.powerSaving ? "on" : "off")")
                }
                print("  track      \(c.track.summary)")
                if let s = c.simulation { print("  simulation \(s.acceleration)×, \(s.events.count) scripted events") }
            } catch {
                printError("\(error)")
                throw ExitCode(ExitStatus.configuration)
            }
        }

        /// `3.2° east`, `1.5° west`.
        static func degrees(_ value: Double) -> String {
            let tenths = (abs(value) * 10).rounded() / 10
            return "\(tenths)° \(value < 0 ? "west" : "east")"
        }

        /// "GPIO17→toggle-pause/stop (double: belt-home)": press, long press, double press.
        static func summary(_ b: ButtonBinding) -> String {
            var s = "GPIO\(b.line)→\(b.press?.configName ?? "-")"
            if let long = b.longPress { s += "/\(long.configName)" }
            if let double = b.doublePress { s += " (double: \(double.configName))" }
            return s
        }
    }
}
