/// A press-and-release of one of the pen's switches: the pen as a two-button click device whose
/// clicks the gesture actor maps to commands (a short tip click, a long eraser press, …).
package struct PenClick: Sendable, Hashable {
    package var pen: PenSwitch
    package var pressedAt: Duration
    package var releasedAt: Duration

    package init(pen: PenSwitch, pressedAt: Duration, releasedAt: Duration) {
        self.pen = pen
        self.pressedAt = pressedAt
        self.releasedAt = releasedAt
    }

    /// How long the switch was held.
    package var held: Duration { releasedAt - pressedAt }
}
