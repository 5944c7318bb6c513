/// What a recognizer's own logic asks for after a frame or a timer; the pipeline decides what
/// actually happens (failure requirements, exclusivity, shouldBegin; docs/gestures.md).
enum GestureProposal {
    case none
    /// Continuous: leave `possible` for `began`.
    case begin
    /// Discrete: leave `possible` for `recognized`.
    case recognize
    case change
    case end
    case cancel
    case fail
}
