/// A touch as one recognizer tracks it: where it went down, where it is, and what happened to it in
/// the frame being evaluated. The flags are cleared after every frame.
struct TrackedTouch {
    /// The pipeline's serial for this touch's life (ids may be reused; keys never are).
    var key: UInt64
    var id: Int
    var down: TouchPoint
    var position: TouchPoint
    /// Accepted in this frame.
    var isNew = false
    /// Had a `moved` event in this frame.
    var moved = false
    /// Ended in this frame (position is its final one).
    var lifted = false
    /// Cancelled in this frame.
    var cancelled = false

    /// Gone after this frame.
    var isLeaving: Bool { lifted || cancelled }
}
