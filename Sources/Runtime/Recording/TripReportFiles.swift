#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Navigation
import Platform
import Routing
import RoutingPlatform
import TripReport

/// A trip report from the files a walk left: the track (GPX), the event journal (JSON Lines) and the
/// route (GPX), read, rendered (`TripReportDocument`) and written in one atomic replace, with the
/// streets around the walk when a map is given. Used by the appliance when a walk ends and by
/// `wayfinder report`.
package enum TripReportFiles {
    /// Why a report could not be made: the file, and what is wrong with it, as every command says it.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// What was read, for a report and for its figures.
    package struct Inputs: Sendable {
        package var track: WalkedTrack
        package var route: Route?
        package var events: [TripEvent]
        package var skippedJournalLines: Int
        /// The route file the journal names, when `route` was not given and none was read.
        package var journalRoutePath: String?
        package var routeProblem: String?
        /// The map's streets around the walk, when a map was given (with why not, when it cannot be read).
        package var streets: ReportStreets?
    }

    /// Reads the track (required), the journal if there is one at `journalPath`, and the route: the
    /// one given, else the file `routeFile`, else the file the journal's `walk` record names, when
    /// it is there and parses (`routeProblem` says why not otherwise; the report then has no route).
    /// With `mapDirectory`, the streets around the walk too (`streets(mapDirectory:track:route:)`).
    package static func read(trackPath: String, route given: Route? = nil, routeFile: String? = nil,
                            journalPath: String?, mapDirectory: String? = nil) throws(Failure) -> Inputs {
        let trackBytes = try bytes(of: trackPath, required: true) ?? []
        let track: WalkedTrack
        do {
            track = try GPXTrackReader.read(data: Data(trackBytes), source: trackPath)
        } catch {
            throw Failure(description: "\(error)")
        }
        var events: [TripEvent] = []
        var skipped = 0
        if let journalPath, let text = try bytes(of: journalPath, required: false) {
            let contents = TripJournalFormat.read(String(decoding: text, as: UTF8.self))
            events = contents.events
            skipped = contents.skippedLines
        }
        var route = given
        var problem: String?
        let named = events.first { $0.kind == .walk }?.path
        if route == nil, let path = routeFile ?? named {
            do throws(Failure) {
                guard let data = try bytes(of: path, required: routeFile != nil) else {
                    throw Failure(description: "\(path): no such file")
                }
                do {
                    route = try GPXParser.parse(data: Data(data), source: path)
                } catch {
                    throw Failure(description: "\(error)")
                }
            } catch {
                // A route given on the command line must be there; the one the journal names may have
                // moved since the walk, and the report is still worth having without it.
                if routeFile != nil { throw error }
                problem = "the route the walk followed, \(path), cannot be read (\(error.description)); pass it with --route"
            }
        }
        return Inputs(track: track, route: route, events: events, skippedJournalLines: skipped,
                      journalRoutePath: named, routeProblem: problem,
                      streets: mapDirectory.flatMap { streets(mapDirectory: $0, track: track, route: route) })
    }

    /// The streets of the map at `mapDirectory` around the walk (`TripReportDocument.streetArea`),
    /// read once; a map that cannot be read gives none and says why, for the page to say it: the
    /// report is worth having without them. Nil when the walk has nothing to draw on a map.
    package static func streets(mapDirectory: String, track: WalkedTrack, route: Route?) -> ReportStreets? {
        guard let bounds = TripReportDocument.streetArea(track: track, route: route),
              let area = MapArea(south: bounds.south, west: bounds.west, north: bounds.north, east: bounds.east) else { return nil }
        let mapName = name(mapDirectory)
        do throws(MapOpenError) {
            let directory = try MapDirectory.open(mapDirectory, installedRoutino: nil)
            let read = try directory.streets(meeting: area)
            return ReportStreets(lines: read.streets.map { StreetLine(highway: $0.highway, name: $0.name, points: $0.points) },
                                 mapName: mapName, incomplete: !read.complete)
        } catch {
            return .unreadable(mapName, problem: error.description)
        }
    }

    /// The report's HTML for what was read, and the figures it shows.
    package static func render(_ inputs: Inputs, trackPath: String, routeFile: String?, journalPath: String?,
                              generatedAt: Date) -> (html: String, statistics: TripStatistics) {
        TripReportDocument.renderWithStatistics(track: inputs.track, route: inputs.route, events: inputs.events,
                                                skippedJournalLines: inputs.skippedJournalLines, title: nil,
                                                generatedAt: generatedAt.timeIntervalSince1970,
                                                trackFile: name(trackPath), routeFile: routeFile.map(name),
                                                journalFile: journalPath.map(name), streets: inputs.streets)
    }

    /// Reads, renders and writes the report to `output` (atomically, `permissions`), with the streets
    /// of the map at `mapDirectory` when one is given; returns what was read, for the caller to log
    /// what the page could not show.
    @discardableResult
    package static func write(trackPath: String, route: Route?, routeFile: String?, journalPath: String?, mapDirectory: String? = nil,
                             to output: String, permissions: mode_t = 0o600, generatedAt: Date = Date()) throws(Failure) -> Inputs {
        let inputs = try read(trackPath: trackPath, route: route, routeFile: route == nil ? routeFile : nil, journalPath: journalPath,
                              mapDirectory: mapDirectory)
        let html = render(inputs, trackPath: trackPath, routeFile: routeFile, journalPath: journalPath, generatedAt: generatedAt).html
        do {
            _ = try AtomicFile.write(Array(html.utf8), to: output, permissions: permissions)
        } catch {
            throw Failure(description: "\(error)")
        }
        return inputs
    }

    /// A file's bytes; nil when it is absent and not `required`.
    static func bytes(of path: String, required: Bool) throws(Failure) -> [UInt8]? {
        let contents: [UInt8]?
        do {
            contents = try AtomicFile.read(path)
        } catch {
            throw Failure(description: "\(path): \(error.errno == EISDIR ? "is a directory, not a file" : String(cString: strerror(error.errno)).lowercased())")
        }
        if contents == nil, required { throw Failure(description: "\(path): no such file") }
        return contents
    }

    /// The last component of a path: the report names its files without the directories they were in.
    package static func name(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
