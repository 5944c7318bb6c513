import Vocabulary

/// A change in a state the wearer should feel, as the actors that see it report it to the signal
/// scheduler (`StateSignals`).
package enum StateChange: Sendable, Hashable {
    /// The walk started or resumed (`navigating`), paused or stopped (not at arrival: the
    /// destination signal tells that).
    case walk(NavigationState)
    /// No usable fix for the fix timeout during a walk, or one again.
    case gps(lost: Bool)
    /// Off route (after the off-route delay), or back on it.
    case offRoute(Bool)
    /// The touch case's link was lost unexpectedly, or is back.
    case touchCase(connected: Bool)
    /// The pen's link was lost unexpectedly, or is back.
    case pen(connected: Bool)
    case beltBattery(low: Bool)
    case penBattery(low: Bool)
    case piSupply(low: Bool)
    /// On a planned route, a crossing, steps or a barrier is near (`crossingAhead`, `stepsAhead`,
    /// `barrierAhead`): told once each, never damped, since each is another place.
    case ahead(WearerSignal)
}
