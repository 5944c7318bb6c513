import Foundation
import Logging
import Navigation
import Platform
import Synchronization
import TripReport

/// Records what the trip report needs during a walk, beside its track: the walk's event journal
/// (`tracks/<walk>.events.jsonl`, JSON Lines, one write(2) per record, so a crash or a pulled battery
/// leaves every earlier record whole), and writes the report (`tracks/<walk>.html`) when the walk
/// ends. Shared by the actors that see the events (navigation, the device actors, the supervisor);
/// each record is a short append under a lock, never a wait on the card (the syncs run in the
/// background with the track's).
///
/// Times are UTC on the GPS's timeline, like the track's `<time>`: the session clock is mapped
/// through the latest fix (`anchor`), and through the wall clock before the first one, so events and
/// track points line up on the simulated board too, whose GPS time runs as fast as its walk.
public final class TripRecorder: Sendable {
    public let trackPath: String
    public let journalPath: String
    public let reportPath: String
    private let routePath: String?
    private let clock: SessionClock
    private let logger: Logger
    private let state: Mutex<State>

    /// Belt records closer together than this are not written: the report draws one arrow in tens
    /// of metres, and at walking pace this keeps the journal to a few hundred bytes a minute.
    static let beltInterval: Double = 5

    private struct State: ~Copyable {
        var file: AppendOnlyFile?
        var route: Route
        var anchorUTC: Double
        var anchorElapsed: Duration
        var lastBelt: Double?
        var failed = false
    }

    /// The journal beside `trackPath` (`X.gpx` → `X.events.jsonl`); nil when it cannot be opened,
    /// which is logged: the walk goes on without a report.
    public init?(trackPath: String, route: Route, routePath: String?, offRouteDistance: Double,
                 clock: SessionClock, logger: Logger, now: Date = Date()) {
        self.trackPath = trackPath
        journalPath = Self.sibling(of: trackPath, extension: TrackArchive.journalExtension)
        reportPath = Self.sibling(of: trackPath, extension: TrackArchive.reportExtension)
        self.routePath = routePath
        self.clock = clock
        self.logger = logger
        let file: AppendOnlyFile
        do {
            file = try AppendOnlyFile(continuing: journalPath)
        } catch {
            logger.error("\(error); this walk gets no trip report, navigation goes on")
            return nil
        }
        let startedEmpty = file.startedEmpty
        state = Mutex(State(file: file, route: route, anchorUTC: now.timeIntervalSince1970, anchorElapsed: clock.elapsed))
        if startedEmpty {
            record(.walk) { event in
                event.name = route.name
                event.path = routePath
                event.distance = offRouteDistance
            }
        }
        record(.applianceStarted)
    }

    /// `X.gpx` → `X<extension>`; any other name gets the extension added.
    public static func sibling(of trackPath: String, extension: String) -> String {
        let stem = trackPath.hasSuffix(TrackFileName.fileExtension)
            ? String(trackPath.dropLast(TrackFileName.fileExtension.count)) : trackPath
        return stem + `extension`
    }

    /// `path` from the root, without `..` detours.
    public static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (full as NSString).standardizingPath
    }

    /// Ties the session clock to the GPS's UTC at a fix.
    public func anchor(utc: Double, at elapsed: Duration) {
        guard utc.isFinite else { return }
        state.withLock { s in
            s.anchorUTC = utc
            s.anchorElapsed = elapsed
        }
    }

    /// The route the walk follows now (another one loaded from the control socket).
    public func routeChanged(to route: Route) {
        state.withLock { $0.route = route }
    }

    /// Appends one record of `kind` stamped now; `fill` sets the kind's fields.
    public func record(_ kind: TripEvent.Kind, _ fill: (inout TripEvent) -> Void = { _ in }) {
        let elapsed = clock.elapsed
        let failure: String? = state.withLock { s in
            let time = s.anchorUTC + (elapsed - s.anchorElapsed).inSeconds
            if kind == .belt {
                if let last = s.lastBelt, time - last < Self.beltInterval, time >= last { return nil }
                s.lastBelt = time
            }
            var event = TripEvent(time: time, kind: kind)
            fill(&event)
            let line = TripJournalFormat.line(event)
            guard !line.isEmpty, let file = s.file else { return nil }
            do {
                try file.append(Array(line.utf8))
                let recovered = s.failed
                s.failed = false
                return recovered ? "" : nil
            } catch {
                guard !s.failed else { return nil }
                s.failed = true
                return "\(error)"
            }
        }
        if let failure {
            if failure.isEmpty {
                logger.notice("the trip journal \(journalPath) is written again")
            } else {
                logger.error("could not append to the trip journal (card full?): \(failure); navigation goes on")
            }
        }
    }

    /// Forces the journal to the card in the background (with the track's periodic sync).
    public func syncInBackground() {
        state.withLock { $0.file?.syncInBackground() }
    }

    /// Writes the report from the track, the journal and the route as they are on disk now, replacing
    /// the last one atomically; returns its path, or nil (logged) when it could not be written.
    @discardableResult
    public func writeReport(generatedAt: Date = Date()) -> String? {
        // Read back through the page cache: what was appended is there whether or not it is synced.
        let route = state.withLock { $0.route }
        // One writer at a time: the arrival's write (in the background) and the shutdown's can
        // overlap, and the atomic replace uses one temporary name per process.
        return writing.withLock { _ -> String? in
            do {
                try TripReportFiles.write(trackPath: trackPath, route: route, routeFile: routePath,
                                          journalPath: journalPath, to: reportPath, generatedAt: generatedAt)
                logger.info("trip report written: \(reportPath)")
                return reportPath
            } catch {
                logger.error("could not write the trip report: \(error)")
                return nil
            }
        }
    }

    private let writing = Mutex<Void>(())
}
