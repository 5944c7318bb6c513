import ArgumentParser

@main
struct Wayfinder: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wayfinder",
        abstract: "Guides a walker with a vibrating belt: GPS and compass in, directions out.",
        version: "0.1.0",
        subcommands: [Run.self, ConfigCommand.self, BoardCommand.self, BeltCodecCommand.self, ScanCommand.self, PairCommand.self, GPSCommand.self, GeoCommand.self, RouteCommand.self, CalibrateCommand.self, GesturesCommand.self],
        defaultSubcommand: Run.self)
}
