/// A switch went down or up. `at` is the host's session time when the notification was handled: the
/// pen sends no timestamp of its own (the SDK stamps each change on arrival, `FTEventDispatcher.mm`), so
/// touches and switch events must be stamped on the same clock for the classifier to correlate them.
public struct PenSwitchEvent: Sendable, Hashable {
    public var pen: PenSwitch
    public var isPressed: Bool
    public var at: Duration

    public init(_ pen: PenSwitch, isPressed: Bool, at: Duration) {
        self.pen = pen
        self.isPressed = isPressed
        self.at = at
    }
}
