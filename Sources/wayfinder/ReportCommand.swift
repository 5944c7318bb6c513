import ArgumentParser
import Config
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Gestures
import Platform
import Runtime
import TripReport
import Vocabulary
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `wayfinder report TRACK.gpx`: a walk's trip report, the same one the appliance writes when a walk
/// ends, from the files the walk left (docs/trip-report.md).
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Make a walk's trip report: one HTML file with the route and the track on a map.",
        usage: """
            wayfinder report <track> [--route <route>] [--events <events>]
                             [--map <dir>] [--config <config>]
                             [--output <file>] [--json]
            """,
        discussion: """
        The appliance writes the report itself when a walk ends, beside the walk's track in the state \
        directory (/var/lib/wayfinder/tracks/ on a Pi): NAME.gpx, NAME.events.jsonl, NAME.html. This command \
        makes it again from those files, or from a track another GPX tool recorded.

        The journal defaults to the NAME.events.jsonl beside the track, and the route to the file the \
        journal names. Without them the report still shows the track, with figures estimated from it.

        The streets around the walk are drawn from a map made by `wayfinder map import`: --map, \
        else the configuration's [route] map. A map that cannot be read is a warning, and the report \
        is made without its streets.

        Examples:
          wayfinder report /var/lib/wayfinder/tracks/2026-11-27T0815Z-park-loop.gpx
          wayfinder report walk.gpx --route park-loop.gpx -o walk.html
          wayfinder report walk.gpx --json
          wayfinder report walk.gpx --map /var/lib/wayfinder/maps/town
        """)

    @Argument(help: ArgumentHelp("The walked track (GPX).", valueName: "track"))
    var track: String

    @Option(name: .long, help: ArgumentHelp("The planned route (GPX). Default: the route the journal names.", valueName: "route"))
    var route: String?

    @Option(name: .long, help: ArgumentHelp("The walk's event journal. Default: NAME.events.jsonl beside the track.", valueName: "events"))
    var events: String?

    @Option(name: .long, help: ArgumentHelp("A map (wayfinder map import) whose streets are drawn under the walk. Default: the configuration's [route] map.", valueName: "dir"))
    var map: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("The configuration whose [route] map is the default (default: \(WayfinderConfiguration.defaultPath)).", valueName: "config"))
    var config: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the report; - for standard output. Default: NAME.html in the current directory.", valueName: "file"))
    var output: String?

    @Flag(name: .long, help: "Print the walk's figures as one JSON object (the report is still written).")
    var json = false

    func run() throws {
        let journal = events ?? TripRecorder.sibling(of: track, extension: TrackArchive.journalExtension)
        if let events, access(events, F_OK) != 0 {
            printError("wayfinder: \(events): no such file")
            throw ExitCode.failure
        }
        let mapDirectory = try map ?? configuredMap()
        let inputs: TripReportFiles.Inputs
        do {
            inputs = try TripReportFiles.read(trackPath: track, routeFile: route, journalPath: journal, mapDirectory: mapDirectory)
        } catch {
            printError("wayfinder: \(error)")
            throw ExitCode.failure
        }
        if let problem = inputs.routeProblem { printError("wayfinder: warning: \(problem)") }
        if let problem = inputs.streets?.problem { printError("wayfinder: warning: \(problem); the report is made without the map's streets") }
        let (html, statistics) = TripReportFiles.render(inputs, trackPath: track, routeFile: route ?? inputs.journalRoutePath,
                                                        journalPath: access(journal, F_OK) == 0 ? journal : nil, generatedAt: Date())
        let destination = output ?? Self.defaultOutput(for: track)
        if destination == "-" {
            StandardStream.output.write(html)
        } else {
            do {
                // A report a person asked for is theirs to share: the usual mode for a new file.
                _ = try AtomicFile.write(Array(html.utf8), to: destination, permissions: 0o644)
            } catch {
                printError("wayfinder: \(error)")
                throw ExitCode.failure
            }
        }
        // With the report on standard output, the figures go to standard error.
        let summary = json ? Self.json(statistics, report: destination) : Self.lines(statistics, report: destination)
        if destination == "-" {
            printError(summary)
        } else {
            print(summary)
        }
    }

    /// The configuration's `[route] map`: nil when the configuration names none, or when there is no
    /// configuration at the default path (a report made away from the appliance). A configuration
    /// given with -c must be there; one that cannot be read is a warning, as the map is.
    func configuredMap() throws -> String? {
        let path = config ?? WayfinderConfiguration.defaultPath
        let bytes: [UInt8]?
        do {
            bytes = try DiskFiles().read(path)
        } catch {
            printError("wayfinder: warning: \(path): cannot be read (\(error)); the report is made without the map's streets")
            return nil
        }
        guard let bytes else {
            guard config == nil else {
                printError("wayfinder: \(path): no such file")
                throw ExitCode.failure
            }
            return nil
        }
        do {
            return try ConfigurationLoader.mapDirectory(text: String(decoding: bytes, as: UTF8.self), path: path)
        } catch {
            printError("wayfinder: warning: the report is made without the map's streets: the \(error)")
            return nil
        }
    }

    /// NAME.html in the current directory for a track NAME.gpx anywhere.
    static func defaultOutput(for track: String) -> String {
        let name = TripReportFiles.name(track)
        return TripRecorder.sibling(of: name, extension: TrackArchive.reportExtension)
    }

    static func lines(_ s: TripStatistics, report: String) -> String {
        var lines: [String] = []
        if report != "-" { lines.append("wrote \(report)") }
        var walk = "walked \(DistanceFormat.text(metres: s.distance)) by the GPS track, smoothed"
            + " (\(DistanceFormat.text(metres: s.everyFixDistance)) summing every fix, jitter included),"
            + " in \(s.pointCount) point\(s.pointCount == 1 ? "" : "s")"
        if let duration = s.duration { walk += " over \(DurationFormat.text(seconds: duration))" }
        if let moving = s.movingTime { walk += ", \(DurationFormat.text(seconds: moving)) moving" }
        lines.append(walk)
        if let p50 = s.crossTrackP50, let p95 = s.crossTrackP95 {
            lines.append("off the route's line: \(DistanceFormat.text(metres: p50)) typically (p50), \(DistanceFormat.text(metres: p95)) at p95")
        } else {
            lines.append("no route to compare with (--route)")
        }
        if let off = s.offRouteTime { lines.append("off route for \(DurationFormat.text(seconds: off)) (\(s.offRouteSource == .journal ? "as the walker was told" : "estimated from the track"))") }
        if let none = s.timeWithoutFix { lines.append("without a GPS fix for \(DurationFormat.text(seconds: none))") }
        if let paused = s.pausedTime, paused > 0 { lines.append("paused for \(DurationFormat.text(seconds: paused))") }
        return lines.joined(separator: "\n")
    }

    static func json(_ s: TripStatistics, report: String) -> String {
        func number(_ value: Double?) -> JSONValue { value.map { JSONValue.number($0) } ?? .null }
        var object: [String: JSONValue] = [
            "points": .int(s.pointCount), "segments": .int(s.segmentCount),
            "distance_m": .number(s.distance), "distance_every_fix_m": .number(s.everyFixDistance), "duration_s": number(s.duration), "moving_s": number(s.movingTime),
            "paused_s": number(s.pausedTime),
            "cross_track_p50_m": number(s.crossTrackP50), "cross_track_p95_m": number(s.crossTrackP95),
            "off_route_s": number(s.offRouteTime), "off_route_source": .string(s.offRouteSource.rawValue),
            "without_fix_s": number(s.timeWithoutFix), "without_fix_source": .string(s.withoutFixSource.rawValue),
            "start_utc": number(s.startTime), "end_utc": number(s.endTime),
            "waypoints_reached": .int(s.arrivals.count), "waypoints_skipped": .int(s.skips.count),
        ]
        if report != "-" { object["report"] = .string(report) }
        return JSONText.encode(JSONValue.object(object))
    }
}
