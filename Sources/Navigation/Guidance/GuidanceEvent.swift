/// Things worth telling the wearer's helper in the log.
package enum GuidanceEvent: Sendable, Hashable {
    case started(waypoint: Int, of: Int)
    case paused
    case resumed
    case stopped
    case waypointReached(index: Int, name: String?)
    case skipped(to: Int, name: String?)
    case wentBack(to: Int, name: String?)
    case destinationReached
    /// The wearer stopped the repeated destination signal (`stop` after arrival).
    case destinationSignalStopped
    case fixLost(after: Duration)
    case fixRegained
    /// With `heading_source = "external"`: no heading for `RouteGuidance.headingTimeout`, so the belt
    /// is pointed with magnetic bearings on its own compass until the external compass is back.
    case headingFallback(after: Duration)
    /// The external compass delivers again; directions are body-relative again.
    case headingRestored
    /// Farther than the off-route distance from the current leg for the off-route delay.
    case offRoute(distance: Double, leg: Int)
    /// Within the back-on-route distance of the current leg again.
    case backOnRoute(distance: Double)
    case commandIgnored(NavigationCommand, reason: String)
    /// A route planned on the device and now followed (docs/routing.md): `purpose` is "planned",
    /// "re-planned" (off the route) or "planned to a new destination"; `destination` the place, or
    /// nil for a way back to a GPX route.
    case routePlanned(purpose: String, destination: String?, metres: Double, turns: Int, crossings: Int, steps: Int)
    /// A reload brought another route (or the same points, edited): the walk goes on toward `waypoint`,
    /// the first one unless the points are the same (`keptProgress`).
    case routeChanged(waypoint: Int, of: Int, keptProgress: Bool)
    case progress(GuidanceProgress)
    /// The declination in use changed: from the model at a new place or hour, or to the fallback
    /// (with why the model could not be used).
    case declination(degrees: Double, fromModel: Bool, fallbackReason: String?)
}

/// A snapshot for the progress line: "waypoint 3/10, 140 m to go, belt → 47° magnetic".
package struct GuidanceProgress: Sendable, Hashable {
    package var waypointIndex: Int
    package var waypointCount: Int
    package var waypointName: String?
    package var distanceToWaypoint: Double
    package var distanceRemaining: Double
    /// The last direction commanded, in the belt's terms.
    package var beltDirection: Int?
    package var isMagneticBearing: Bool
    /// The true bearing to the waypoint, for people reading the log.
    package var trueBearing: Double

    package init(waypointIndex: Int, waypointCount: Int, waypointName: String?, distanceToWaypoint: Double,
                distanceRemaining: Double, beltDirection: Int?, isMagneticBearing: Bool, trueBearing: Double) {
        self.waypointIndex = waypointIndex
        self.waypointCount = waypointCount
        self.waypointName = waypointName
        self.distanceToWaypoint = distanceToWaypoint
        self.distanceRemaining = distanceRemaining
        self.beltDirection = beltDirection
        self.isMagneticBearing = isMagneticBearing
        self.trueBearing = trueBearing
    }
}
