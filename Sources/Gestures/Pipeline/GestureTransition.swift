/// One entry of the transition log (docs/gestures.md, "State machine"): when (effective event time, ms), which
/// recognizer, into which state, and its values at that moment. Actions receive the same record.
public struct GestureTransition: Sendable, Hashable {
    public var timeMs: Double
    public var recognizer: String
    public var state: GestureState
    public var values: GestureValues

    public init(timeMs: Double, recognizer: String, state: GestureState, values: GestureValues) {
        self.timeMs = timeMs
        self.recognizer = recognizer
        self.state = state
        self.values = values
    }
}
