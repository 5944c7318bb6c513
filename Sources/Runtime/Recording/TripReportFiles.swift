#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Navigation
import Platform
import TripReport

/// A trip report from the files a walk left: the track (GPX), the event journal (JSON Lines) and the
/// route (GPX), read, rendered (`TripReportDocument`) and written in one atomic replace. Used by the
/// appliance when a walk ends and by `wayfinder report`.
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
    }

    /// Reads the track (required), the journal if there is one at `journalPath`, and the route: the
    /// one given, else the file `routeFile`, else the file the journal's `walk` record names, when
    /// it is there and parses (`routeProblem` says why not otherwise; the report then has no route).
    package static func read(trackPath: String, route given: Route? = nil, routeFile: String? = nil,
                            journalPath: String?) throws(Failure) -> Inputs {
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
                      journalRoutePath: named, routeProblem: problem)
    }

    /// The report's HTML for what was read, and the figures it shows.
    package static func render(_ inputs: Inputs, trackPath: String, routeFile: String?, journalPath: String?,
                              generatedAt: Date) -> (html: String, statistics: TripStatistics) {
        TripReportDocument.renderWithStatistics(track: inputs.track, route: inputs.route, events: inputs.events,
                                                skippedJournalLines: inputs.skippedJournalLines, title: nil,
                                                generatedAt: generatedAt.timeIntervalSince1970,
                                                trackFile: name(trackPath), routeFile: routeFile.map(name),
                                                journalFile: journalPath.map(name))
    }

    /// Reads, renders and writes the report to `output` (atomically, `permissions`).
    package static func write(trackPath: String, route: Route?, routeFile: String?, journalPath: String?,
                             to output: String, permissions: mode_t = 0o600, generatedAt: Date = Date()) throws(Failure) {
        let inputs = try read(trackPath: trackPath, route: route, routeFile: route == nil ? routeFile : nil, journalPath: journalPath)
        let html = render(inputs, trackPath: trackPath, routeFile: routeFile, journalPath: journalPath, generatedAt: generatedAt).html
        do {
            _ = try AtomicFile.write(Array(html.utf8), to: output, permissions: permissions)
        } catch {
            throw Failure(description: "\(error)")
        }
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
