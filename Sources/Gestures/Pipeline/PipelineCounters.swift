/// Input the sanitizer dropped or repaired (docs/gestures.md, "Sanitising"), counted so a misbehaving
/// case shows up in diagnostics instead of in a crash.
public struct PipelineCounters: Sendable, Hashable {
    /// moved/ended/cancelled for an id that is not live.
    public var unknownTouch = 0
    /// An event whose side differs from the side its touch began on.
    public var sideMismatch = 0
    /// NaN or infinite coordinates or time.
    public var nonFinite = 0
    /// Coordinates outside [0, 1], clamped.
    public var clamped = 0
    /// A began for a live id: the old touch was cancelled first.
    public var reusedIdentity = 0
    /// Touches cancelled after `staleTouchTimeoutMs` without an event.
    public var staleTouches = 0
    /// Control items naming a recognizer that is not registered.
    public var unknownRecognizer = 0

    public init() {}
}
