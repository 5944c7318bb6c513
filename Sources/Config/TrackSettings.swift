/// What `[track]` says: whether each walk's track is recorded, and how much of that location history
/// is kept. Old walks beyond either limit are deleted at start, oldest first, never the current one.
package struct TrackSettings: Sendable, Hashable {
    /// Record the walked track (one GPX file per walk in `tracks/` of the state directory).
    package var enabled: Bool
    /// Keep at most this many walks, the current one included; 0: no limit by count.
    package var keepWalks: Int
    /// Delete walks last written more than this many days ago; 0: no limit by age.
    package var keepDays: Int

    /// Twenty walks cover a few weeks of daily walks, enough to look back at a route that went wrong;
    /// at 1 Hz an hour's walk is about 400 KB of GPX, so twenty walks are a few MB even on a small card.
    package static let defaultKeepWalks = 20
    /// A month: a location history is personal data, kept no longer than it is useful.
    package static let defaultKeepDays = 30
    /// The ranges the loader accepts: up to ten thousand walks, up to ten years.
    package static let keepWalksRange = 0...10_000
    package static let keepDaysRange = 0...3650

    package init(enabled: Bool = true, keepWalks: Int = defaultKeepWalks, keepDays: Int = defaultKeepDays) {
        self.enabled = enabled
        self.keepWalks = keepWalks
        self.keepDays = keepDays
    }

    /// One line for `config check` and the log.
    package var summary: String {
        guard enabled else { return "not recorded" }
        let walks = keepWalks == 0 ? "any number of walks" : "the last \(keepWalks) walk\(keepWalks == 1 ? "" : "s")"
        let days = keepDays == 0 ? "of any age" : "of the last \(keepDays) day\(keepDays == 1 ? "" : "s")"
        return "one file per walk, keeping \(walks) \(days)"
    }
}
