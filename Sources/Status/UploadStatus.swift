/// The outbox (docs/upload.md): what waits to go up, the last object stored, the last error, and why
/// it stopped or holds, if it does. Absent when `[upload]` is not configured.
package struct UploadStatus: Sendable, Equatable, Codable {
    package var pendingFiles: Int
    package var pendingBytes: Int64
    /// The key last stored in this run, and how long ago.
    package var lastSuccessKey: String?
    package var lastSuccessSecondsAgo: Double?
    package var lastError: String?
    /// Why nothing is sent until something changes: the server refused the key, or records cannot be
    /// written.
    package var stopped: String?
    /// Held while a walk is in progress (`when = "idle"`).
    package var holding: Bool
    /// Keys under which another object is stored, left alone until someone looks.
    package var conflicts: [String]

    package init(pendingFiles: Int, pendingBytes: Int64, lastSuccessKey: String? = nil, lastSuccessSecondsAgo: Double? = nil,
                 lastError: String? = nil, stopped: String? = nil, holding: Bool = false, conflicts: [String] = []) {
        self.pendingFiles = pendingFiles
        self.pendingBytes = pendingBytes
        self.lastSuccessKey = lastSuccessKey
        self.lastSuccessSecondsAgo = lastSuccessSecondsAgo
        self.lastError = lastError
        self.stopped = stopped
        self.holding = holding
        self.conflicts = conflicts
    }
}
