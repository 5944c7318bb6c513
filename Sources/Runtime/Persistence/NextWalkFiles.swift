import Config
import Logging
import Navigation

/// How the navigation actor makes the files of the walk that a start after an arrival or a stop
/// begins: the track under a new name, then (once the walk's journal is open) the pointer to it and
/// retention, off the actor's loop. Closures, so that tests can make a step fail.
package struct NextWalkFiles: Sendable {
    /// Creates the walk's track; nil when it cannot be (logged).
    package var create: @Sendable (Route) -> TrackFile?
    /// Points `current.json` at the walk's track (by its path) and deletes walks beyond the limits.
    package var makeCurrent: @Sendable (Route, String) -> Void
    /// Removes a created track whose walk could not begin.
    package var discard: @Sendable (String) -> Void

    package init(create: @escaping @Sendable (Route) -> TrackFile?, makeCurrent: @escaping @Sendable (Route, String) -> Void,
                discard: @escaping @Sendable (String) -> Void) {
        self.create = create
        self.makeCurrent = makeCurrent
        self.discard = discard
    }

    /// The track archive in `stateDirectory` (`TrackArchive`), logging its notes to `logger`.
    package static func archive(stateDirectory: String, settings: TrackSettings, logger: Logger) -> NextWalkFiles {
        @Sendable func log(_ notes: [StateNote]) {
            for note in notes { logger.log(level: note.level, "\(note.message)") }
        }
        return NextWalkFiles(
            create: { route in
                let created = TrackArchive.createWalk(stateDirectory: stateDirectory, route: route, settings: settings)
                log(created.notes)
                return created.track
            },
            makeCurrent: { route, trackPath in
                log(TrackArchive.makeCurrent(trackPath: trackPath, route: route, stateDirectory: stateDirectory, settings: settings).notes)
            },
            discard: { trackPath in log(TrackArchive.discardWalk(trackPath: trackPath)) })
    }
}
