/// The route being walked.
public struct RouteStatus: Sendable, Equatable, Codable {
    public enum State: String, Sendable, Equatable, Codable {
        case stopped, navigating, paused, arrived
    }

    /// The route's name (its GPX `<name>`, else the file's).
    public var name: String
    public var state: State
    /// The waypoint being walked to, counted from 1.
    public var waypoint: Int
    public var waypointCount: Int
    public var waypointName: String?
    public var distanceToWaypointMetres: Double?
    public var distanceToEndMetres: Double?
    /// Seconds of walking since navigation started, pauses left out.
    public var elapsedSeconds: Double
    public var offRoute: Bool

    public init(name: String, state: State, waypoint: Int, waypointCount: Int, waypointName: String? = nil,
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
