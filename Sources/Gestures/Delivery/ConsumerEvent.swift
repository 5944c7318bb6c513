/// A raw touch as the underlying consumer receives it after the recognizers' cancel and delay rules
/// (docs/gestures.md, "Consumer delivery"): time in ms, the touch's identity, phase and (mirrored) position.
package struct ConsumerEvent: Sendable, Hashable {
    package var timeMs: Double
    package var id: Int
    package var phase: TouchPhase
    package var x: Double
    package var y: Double

    package init(timeMs: Double, id: Int, phase: TouchPhase, x: Double, y: Double) {
        self.timeMs = timeMs
        self.id = id
        self.phase = phase
        self.x = x
        self.y = y
    }
}
