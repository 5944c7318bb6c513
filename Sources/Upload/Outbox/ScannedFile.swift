/// One regular file a scan of the state directory found: its path relative to the state directory
/// (`tracks/2026-11-26T0815Z-demo.gpx`, `samples/gestures-….jsonl`), its size and its modification
/// time (`st_mtim`, nanoseconds since 1970), the two the outbox compares with a file's record.
package struct ScannedFile: Sendable, Hashable {
    package var path: String
    package var size: Int64
    package var modified: Int64

    package init(path: String, size: Int64, modified: Int64) {
        self.path = path
        self.size = size
        self.modified = modified
    }
}
