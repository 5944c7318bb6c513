#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
///
/// A walk ends when it arrives or the wearer stops it (the `arrived` and `stopped` records); the
/// next start begins another walk in new files (`beginWalk`), while a restart of the appliance in
/// the middle of a walk continues its journal.
///
/// An ended walk's journal is closed: its report and manifest are written from it, and it may be
/// uploaded, so a later record must not change it. What happens between walks (a device lost, a
/// battery check, a command ignored) is held in memory and written only if the same walk goes on
/// (`navigation_started` or `resumed` in its files, the belt's own button resuming after a stop);
/// when the next walk begins or the appliance stops, it is dropped. The log has it either way.
package final class TripRecorder: Sendable {
    /// One walk's three files and the route it follows.
    package struct Walk: Sendable {
        package var trackPath: String
        package var journalPath: String
        package var reportPath: String
        package var route: Route

        init(trackPath: String, route: Route) {
            self.trackPath = trackPath
            journalPath = TripRecorder.sibling(of: trackPath, extension: TrackArchive.journalExtension)
            reportPath = TripRecorder.sibling(of: trackPath, extension: TrackArchive.reportExtension)
            self.route = route
        }
    }

    /// The current walk's files.
    package var trackPath: String { state.withLock { $0.walk.trackPath } }
    package var journalPath: String { state.withLock { $0.walk.journalPath } }
    package var reportPath: String { state.withLock { $0.walk.reportPath } }
    /// The current walk, for a report written later of this one whatever comes after.
    package var walk: Walk { state.withLock { $0.walk } }
    /// Whether the current walk has arrived or been stopped: the next start begins another.
    package var walkHasEnded: Bool { state.withLock { $0.ended } }
    private let routePath: String?
    /// The map the walk plans on (`[route] map`): its streets are drawn under the walk in the report.
    private let mapDirectory: String?
    private let offRouteDistance: Double
    private let clock: SessionClock
    private let logger: Logger
    private let state: Mutex<State>

    /// Belt records closer together than this are not written: the report draws one arrow in tens
    /// of metres, and at walking pace this keeps the journal to a few hundred bytes a minute.
    static let beltInterval: Double = 5

    private struct State: ~Copyable {
        var file: AppendOnlyFile?
        var walk: Walk
        var ended: Bool
        var anchorUTC: Double
        var anchorElapsed: Duration
        var lastBelt: Double?
        var failed = false
        /// Records made after the walk ended, written if the same walk goes on.
        var held: [String] = []
    }

    /// At most this many records are held between walks (a few hours of battery checks and link
    /// changes); older ones are dropped first.
    static let heldLimit = 256

    /// The journal beside `trackPath` (`X.gpx` → `X.events.jsonl`); nil when it cannot be opened,
    /// which is logged: the walk goes on without a report. A journal continued after a restart
    /// says whether its walk had ended (its last `arrived` or `stopped` after the last start).
    package init?(trackPath: String, route: Route, routePath: String?, mapDirectory: String? = nil, offRouteDistance: Double,
                 clock: SessionClock, logger: Logger, now: Date = Date()) {
        let walk = Walk(trackPath: trackPath, route: route)
        self.routePath = routePath
        self.mapDirectory = mapDirectory
        self.offRouteDistance = offRouteDistance
        self.clock = clock
        self.logger = logger
        let file: AppendOnlyFile
        do {
            file = try AppendOnlyFile(continuing: walk.journalPath)
        } catch {
            logger.error("\(error); this walk gets no trip report, navigation goes on")
            return nil
        }
        let startedEmpty = file.startedEmpty
        let ended = !startedEmpty && Self.hasEnded(journalAt: walk.journalPath)
        state = Mutex(State(file: file, walk: walk, ended: ended, anchorUTC: now.timeIntervalSince1970,
                            anchorElapsed: clock.elapsed))
        if startedEmpty { recordWalk(route: route) }
        // An ended walk is not run again: this run's start goes into the next walk's journal.
        if !ended { record(.applianceStarted) }
    }

    /// Ends the current walk's journal and begins the next walk's beside `trackPath`, with its
    /// `walk` and `appliance_started` records. False (logged) when the new journal cannot be
    /// opened: the records then go on into the old one.
    @discardableResult
    package func beginWalk(trackPath: String, route: Route) -> Bool {
        let walk = Walk(trackPath: trackPath, route: route)
        // Opened under the lock, so the file is the state's from its start.
        let opened: Result<Bool, AppendOnlyFile.Failure> = state.withLock { s in
            do throws(AppendOnlyFile.Failure) {
                let file = try AppendOnlyFile(continuing: walk.journalPath)
                let startedEmpty = file.startedEmpty
                s.file?.syncInBackground()
                s.file = file
                s.walk = walk
                s.ended = false
                s.lastBelt = nil
                s.failed = false
                s.held = []
                return .success(startedEmpty)
            } catch {
                return .failure(error)
            }
        }
        let startedEmpty: Bool
        switch opened {
        case .success(let empty):
            startedEmpty = empty
        case .failure(let error):
            logger.error("\(error); this walk's records go on into the last walk's journal")
            return false
        }
        if startedEmpty { recordWalk(route: route) }
        record(.applianceStarted)
        return true
    }

    private func recordWalk(route: Route) {
        record(.walk) { event in
            event.name = route.name
            event.path = routePath
            event.distance = offRouteDistance
        }
    }

    /// Whether the journal's last start (`navigation_started`, `resumed`) is followed by an end
    /// (`arrived`, `stopped`). An unreadable journal has not ended: the walk goes on in it.
    static func hasEnded(journalAt path: String) -> Bool {
        guard let bytes = try? TripReportFiles.bytes(of: path, required: false) else { return false }
        let events = TripJournalFormat.read(String(decoding: bytes, as: UTF8.self)).events
        let last = events.last { [.navigationStarted, .resumed, .paused, .arrived, .stopped].contains($0.kind) }
        return last?.kind == .arrived || last?.kind == .stopped
    }

    /// `X.gpx` → `X<extension>`; any other name gets the extension added.
    package static func sibling(of trackPath: String, extension: String) -> String {
        let stem = trackPath.hasSuffix(TrackFileName.fileExtension)
            ? String(trackPath.dropLast(TrackFileName.fileExtension.count)) : trackPath
        return stem + `extension`
    }

    /// `path` from the root, without `..` detours.
    package static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return PathText.standardized(full)
    }

    /// Ties the session clock to the GPS's UTC at a fix.
    package func anchor(utc: Double, at elapsed: Duration) {
        guard utc.isFinite else { return }
        state.withLock { s in
            s.anchorUTC = utc
            s.anchorElapsed = elapsed
        }
    }

    /// The route the walk follows now (another one loaded from the control socket). A walk that has
    /// ended keeps the route it was walked on, and the next walk takes the new route (`beginWalk`).
    package func routeChanged(to route: Route) {
        state.withLock { s in
            guard !s.ended else { return }
            s.walk.route = route
        }
    }

    /// Appends one record of `kind` stamped now; `fill` sets the kind's fields.
    package func record(_ kind: TripEvent.Kind, _ fill: (inout TripEvent) -> Void = { _ in }) {
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
            guard !line.isEmpty else { return nil }
            var lines = [line]
            if s.ended {
                guard kind == .navigationStarted || kind == .resumed else {
                    if s.held.count >= Self.heldLimit { s.held.removeFirst(s.held.count - Self.heldLimit + 1) }
                    s.held.append(line)
                    return nil
                }
                // The same walk goes on: what happened since its end is part of it after all.
                lines = s.held + lines
                s.held = []
                s.ended = false
            }
            if kind == .arrived || kind == .stopped { s.ended = true }
            guard let file = s.file else { return nil }
            do {
                try file.append(Array(lines.joined().utf8))
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

    /// Appends `event` stamped now (its own `time` is replaced), as `GuidanceJournalEntry` makes it.
    package func record(_ event: TripEvent) {
        record(event.kind) { stamped in
            let time = stamped.time
            stamped = event
            stamped.time = time
        }
    }

    /// Forces the journal to the card in the background (with the track's periodic sync).
    package func syncInBackground() {
        state.withLock { $0.file?.syncInBackground() }
    }

    /// Writes the current walk's report from the track, the journal and the route as they are on
    /// disk now, replacing the last one atomically; returns its path, or nil (logged) when it could
    /// not be written.
    @discardableResult
    package func writeReport(generatedAt: Date = Date()) -> String? {
        writeReport(of: walk, generatedAt: generatedAt)
    }

    /// Writes `walk`'s report: one that has ended, while the next may have begun.
    @discardableResult
    package func writeReport(of walk: Walk, generatedAt: Date = Date()) -> String? {
        // Read back through the page cache: what was appended is there whether or not it is synced.
        // One writer at a time: the arrival's write (in the background) and the shutdown's can
        // overlap, and the atomic replace uses one temporary name per process.
        return writing.withLock { _ -> String? in
            do {
                let inputs = try TripReportFiles.write(trackPath: walk.trackPath, route: walk.route, routeFile: routePath,
                                                       journalPath: walk.journalPath, mapDirectory: mapDirectory, to: walk.reportPath,
                                                       generatedAt: generatedAt)
                if let problem = inputs.streets?.problem {
                    logger.warning("the trip report is written without the map's streets: \(problem)")
                }
                logger.info("trip report written: \(walk.reportPath)")
                return walk.reportPath
            } catch {
                logger.error("could not write the trip report: \(error)")
                return nil
            }
        }
    }

    private let writing = Mutex<Void>(())
}
