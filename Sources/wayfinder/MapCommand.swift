import ArgumentParser
import Gestures
import Navigation
import Platform
import Routing
import RoutingPlatform
import Vocabulary

/// `wayfinder map`: maps for planning routes on the device, built from OpenStreetMap extracts with
/// Routino (docs/routing.md).
struct MapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Build and inspect maps for planning routes (Routino, OpenStreetMap).",
        subcommands: [Import.self, Info.self])

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Build a map from an OpenStreetMap extract (.osm.pbf or .osm).",
            discussion: """
            Builds Routino's routing database with its planetsplitter, and an index of what the \
            database does not keep (crossings, steps, barriers, the streets' lines) with osmium; both \
            are Debian packages (routino, osmium-tool). The map is built beside DIR and renamed into \
            place, so a failed import leaves an earlier map whole. A map is usually built on a laptop \
            and copied to the Pi: it must be built by the same Routino version the Pi has \
            (`wayfinder map info` says which built it).

            Examples:
              wayfinder map import monaco.osm.pbf                 makes ./monaco
              wayfinder map import city.osm.pbf --to /var/lib/wayfinder/maps/city
            """)

        @Argument(help: "The OpenStreetMap extract: .osm.pbf, .osm, .o5m (also .bz2, .gz).")
        var file: String

        @Option(help: ArgumentHelp("The map directory to make (default: the file's name, here).", valueName: "dir"))
        var to: String?

        @Flag(help: "Print the result as one JSON object.")
        var json = false

        func run() throws {
            let destination = to ?? Self.defaultDirectory(for: file)
            let report: MapImportReport
            do {
                report = try MapImporter().importMap(from: file, to: destination)
            } catch {
                printError("error: \(error)")
                throw ExitCode(MapLines.exitCode(error))
            }
            let manifest = report.manifest
            if json {
                var object = MapLines.json(manifest, directory: destination)
                object["seconds"] = .number(report.seconds)
                object["planetsplitter_seconds"] = .number(report.planetsplitterSeconds)
                object["osmium_seconds"] = .number(report.osmiumSeconds)
                print(JSONText.encode(JSONValue.object(object)))
                return
            }
            print("imported \(manifest.source) into \(destination) in \(MapLines.seconds(report.seconds)) "
                  + "(planetsplitter \(MapLines.seconds(report.planetsplitterSeconds)), osmium \(MapLines.seconds(report.osmiumSeconds)))")
            for line in MapLines.describe(manifest) { print("  " + line) }
            print("copy it to the Pi into /var/lib/wayfinder/maps/\(MapLines.baseName(destination))/ (docs/routing.md says how)")
        }

        /// `monaco.osm.pbf` → `monaco`: the file's name without the OpenStreetMap extensions.
        static func defaultDirectory(for file: String) -> String {
            var name = MapLines.baseName(file)
            for suffix in [".bz2", ".gz", ".pbf", ".o5m", ".osm", ".osm"] where name.hasSuffix(suffix) && name.count > suffix.count {
                name = String(name.dropLast(suffix.count))
            }
            return name
        }
    }

    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "info",
            abstract: "Say what a map holds and whether this machine can plan on it.",
            discussion: """
            Prints the map's source, the Routino version that built it, its area, its files and what \
            its index counts, then checks it: every file present with the size the import wrote, and \
            built by the Routino installed here. Exit status 0 when the map can be used, 1 when not.
            """)

        @Argument(help: ArgumentHelp("The map directory.", valueName: "dir"))
        var directory: String

        @Flag(help: "Print the result as one JSON object.")
        var json = false

        func run() throws {
            // Read without the version check first, so the map is described even when it cannot be used.
            let map: MapDirectory
            do {
                map = try MapDirectory.open(directory, installedRoutino: nil)
            } catch {
                printError("error: \(error)")
                throw ExitCode(1)
            }
            let installed = try? RoutinoPrograms.debian.routinoVersion()
            var problems: [String] = []
            if installed == nil {
                problems.append("Routino is not installed here (Debian: apt install routino), so no route can be planned on this machine")
            } else {
                do { _ = try MapDirectory.open(directory, installedRoutino: installed) } catch {
                    if case .unusable(_, let found) = error { problems = found } else { problems = ["\(error)"] }
                }
            }
            if json {
                var object = MapLines.json(map.manifest, directory: directory)
                object["installed_routino"] = installed.map { .string($0) } ?? .null
                object["problems"] = .array(problems.map { .string($0) })
                print(JSONText.encode(JSONValue.object(object)))
            } else {
                print("\(directory): from \(map.manifest.source), built \(map.manifest.built)")
                for line in MapLines.describe(map.manifest) { print("  " + line) }
                print(problems.isEmpty ? "ready: Routino \(map.manifest.routinoVersion) is installed here" : "cannot be used here:")
                for problem in problems { print("  - " + problem) }
            }
            if !problems.isEmpty { throw ExitCode(1) }
        }
    }
}

