/// A state file (route progress, compass calibration) that could not be used. It has been moved
/// aside, kept for a look and never read again, so the next start does not trip over it.
package struct StateFileUnreadable: Error, CustomStringConvertible {
    package let path: String
    package let reason: String
    /// Where the file now is; nil if even the rename failed (then it is left in place).
    package let movedTo: String?

    package var description: String {
        let kept = movedTo.map { "moved aside to \($0)" } ?? "left in place (it could not be moved aside)"
        return "\(path) is unreadable (\(reason)); \(kept)"
    }
}
