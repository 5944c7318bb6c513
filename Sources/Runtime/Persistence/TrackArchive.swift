#if canImport(Glibc)
import Glibc
#endif
import Config
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Navigation
import Platform
import Logging

/// The walked tracks: one GPX file per walk in `tracks/` of the state directory, a location history
/// kept within `[track] keep_walks` and `keep_days`.
///
/// Which file is the current walk's: `tracks/current.json`, written atomically, names it and the route
/// it belongs to. A start that resumes the saved progress (the same route, not finished, no `--fresh`)
/// keeps appending to the file it names, if it belongs to this route; any other start begins a new
/// file and points `current.json` at it before creating it, so a kill in between leaves a pointer to a
/// file the next start creates under the same name. The pointer is separate from `progress.json`
/// because progress is saved by the navigation rules at waypoints, while the file is chosen at start.
package enum TrackArchive {
    package static let directoryName = "tracks"
    package static let pointerName = "current.json"
    /// The single track of versions before one file per walk, moved into `tracks/` once.
    package static let legacyName = "track.gpx"
    /// A walk's event journal and trip report sit beside its track: `X.gpx`, `X.events.jsonl`,
    /// `X.html` (TripRecorder), and go with it when retention deletes the walk.
    package static let journalExtension = ".events.jsonl"
    package static let reportExtension = ".html"

    /// What the pointer file holds.
    struct Pointer: Codable, Equatable {
        var file: String
        var routeIdentity: String
    }

    /// The outcome of `start`: the opened track (nil when recording is off or the file cannot be
    /// opened), and what to log.
    package struct Start {
        package var track: TrackFile?
        package var notes: [StateNote]
        /// Paths deleted by the retention limits, oldest first.
        package var deleted: [String]
    }

    /// Chooses, opens and tidies: moves a legacy `track.gpx` into `tracks/`, removes leftover
    /// temporary files there, continues the current walk's file when `resuming` (or starts a new one
    /// named from `now` and the route), then deletes walks beyond the limits. Nothing here stops the
    /// appliance: a failure is a note, and navigation goes on without a track.
    package static func start(stateDirectory: String, route: Route, resuming: Bool, settings: TrackSettings,
                             now: Date = Date(), syncDirectory: @escaping AtomicFile.DirectorySync = AtomicFile.fsyncDirectory,
                             isAlive: (Int32) -> Bool = StateDirectory.processIsAlive,
                             remove: (String) -> Int32 = { unlink($0) }) -> Start {
        var notes: [StateNote] = []
        let directory = "\(stateDirectory)/\(directoryName)"
        do {
            try PrivateDirectory.makeSubdirectory(directory)
        } catch {
            notes.append(StateNote(.error, "\(error); the walk is not recorded, navigation goes on"))
            return Start(track: nil, notes: notes, deleted: [])
        }
        notes += StateDirectory.removeLeftoverTemporaries(in: directory, of: isOwnFile, isAlive: isAlive)
        notes += migrateLegacyTrack(stateDirectory: stateDirectory, into: directory)

        var track: TrackFile?
        var current: String?
        if settings.enabled {
            let pointerPath = "\(directory)/\(pointerName)"
            let pointer = readPointer(pointerPath)
            if resuming, let pointer, pointer.routeIdentity == route.identity {
                current = pointer.file
                notes.append(StateNote(.info, "continuing the walk's track \(directory)/\(pointer.file)"))
            } else {
                let name = uniqueName(TrackFileName.name(startedAt: Self.seconds(now), routeName: route.name), in: directory)
                current = name
                notes.append(StateNote(.info, "recording this walk's track in \(directory)/\(name)"))
                notes += writePointer(Pointer(file: name, routeIdentity: route.identity), to: pointerPath, syncDirectory: syncDirectory)
            }
            if let current {
                do {
                    let file = try TrackFile(path: "\(directory)/\(current)", routeName: route.name ?? "walk", syncDirectory: syncDirectory)
                    notes += file.notes.map { StateNote(.warning, $0) }
                    track = file
                } catch {
                    notes.append(StateNote(.error, "\(error); the walk is not recorded, navigation goes on"))
                }
            }
        }
        let (retentionNotes, deleted) = applyRetention(in: directory, current: current, settings: settings, now: now, remove: remove)
        notes += retentionNotes
        return Start(track: track, notes: notes, deleted: deleted)
    }

    // MARK: - The next walk

    /// The track of a walk begun while the appliance runs (a start after an arrival or a stop),
    /// under a new name. `current.json` is not moved to it here (`makeCurrent`, once the walk's
    /// journal is open), so a walk that cannot begin leaves the pointer at the walk still written.
    /// The new name's directory entry is made durable by the pointer's write, which syncs `tracks/`:
    /// the one fsync here is the new file's own.
    package static func createWalk(stateDirectory: String, route: Route, settings: TrackSettings,
                                  now: Date = Date()) -> (track: TrackFile?, notes: [StateNote]) {
        guard settings.enabled else { return (nil, []) }
        let directory = "\(stateDirectory)/\(directoryName)"
        do {
            try PrivateDirectory.makeSubdirectory(directory)
        } catch {
            return (nil, [StateNote(.error, "\(error); the walk is not recorded, navigation goes on")])
        }
        let name = uniqueName(TrackFileName.name(startedAt: Self.seconds(now), routeName: route.name), in: directory)
        do {
            let file = try TrackFile(path: "\(directory)/\(name)", routeName: route.name ?? "walk", syncDirectory: { _ in 0 })
            return (file, [StateNote(.info, "recording this walk's track in \(directory)/\(name)")]
                + file.notes.map { StateNote(.warning, $0) })
        } catch {
            return (nil, [StateNote(.error, "\(error); the walk is not recorded, navigation goes on")])
        }
    }

    /// Points `current.json` at the walk whose track is `trackPath` (from `createWalk`), so a restart
    /// resumes it, then deletes walks beyond the limits: the card writes and syncs of beginning a
    /// walk, which the navigation actor runs off its loop.
    package static func makeCurrent(trackPath: String, route: Route, stateDirectory: String, settings: TrackSettings,
                                   now: Date = Date(), syncDirectory: @escaping AtomicFile.DirectorySync = AtomicFile.fsyncDirectory,
                                   remove: (String) -> Int32 = { unlink($0) }) -> (notes: [StateNote], deleted: [String]) {
        let directory = "\(stateDirectory)/\(directoryName)"
        let name = String(trackPath.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        guard isSafeName(name) else {
            return ([StateNote(.warning, "cannot record \(trackPath) as the current walk: not a track name in \(directory)")], [])
        }
        var notes = writePointer(Pointer(file: name, routeIdentity: route.identity), to: "\(directory)/\(pointerName)",
                                 syncDirectory: syncDirectory)
        let (retentionNotes, deleted) = applyRetention(in: directory, current: name, settings: settings, now: now, remove: remove)
        notes += retentionNotes
        return (notes, deleted)
    }

    /// Removes the track `createWalk` made for a walk that could not begin (its journal could not be
    /// opened): a header without points, which no pointer names.
    package static func discardWalk(trackPath: String) -> [StateNote] {
        guard unlink(trackPath) == 0 || errno == ENOENT else {
            return [StateNote(.warning, "cannot delete the unused track \(trackPath): \(String(cString: strerror(errno))); delete it by hand")]
        }
        return []
    }

    // MARK: - Retention

    /// One walk's file as retention sees it.
    struct Walk: Equatable {
        var name: String
        /// Last modification (the last append), seconds since 1970.
        var modified: Int64
    }

    /// The walks to delete, oldest first: beyond the newest `keepWalks` (the current one counted), or
    /// last written more than `keepDays` before `now`; never `current`. A clock behind the files'
    /// times (a Pi without a real-time clock, before NTP or GPS set it) makes them young, not old.
    static func expired(_ walks: [Walk], current: String?, keepWalks: Int, keepDays: Int, now: Int64) -> [Walk] {
        let newestFirst = walks.sorted { ($0.modified, $0.name) > ($1.modified, $1.name) }
        let maximumAge = Int64(keepDays) * 86_400
        var result: [Walk] = []
        for (index, walk) in newestFirst.enumerated() where walk.name != current {
            let tooMany = keepWalks > 0 && index >= keepWalks
            let tooOld = keepDays > 0 && isOlder(walk, than: maximumAge, now: now)
            if tooMany || tooOld { result.append(walk) }
        }
        return result.reversed()
    }

    /// Whether the walk was last written more than `age` seconds before `now` (false when the
    /// subtraction would overflow: a file time no clock gives).
    static func isOlder(_ walk: Walk, than age: Int64, now: Int64) -> Bool {
        let (difference, overflow) = now.subtractingReportingOverflow(walk.modified)
        return !overflow && difference > age
    }

    /// Whether a name in `tracks/` is one Wayfinder writes atomically: the pointer, a walk's track or
    /// its trip report.
    static func isOwnFile(_ name: String) -> Bool {
        name == pointerName || isSafeName(name)
            || (name.hasSuffix(reportExtension) && isSafeName(String(name.dropLast(reportExtension.count)) + TrackFileName.fileExtension))
    }

    /// Whether a file in `tracks/` is a walk: a `.gpx`, or one moved aside as unreadable.
    static func isWalk(_ name: String) -> Bool {
        !name.hasPrefix(".") && (name.hasSuffix(TrackFileName.fileExtension) || name.contains(".gpx.unreadable-"))
    }

    /// Deletes what `expired` names (`remove` is unlink(2); a parameter so tests can make it fail).
    static func applyRetention(in directory: String, current: String?, settings: TrackSettings, now: Date,
                               remove: (String) -> Int32) -> ([StateNote], [String]) {
        guard settings.keepWalks > 0 || settings.keepDays > 0 else { return ([], []) }
        var walks: [Walk] = []
        for name in PrivateDirectory.entries(of: directory) where isWalk(name) {
            var info = stat()
            guard lstat("\(directory)/\(name)", &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            walks.append(Walk(name: name, modified: Int64(info.st_mtim.tv_sec)))
        }
        var notes: [StateNote] = []
        var deleted: [String] = []
        let nowSeconds = seconds(now)
        let expired = expired(walks, current: current, keepWalks: settings.keepWalks, keepDays: settings.keepDays, now: nowSeconds)
        let keptCount = walks.count - expired.count
        for walk in expired {
            let path = "\(directory)/\(walk.name)"
            let why = settings.keepDays > 0 && isOlder(walk, than: Int64(settings.keepDays) * 86_400, now: nowSeconds)
                ? "last written more than \(settings.keepDays) days ago ([track] keep_days)"
                : "beyond the newest \(settings.keepWalks) walks ([track] keep_walks)"
            if remove(path) == 0 {
                deleted.append(path)
                notes.append(StateNote(.info, "deleted the track of an old walk, \(why): \(path)"))
                for sibling in [journalExtension, reportExtension] where walk.name.hasSuffix(TrackFileName.fileExtension) {
                    let siblingPath = TripRecorder.sibling(of: path, extension: sibling)
                    if remove(siblingPath) == 0 {
                        deleted.append(siblingPath)
                    } else if errno != ENOENT {
                        notes.append(StateNote(.warning, "cannot delete \(siblingPath): \(String(cString: strerror(errno))); it is kept"))
                    }
                }
            } else {
                notes.append(StateNote(.warning, "cannot delete the old track \(path): \(String(cString: strerror(errno))); it is kept"))
            }
        }
        if !deleted.isEmpty {
            AtomicFile.syncDirectory(directory)
            notes.append(StateNote(.info, "\(keptCount) walk\(keptCount == 1 ? "" : "s") kept in \(directory)"))
        }
        return (notes, deleted)
    }

    // MARK: - Current walk

    static func readPointer(_ path: String) -> Pointer? {
        guard let bytes = try? AtomicFile.read(path),
              let pointer = try? JSONDecoder().decode(Pointer.self, from: Data(bytes)),
              isSafeName(pointer.file) else { return nil }
        return pointer
    }

    /// A name the pointer may hold: a plain `.gpx` file name, never a path out of `tracks/`.
    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && !name.contains("/") && !name.hasPrefix(".")
            && name.hasSuffix(TrackFileName.fileExtension) && !name.contains("\0")
    }

    static func writePointer(_ pointer: Pointer, to path: String, syncDirectory: @escaping AtomicFile.DirectorySync) -> [StateNote] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do {
            let data = try encoder.encode(pointer)
            if let warning = try AtomicFile.write(Array(data), to: path, syncDirectory: syncDirectory) {
                return [StateNote(.warning, "\(warning); after one, a resumed walk may start a new track file")]
            }
            return []
        } catch {
            return [StateNote(.warning, "cannot record the current walk's track in \(path): \(error); a restart will start a new track file")]
        }
    }

    /// `name`, or `name` with `-2`, `-3`, … before `.gpx` when a walk of the same minute has it.
    static func uniqueName(_ name: String, in directory: String) -> String {
        let stem = String(name.dropLast(TrackFileName.fileExtension.count))
        var candidate = name
        var attempt = 1
        while access("\(directory)/\(candidate)", F_OK) == 0, attempt < 10_000 {
            attempt += 1
            candidate = "\(stem)-\(attempt)\(TrackFileName.fileExtension)"
        }
        return candidate
    }

    // MARK: - Legacy

    /// Moves the single `track.gpx` of older versions (every walk in one file) into `tracks/`, named
    /// from its last modification and its `<name>`, so retention treats it as one old walk. A file that
    /// is not ours is moved aside in place, as older versions did.
    static func migrateLegacyTrack(stateDirectory: String, into directory: String) -> [StateNote] {
        let legacy = "\(stateDirectory)/\(legacyName)"
        var info = stat()
        guard lstat(legacy, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return [] }
        let fd = open(legacy, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            return [StateNote(.warning, "cannot read \(legacy) to move it into \(directory): \(String(cString: strerror(errno)))")]
        }
        let head = TrackFile.read(fd, count: min(Int(info.st_size), 4096), at: 0) ?? []
        close(fd)
        guard head.starts(with: Array(GPXTrackFormat.headerPrefix.utf8)) else {
            do {
                let aside = try AtomicFile.moveAside(legacy)
                return [StateNote(.warning, "\(legacy) is not a track this program wrote; moved aside to \(aside)")]
            } catch {
                return [StateNote(.warning, "\(legacy) is not a track this program wrote and \(error)")]
            }
        }
        let name = uniqueName(TrackFileName.name(startedAt: Int64(info.st_mtim.tv_sec),
                                                 routeName: GPXTrackFormat.trackName(inHead: head)), in: directory)
        let target = "\(directory)/\(name)"
        guard rename(legacy, target) == 0 else {
            return [StateNote(.warning, "cannot move \(legacy) to \(target): \(String(cString: strerror(errno))); it stays where it is")]
        }
        AtomicFile.syncDirectory(directory)
        AtomicFile.syncDirectory(stateDirectory)
        return [StateNote(.notice, "moved the track of earlier walks, \(legacy), to \(target): tracks are now one file per walk")]
    }

    /// Whole seconds since 1970 of a date, clamped: `Int64(Double)` only on a finite value in range.
    static func seconds(_ date: Date) -> Int64 {
        let t = date.timeIntervalSince1970
        guard t.isFinite else { return 0 }
        return Int64(min(max(t, -9e15), 9e15).rounded(.down))
    }
}
