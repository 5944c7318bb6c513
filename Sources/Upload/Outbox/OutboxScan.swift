/// What one scan saw: the files of `tracks/` and `samples/` (both listed whole, so a file missing
/// from the list is gone), and the walk `tracks/current.json` names (its track's file name), if any.
package struct OutboxScan: Sendable, Hashable {
    package var files: [ScannedFile]
    package var currentWalkTrack: String?

    package init(files: [ScannedFile], currentWalkTrack: String? = nil) {
        self.files = files
        self.currentWalkTrack = currentWalkTrack
    }
}
