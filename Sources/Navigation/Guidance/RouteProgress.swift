/// How far along a route the wearer is; small and Codable so it survives a pulled battery.
public struct RouteProgress: Sendable, Hashable, Codable {
    /// `Route.identity` of the route this progress belongs to; progress of another route is ignored.
    public var routeIdentity: String
    /// Index of the waypoint being walked to.
    public var currentIndex: Int
    /// Waypoints the wearer skipped (never reached), in the order skipped.
    public var skipped: [Int]
    public var destinationReached: Bool

    public init(routeIdentity: String, currentIndex: Int = 0, skipped: [Int] = [], destinationReached: Bool = false) {
        self.routeIdentity = routeIdentity
        self.currentIndex = currentIndex
        self.skipped = skipped
        self.destinationReached = destinationReached
    }

    /// Whether this progress can resume on `route`: the same route, and a waypoint index it has. A
    /// progress file is outside input (a hand edit, a torn disk), so its index is checked before use.
    public func resumes(on route: Route) -> Bool {
        routeIdentity == route.identity && route.waypoints.indices.contains(currentIndex)
    }
}
