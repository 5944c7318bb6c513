/// A snapshot of what a recognizer reports, taken at each transition. A value a
/// recognizer does not have is nil. Positions are in the screen-aligned unit square after mirroring.
public struct GestureValues: Sendable, Hashable {
    public var location: TouchPoint?
    public var translation: TouchPoint?
    /// Pan velocity in u/s.
    public var velocityXY: TouchPoint?
    /// Pinch: scale per second; rotation: radians per second.
    public var velocity: Double?
    public var scale: Double?
    /// Radians, clockwise positive (y grows downward), unwrapped.
    public var rotation: Double?
    public var direction: RecognizedGesture.Direction?
    /// Tap-swipe: taps before the swipe.
    public var taps: Int?
    /// Tap-swipe: end − start of the swipe stroke.
    public var swipe: TouchPoint?
    public var numberOfTouches: Int?
    /// Tap: taps counted so far in the attempt.
    public var tapCount: Int?

    public init() {}
}
