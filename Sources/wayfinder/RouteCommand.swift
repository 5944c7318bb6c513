import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Gestures
import Navigation
import Platform

/// `wayfinder route show FILE.gpx`: the route a GPX file gives, as the belt will walk it. Legs with
/// their geodesic length and true initial bearing, so an operator can check a file before a walk.
struct RouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Inspect GPX routes, and plan routes on a map.",
        subcommands: [Show.self, RoutePlanCommand.self])

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print a GPX file's route: its legs with distances (m) and true bearings (°).",
            discussion: """
            The route is chosen as the navigation does: the first <rte> with points, else the first <trk>, else the <wpt>s. \
            Distances and bearings are WGS84 geodesics (Karney); the bearing is the initial true bearing of the leg, \
            in [0, 360). --json prints one object per leg, then a summary line. A malformed file prints the parser's \
            error (file, line, what is wrong) and exits 1.
            """)

        @Argument(help: "The GPX file.")
        var file: String

        @Flag(help: "One JSON object per leg instead of a table.")
        var json = false

        func run() throws {
            let route: Route
            let data = try InputFile.reporting { try InputFile.read(file) }
            do {
                route = try GPXParser.parse(data: Data(data), source: file)
            } catch {
                printError("\(error)")
                throw ExitCode(1)
            }
            let points = route.waypoints
            var total = 0.0
            var lines: [String] = []
            if !json {
                lines.append("\(route.name.map { "\"\($0)\"" } ?? "unnamed") (\(route.kind.rawValue), \(points.count) points)")
            }
            for index in points.indices.dropLast() {
                let from = points[index], to = points[index + 1]
                let leg = Geodesic.wgs84.inverse(from: from.coordinate, to: to.coordinate)
                let bearing = Bearing.normalized(leg.initialAzimuth)
                total += leg.distance
                let fromName = from.name ?? "#\(index + 1)", toName = to.name ?? "#\(index + 2)"
                if json {
                    lines.append(JSONText.encode(JSONValue.object([
                        "leg": .int(index + 1), "from": .string(fromName), "to": .string(toName),
                        "distance_m": .number(leg.distance), "bearing_deg": .number(bearing)])))
                } else {
                    lines.append("\(pad(index + 1, 3)). \(fromName) → \(toName): \(fixed(leg.distance, 1)) m, bearing \(fixed(bearing, 1))° true")
                }
            }
            let summary: JSONValue = .object(["summary": .object(["legs": .int(max(0, points.count - 1)),
                                                                  "distance_m": .number(total)])])
            lines.append(json ? JSONText.encode(summary)
                              : "total \(fixed(total, 1)) m over \(max(0, points.count - 1)) legs")
            StandardStream.output.write(lines.joined(separator: "\n") + "\n")
        }

        private func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: " ", count: max(0, width - s.count)) + s
        }

        private func fixed(_ value: Double, _ decimals: Int) -> String {
            CFormat.string("%.*f", Int32(decimals), value)
        }
    }
}
