/// What the outbox's owner tells the core. Each completion answers the one action that was asked.
package enum OutboxEvent: Sendable, Hashable {
    /// A scan of `tracks/` and `samples/`.
    case scanned(OutboxScan)
    case walk(WalkActivity)
    /// The file's SHA-256, with its size and modification time as they were when it was hashed.
    case hashed(path: String, size: Int64, modified: Int64, sha256: String)
    case hashFailed(path: String, reason: String)
    case recordWritten(key: String)
    case recordFailed(key: String, RecordWriteFailure)
    case recordDeleted(key: String)
    /// Deleting the record failed; it stays, and the stored object is not sent again.
    case recordDeleteFailed(key: String, reason: String)
    /// The file is gone (deleted, or it was already missing).
    case fileDeleted(path: String)
    case fileDeleteFailed(path: String, reason: String)
    case response(OutboxResponse)
    /// No response: a connection refused or cut, a timeout, a name that does not resolve.
    case networkFailed(reason: String)
    /// The credentials or the configuration changed: a stop for 403 is lifted.
    case credentialsChanged
    /// Time passed (the wait asked by `.wakeAt`).
    case tick
}
