import Navigation
import Sensors

/// One decision of the navigation actor with what it was based on, for observers (tests, a future
/// status display) that want to check or show why the belt points where it does.
package struct NavigationObservation: Sendable {
    package var at: Duration
    package var action: GuidanceAction
    /// The fix the decision was made from.
    package var fix: Fix?
    /// The waypoint being walked to after the decision.
    package var targetIndex: Int
}
