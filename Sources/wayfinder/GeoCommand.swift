import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Navigation
import Platform

/// `wayfinder geo inverse|direct|declination`: the geodesy and the magnetic model at the command
/// line, for checking them against GeographicLib's GeodSolve and NOAA's calculator.
struct GeoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geo",
        abstract: "WGS84 geodesics (Karney) and WMM2025 magnetic declination.",
        discussion: """
        Each subcommand takes its problem as arguments and answers in words, or as a JSON object with \
        --json. With --batch it reads one problem per line on stdin (whitespace-separated, in the \
        argument order) and prints one JSON line per problem; a bad line prints \
        {"error":"…","line":N} in its place and the rest go on; blank lines are skipped. Exits 1 if \
        any problem failed. Negative numbers are fine as arguments: geo inverse -33.9 151.2 51.5 -0.1.
        """,
        subcommands: [Inverse.self, Direct.self, Declination.self])

    struct Inverse: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "inverse",
            abstract: "Distance and azimuths between two points (JSON keys azi1_deg, azi2_deg, distance_m).",
            usage: """
                wayfinder geo inverse <lat1> <lon1> <lat2> <lon2> [--json]
                wayfinder geo inverse --batch < LINES
                """,
            discussion: """
            Azimuths are degrees clockwise from true north in (-180, 180], in words and in JSON alike \
            (negative: anticlockwise, west of north), as GeographicLib's GeodSolve gives them; azi2 is \
            the direction of travel on arrival. Batch lines: LAT1 LON1 LAT2 LON2.
            """)

        @Flag(help: "Read one problem per line on stdin (JSON lines out).")
        var batch = false

        @Flag(help: "Print the answer as a JSON object.")
        var json = false

        // `.allUnrecognized` so that "-33.9" is a value, not an unknown option
        // (apple/swift-argument-parser#31).
        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The two points, degrees.", valueName: "lat1> <lon1> <lat2> <lon2"))
        var values: [String] = []

        func validate() throws { try GeoCommand.validate(values, batch: batch, names: "LAT1 LON1 LAT2 LON2") }
        func run() throws { try GeoCommand.solve(batch ? nil : values, json: json || batch, GeoLines.inverse) }
    }

    struct Direct: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "direct",
            abstract: "Where a geodesic ends (JSON keys azi2_deg, lat2_deg, lon2_deg).",
            usage: """
                wayfinder geo direct <lat> <lon> <azi> <dist-m> [--json]
                wayfinder geo direct --batch < LINES
                """,
            discussion: """
            AZI is degrees clockwise from true north, DIST_M metres (negative goes backwards). The \
            direction of travel on arrival, azi2, is in (-180, 180], in words and in JSON alike, as \
            geo inverse gives azimuths. Batch lines: LAT LON AZI DIST_M.
            """)

        @Flag(help: "Read one problem per line on stdin (JSON lines out).")
        var batch = false

        @Flag(help: "Print the answer as a JSON object.")
        var json = false

        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The start, the azimuth and the distance.", valueName: "lat> <lon> <azi> <dist-m"))
        var values: [String] = []

        func validate() throws { try GeoCommand.validate(values, batch: batch, names: "LAT LON AZI DIST_M") }
        func run() throws { try GeoCommand.solve(batch ? nil : values, json: json || batch, GeoLines.direct) }
    }

    struct Declination: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "declination",
            abstract: "Magnetic declination from WMM2025, east positive (JSON key declination_deg).",
            usage: """
                wayfinder geo declination <lat> <lon> [--date <date>]
                                          [--altitude-km <altitude-km>] [--json]
                wayfinder geo declination --batch < LINES
                """,
            discussion: """
            Latitude and longitude are WGS84 degrees; the altitude is km above the ellipsoid (what a GPS reports), \
            -1 to 1900. The model is valid from 2025-01-01 to 2029-12-31; other dates are refused, as is a \
            geographic pole, where declination is undefined. Without --date, today (UTC) is used. \
            Batch lines: LAT LON ALT_KM YYYY-MM-DD.
            """)

        @Flag(help: "Read one problem per line on stdin (JSON lines out).")
        var batch = false

        @Flag(help: "Print the answer as a JSON object.")
        var json = false

        @Option(help: "Height above the WGS84 ellipsoid, km.")
        var altitudeKm: Double = 0

        @Option(help: "The date, YYYY-MM-DD (default: today, UTC).")
        var date: String?

        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The place, degrees.", valueName: "lat> <lon"))
        var values: [String] = []

        func validate() throws {
            try GeoCommand.validate(values, batch: batch, names: "LAT LON")
            if batch, date != nil || altitudeKm != 0 {
                throw ValidationError("with --batch, each line gives its own altitude and date (LAT LON ALT_KM YYYY-MM-DD)")
            }
        }

        func run() throws {
            if batch { return try GeoCommand.solve(nil, json: true, GeoLines.declination) }
            try GeoCommand.solve(values, json: json) { fields in
                try GeoLines.expect(fields, names: ["LAT", "LON"])
                let year: Double
                if let date {
                    year = try DecimalYear.from(isoDate: date)
                } else {
                    guard let now = DecimalYear.from(secondsSince1970: Date().timeIntervalSince1970) else {
                        throw GeoLines.LineError("the system clock gives no usable date; pass --date")
                    }
                    year = now
                }
                return try GeoLines.declination(latitude: try GeoLines.latitude(fields[0], "LAT"),
                                                longitude: try GeoLines.longitude(fields[1], "LON"),
                                                altitude: altitudeKm, decimalYear: year)
            }
        }
    }

    /// Arguments xor --batch, and the right number of them.
    static func validate(_ values: [String], batch: Bool, names: String) throws {
        let count = names.split(separator: " ").count
        if batch {
            guard values.isEmpty else { throw ValidationError("--batch reads \(names) from stdin; give no values as arguments") }
        } else if values.count != count {
            let got = values.isEmpty ? "none" : "\(values.count): \(values.joined(separator: " "))"
            throw ValidationError("expected \(names) (\(count) values), got \(got)")
        }
    }

    /// One problem from `arguments`, or (nil) every non-blank stdin line; exits 1 if any failed.
    static func solve(_ arguments: [String]?, json: Bool, _ solve: ([String]) throws -> [(String, Double)]) throws {
        var failed = false
        if let arguments {
            do {
                let answer = try solve(arguments)
                emit(json ? GeoLines.render(answer) : GeoLines.human(answer))
            } catch {
                if json { emit(GeoLines.error(error)) } else { printError("wayfinder: \(error)") }
                failed = true
            }
        } else {
            var number = 0
            while let line = readLine() {
                number += 1
                let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
                if fields.isEmpty { continue }
                do { emit(GeoLines.render(try solve(fields))) } catch { emit(GeoLines.error(error, line: number)); failed = true }
            }
        }
        if failed { throw ExitCode(1) }
    }

    static func emit(_ line: String) {
        StandardStream.output.write(line + "\n")
    }
}
