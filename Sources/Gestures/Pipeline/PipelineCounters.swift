/// Input the sanitizer dropped or repaired (docs/gestures.md, "Sanitising"), counted so a misbehaving
/// case shows up in diagnostics instead of in a crash.
package struct PipelineCounters: Sendable, Hashable {
    /// moved/ended/cancelled for an id that is not live.
    package var unknownTouch = 0
    /// An event whose side differs from the side its touch began on.
    package var sideMismatch = 0
    /// NaN or infinite coordinates or time.
    package var nonFinite = 0
    /// Coordinates outside [0, 1], clamped.
    package var clamped = 0
    /// A began for a live id: the old touch was cancelled first.
    package var reusedIdentity = 0
    /// Touches cancelled after `staleTouchTimeoutMs` without an event.
    package var staleTouches = 0
    /// Control items naming a recognizer that is not registered.
    package var unknownRecognizer = 0

    package init() {}
}
