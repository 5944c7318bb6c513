/// One entry of the transition log (docs/gestures.md, "State machine"): when (effective event time, ms), which
/// recognizer, into which state, and its values at that moment. Actions receive the same record.
package struct GestureTransition: Sendable, Hashable {
    package var timeMs: Double
    package var recognizer: String
    package var state: GestureState
    package var values: GestureValues

    package init(timeMs: Double, recognizer: String, state: GestureState, values: GestureValues) {
        self.timeMs = timeMs
        self.recognizer = recognizer
        self.state = state
        self.values = values
    }
}
