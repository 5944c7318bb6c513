/// A snapshot of what a recognizer reports, taken at each transition. A value a
/// recognizer does not have is nil. Positions are in the screen-aligned unit square after mirroring.
package struct GestureValues: Sendable, Hashable {
    package var location: TouchPoint?
    package var translation: TouchPoint?
    /// Pan velocity in u/s.
    package var velocityXY: TouchPoint?
    /// Pinch: scale per second; rotation: radians per second.
    package var velocity: Double?
    package var scale: Double?
    /// Radians, clockwise positive (y grows downward), unwrapped.
    package var rotation: Double?
    package var direction: RecognizedGesture.Direction?
    /// Tap-swipe: taps before the swipe.
    package var taps: Int?
    /// Tap-swipe: end − start of the swipe stroke.
    package var swipe: TouchPoint?
    package var numberOfTouches: Int?
    /// Tap: taps counted so far in the attempt.
    package var tapCount: Int?

    package init() {}
}
