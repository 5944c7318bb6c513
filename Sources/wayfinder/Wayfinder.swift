import ArgumentParser
import Platform

@main
struct Wayfinder: AsyncParsableCommand {
    // No default subcommand: a bare `wayfinder` prints this help, and a mistyped command is named as
    // such rather than taken for an argument of `run` (systemd's unit says `wayfinder run`).
    // Every command sets `commandName`: without it ArgumentParser derives the name from
    // `String(describing:)` of the type, whose dynamic casts cost about 1.5 M instructions per
    // command on every start (callgrind), 17 M for the whole tree.
    static let configuration = CommandConfiguration(
        commandName: "wayfinder",
        abstract: "Guides a walker with a vibrating belt: GPS and compass in, directions out.",
        version: "0.1.0",
        subcommands: [Run.self, StatusCommand.self, ControlCommandLine.self, ConfigCommand.self, BoardCommand.self, BeltCodecCommand.self, ScanCommand.self, PairCommand.self, GPSCommand.self, GeoCommand.self, RouteCommand.self, MapCommand.self, ReportCommand.self, CalibrateCommand.self, GesturesCommand.self, RecordCommand.self, UploadCommand.self])

    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let message = UnknownSubcommand.message(for: arguments, root: Self.self) {
            LineLogHandler.standardError(message)
            // ArgumentParser's status for usage errors: 64, EX_USAGE in sysexits.h.
            exit(withError: ExitCode.validationFailure)
        }
        // The appliance runs the runtime's global jobs on threads of its own (GlobalJobPool): installed
        // here, on the main thread, before the first hop to the global executor, or libdispatch's
        // workqueue monitor would already wake the process every second for the rest of its life.
        if arguments.first == "run" { GlobalJobPool.install() }
        await main(arguments)
    }
}
