import ArgumentParser
import Gestures
import Navigation
import Platform
import Routing
import RoutingPlatform
import Vocabulary

/// `wayfinder route plan`: a route on a map made by `wayfinder map import`, planned by Routino's
/// router and described for the walker (docs/routing.md).
struct RoutePlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Plan a walking route on a map and write it as GPX.",
        usage: """
            wayfinder route plan --map <dir> --from <lat,lon|place>
                                 --to <lat,lon|place> [--profile <profile>]
                                 [--avoid-steps] [--output <file>]
                                 [--config <config>] [--json]
            """,
        discussion: """
        Plans the shortest route for the profile with Routino's router on a map made by `wayfinder \
        map import`, then names what the walker meets: turns, crossings (with their signals, sound, \
        tactile paving and kerbs when the map says), steps and barriers. Prints the distance and the \
        instructions; -o writes a GPX route whose points are the instructions and the shape points \
        between them, which `[route] gpx` can walk.

        LAT,LON is in decimal degrees, latitude first; a PLACE is a name of the configuration's \
        [places] table.

        Exit status: 0 planned, 1 no route (off the map, unconnected, steps avoided), 64 bad \
        arguments, 66 no usable map, 69 Routino not installed.

        Examples:
          wayfinder route plan --map monaco --from 43.7394,7.4282 --to 43.7312,7.4198
          wayfinder route plan --map monaco --from 43.7394,7.4282 --to home \\
            --avoid-steps -o home.gpx
        """)

    @Option(help: ArgumentHelp("The map directory (wayfinder map import).", valueName: "dir"))
    var map: String

    @Option(help: ArgumentHelp("Where the route starts.", valueName: "lat,lon|place"))
    var from: String

    @Option(help: ArgumentHelp("Where it ends.", valueName: "lat,lon|place"))
    var to: String

    @Option(help: ArgumentHelp("foot or wheelchair (never steps).", valueName: "profile"))
    var profile: String = RoutingProfile.foot.rawValue

    @Flag(help: "Keep off steps on foot.")
    var avoidSteps = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the route as GPX to this file.", valueName: "file"))
    var output: String?

    @Option(name: .shortAndLong,
            help: ArgumentHelp("The configuration whose [places] names places.", valueName: "config"))
    var config: String?

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    func run() throws {
        guard let profile = RoutingProfile(rawValue: profile) else {
            printError("error: --profile \(self.profile): say foot or wheelchair\(Suggestion.hint(for: self.profile, in: RoutingProfile.allCases.map(\.rawValue)))")
            throw ExitCode.validationFailure
        }
        let start: RouteEndpoint, end: RouteEndpoint
        do {
            start = try RouteEndpoint.parse(from)
            end = try RouteEndpoint.parse(to)
        } catch {
            printError("error: \(error)")
            throw ExitCode.validationFailure
        }
        let places = try PlacesFile.book(for: [start, end], config: config)
        let origin: Coordinate, destination: Coordinate
        do {
            origin = try places.resolve(start)
            destination = try places.resolve(end)
        } catch {
            printError("error: \(error)")
            throw ExitCode.validationFailure
        }

        let installed: String?
        do {
            installed = try RoutinoPrograms.debian.routinoVersion()
        } catch {
            printError("error: \(error)")
            throw ExitCode(69)
        }
        let directory: MapDirectory, index: MapIndex
        do {
            directory = try MapDirectory.open(map, installedRoutino: installed)
            index = try directory.features()
        } catch {
            printError("error: \(error)")
            throw ExitCode(66)
        }
        let destinationName: String? = if case .place(let name) = end { name } else { nil }
        let route: PlannedRoute
        do {
            route = try RoutePlanner().plan(on: directory, index: index, from: origin, to: destination, profile: profile,
                                            avoidSteps: avoidSteps, destinationName: destinationName)
        } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
        let name = "to \(end)"
        if let output {
            do {
                _ = try AtomicFile.write(Array(PlannedRouteGPX.document(route, name: name).utf8), to: output, permissions: 0o644)
            } catch {
                printError("error: cannot write \(output): \(error)")
                throw ExitCode(73)
            }
        }
        if json {
            print(JSONText.encode(RoutePlanLines.json(route, profile: profile, gpx: output)))
        } else {
            for line in RoutePlanLines.describe(route, profile: profile, from: start, to: end) { print(line) }
            if let output { print("wrote \(output) (\(route.waypoints.count) points)") }
        }
    }
}

/// What `route plan` prints.
enum RoutePlanLines {
    static func describe(_ route: PlannedRoute, profile: RoutingProfile, from: RouteEndpoint, to: RouteEndpoint) -> [String] {
        var lines = ["\(DistanceFormat.text(metres: route.lengthMetres)) \(profile == .foot ? "on foot" : "by wheelchair") from \(from) to \(to): "
                     + "\(count(route.turns, "turn")), \(count(route.crossings, "crossing")), \(count(route.steps, "flight", "flights")) of steps"]
        for instruction in route.instructions {
            let distance = DistanceFormat.text(metres: instruction.alongMetres)
            lines.append(String(repeating: " ", count: max(0, 9 - distance.count)) + distance + "  " + instruction.text)
        }
        for (offset, what) in [(route.startOffsetMetres, "start"), (route.endOffsetMetres, "destination")] where offset >= 10 {
            lines.append("note: the route's \(what) is \(DistanceFormat.text(metres: offset)) from the point asked for (the nearest way)")
        }
        return lines
    }

    static func json(_ route: PlannedRoute, profile: RoutingProfile, gpx: String?) -> JSONValue {
        .object([
            "profile": .string(profile.rawValue),
            "distance_m": .number((route.lengthMetres * 10).rounded() / 10),
            "turns": .int(route.turns), "crossings": .int(route.crossings), "steps": .int(route.steps), "barriers": .int(route.barriers),
            "start_offset_m": .number((route.startOffsetMetres * 10).rounded() / 10),
            "end_offset_m": .number((route.endOffsetMetres * 10).rounded() / 10),
            "points": .int(route.waypoints.count),
            "gpx": gpx.map { .string($0) } ?? .null,
            "instructions": .array(route.instructions.map { instruction in
                .object(["along_m": .number((instruction.alongMetres * 10).rounded() / 10), "kind": .string(instruction.kindName),
                         "text": .string(instruction.text), "way": instruction.way.map { .string($0) } ?? .null,
                         "lat": .number(instruction.coordinate.latitude), "lon": .number(instruction.coordinate.longitude)])
            }),
        ])
    }

    static func count(_ n: Int, _ one: String, _ many: String? = nil) -> String {
        "\(n) \(n == 1 ? one : many ?? one + "s")"
    }
}
