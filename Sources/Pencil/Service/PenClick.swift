/// A press-and-release of one of the pen's switches: the pen as a two-button click device whose
/// clicks the gesture actor maps to commands (a short tip click, a long eraser press, …).
public struct PenClick: Sendable, Hashable {
    public var pen: PenSwitch
    public var pressedAt: Duration
    public var releasedAt: Duration

    public init(pen: PenSwitch, pressedAt: Duration, releasedAt: Duration) {
        self.pen = pen
        self.pressedAt = pressedAt
        self.releasedAt = releasedAt
    }

    /// How long the switch was held.
    public var held: Duration { releasedAt - pressedAt }
}
