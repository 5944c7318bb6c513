/// One touch sample as the case adapter delivers it (docs/touch-case.md): time on the case's clock in
/// milliseconds, an identity unique among live touches, the strip, the phase, and screen-aligned
/// normalized coordinates. `touchClass` comes from the classifier; it is read when the touch begins.
public struct TouchEvent: Sendable, Hashable {
    public var timeMs: Double
    public var id: Int
    public var side: CaseSide
    public var phase: TouchPhase
    public var x: Double
    public var y: Double
    public var touchClass: TouchClass

    public init(timeMs: Double, id: Int, side: CaseSide, phase: TouchPhase, x: Double, y: Double,
                touchClass: TouchClass = .unknown) {
        self.timeMs = timeMs
        self.id = id
        self.side = side
        self.phase = phase
        self.x = x
        self.y = y
        self.touchClass = touchClass
    }
}
