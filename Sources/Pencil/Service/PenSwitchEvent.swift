/// A switch went down or up. `at` is the host's session time when the notification was handled: the
/// pen sends no timestamp of its own (the SDK stamps each change on arrival, `FTEventDispatcher.mm`), so
/// touches and switch events must be stamped on the same clock for the classifier to correlate them.
package struct PenSwitchEvent: Sendable, Hashable {
    package var pen: PenSwitch
    package var isPressed: Bool
    package var at: Duration

    package init(_ pen: PenSwitch, isPressed: Bool, at: Duration) {
        self.pen = pen
        self.isPressed = isPressed
        self.at = at
    }
}
