/// The route being walked.
package struct RouteStatus: Sendable, Equatable, Codable {
    package enum State: String, Sendable, Equatable, Codable {
        case stopped, navigating, paused, arrived
    }

    /// The route's name (its GPX `<name>`, else the file's).
    package var name: String
    package var state: State
    /// The waypoint being walked to, counted from 1.
    package var waypoint: Int
    package var waypointCount: Int
    package var waypointName: String?
    package var distanceToWaypointMetres: Double?
    package var distanceToEndMetres: Double?
    /// Seconds of walking since navigation started, pauses left out.
    package var elapsedSeconds: Double
    package var offRoute: Bool

    package init(name: String, state: State, waypoint: Int, waypointCount: Int, waypointName: String? = nil,
                distanceToWaypointMetres: Double? = nil, distanceToEndMetres: Double? = nil,
                elapsedSeconds: Double = 0, offRoute: Bool = false) {
        self.name = name
        self.state = state
        self.waypoint = waypoint
        self.waypointCount = waypointCount
        self.waypointName = waypointName
        self.distanceToWaypointMetres = distanceToWaypointMetres
        self.distanceToEndMetres = distanceToEndMetres
        self.elapsedSeconds = elapsedSeconds
        self.offRoute = offRoute
    }
}
