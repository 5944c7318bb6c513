/// A state file (route progress, compass calibration) that could not be used. It has been moved
/// aside, kept for a look and never read again, so the next start does not trip over it.
public struct StateFileUnreadable: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    /// Where the file now is; nil if even the rename failed (then it is left in place).
    public let movedTo: String?

    public var description: String {
        let kept = movedTo.map { "moved aside to \($0)" } ?? "left in place (it could not be moved aside)"
        return "\(path) is unreadable (\(reason)); \(kept)"
    }
}
