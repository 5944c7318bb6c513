/// A raw touch as the underlying consumer receives it after the recognizers' cancel and delay rules
/// (docs/gestures.md, "Consumer delivery"): time in ms, the touch's identity, phase and (mirrored) position.
public struct ConsumerEvent: Sendable, Hashable {
    public var timeMs: Double
    public var id: Int
    public var phase: TouchPhase
    public var x: Double
    public var y: Double

    public init(timeMs: Double, id: Int, phase: TouchPhase, x: Double, y: Double) {
        self.timeMs = timeMs
        self.id = id
        self.phase = phase
        self.x = x
        self.y = y
    }
}
