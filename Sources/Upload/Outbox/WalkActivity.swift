/// Whether a walk is in progress, as the upload's `when` reads it: a paused walk is in progress
/// (it goes on when the walker resumes); a stopped or finished one is idle.
package enum WalkActivity: Sendable, Hashable {
    case idle
    case inProgress
}