/// What `map import` and `map info` print about a map.
enum MapLines {
    static func describe(_ manifest: MapManifest) -> [String] {
        let database = manifest.files.filter { MapManifest.databaseFiles.contains($0.name) }.reduce(0) { $0 + $1.bytes }
        let all = manifest.files.reduce(0) { $0 + $1.bytes }
        var lines = ["Routino \(manifest.routinoVersion) database \(bytes(database)); \(bytes(all)) in all"]
        let counted = ["crossings", "steps", "barriers", "streets"].compactMap { name in manifest.count(name).map { "\($0) \(name)" } }
        if !counted.isEmpty { lines.append("index: " + counted.joined(separator: ", ")) }
        if let area = manifest.area {
            lines.append("area: \(degrees(area.south))…\(degrees(area.north)) latitude, \(degrees(area.west))…\(degrees(area.east)) longitude")
        }
        return lines
    }

    static func json(_ manifest: MapManifest, directory: String) -> [String: JSONValue] {
        var object: [String: JSONValue] = [
            "directory": .string(directory), "source": .string(manifest.source), "routino": .string(manifest.routinoVersion),
            "built": .string(manifest.built),
            "files": .object(Dictionary(uniqueKeysWithValues: manifest.files.map { ($0.name, JSONValue.int($0.bytes)) })),
            "counts": .object(Dictionary(uniqueKeysWithValues: manifest.counts.map { ($0.name, JSONValue.int($0.value)) })),
            "bytes": .int(manifest.files.reduce(0) { $0 + $1.bytes }),
        ]
        if let area = manifest.area {
            object["area"] = .object(["south": .number(area.south), "west": .number(area.west),
                                      "north": .number(area.north), "east": .number(area.east)])
        }
        return object
    }

    /// Decimal units, as `ls -h --si` and Debian's package sizes.
    static func bytes(_ count: Int) -> String {
        if count < 1000 { return "\(count) B" }
        if count < 1_000_000 { return "\(GPXTrackFormat.fixed(Double(count) / 1000, 1)) kB" }
        return "\(GPXTrackFormat.fixed(Double(count) / 1_000_000, 1)) MB"
    }

    static func seconds(_ value: Double) -> String { "\(GPXTrackFormat.fixed(value, 2)) s" }

    static func degrees(_ value: Double) -> String { GPXTrackFormat.fixed(value, 4) }

    static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// sysexits.h: a missing program is EX_UNAVAILABLE (69), a file that is not OSM EX_DATAERR (65),
    /// an unreadable one EX_NOINPUT (66), a destination that cannot be written EX_CANTCREAT (73).
    static func exitCode(_ error: MapImportError) -> Int32 {
        switch error {
        case .sourceUnreadable: return 66
        case .notOSM, .noWays: return 65
        case .destinationNotAMap, .destinationUnusable: return 73
        case .program, .unknownRoutinoVersion: return 69
        case .programFailed: return 1
        }
    }
}
