import Navigation
import Sensors

/// One decision of the navigation actor with what it was based on, for observers (tests, a future
/// status display) that want to check or show why the belt points where it does.
public struct NavigationObservation: Sendable {
    public var at: Duration
    public var action: GuidanceAction
    /// The fix the decision was made from.
    public var fix: Fix?
    /// The waypoint being walked to after the decision.
    public var targetIndex: Int
}
