/// Why a record could not be written.
package enum RecordWriteFailure: Sendable, Hashable, CustomStringConvertible {
    /// `ENOSPC`: the state directory's file system is full.
    case noSpace
    /// `EROFS`: it is mounted read-only.
    case readOnly
    /// Anything else, as the actor words it.
    case other(String)

    package var description: String {
        switch self {
        case .noSpace: "the state directory is full (ENOSPC)"
        case .readOnly: "the state directory is read-only (EROFS)"
        case .other(let text): text
        }
    }
}
