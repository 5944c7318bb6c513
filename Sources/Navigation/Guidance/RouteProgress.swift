/// How far along a route the wearer is; small and Codable so it survives a pulled battery.
package struct RouteProgress: Sendable, Hashable, Codable {
    /// `Route.identity` of the route this progress belongs to; progress of another route is ignored.
    package var routeIdentity: String
    /// Index of the waypoint being walked to.
    package var currentIndex: Int
    /// Waypoints the wearer skipped (never reached), in the order skipped.
    package var skipped: [Int]
    package var destinationReached: Bool
    /// Whether the walk was under way (navigating, not paused or stopped) when this was saved: a
    /// restart after a crash, a kill or the watchdog then carries on walking without a button press.
    package var isNavigating: Bool

    package init(routeIdentity: String, currentIndex: Int = 0, skipped: [Int] = [], destinationReached: Bool = false,
                isNavigating: Bool = false) {
        self.routeIdentity = routeIdentity
        self.currentIndex = currentIndex
        self.skipped = skipped
        self.destinationReached = destinationReached
        self.isNavigating = isNavigating
    }

    private enum CodingKeys: String, CodingKey {
        case routeIdentity, currentIndex, skipped, destinationReached
        case isNavigating = "navigating"
    }

    /// Progress saved before `navigating` existed reads as not under way.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        routeIdentity = try c.decode(String.self, forKey: .routeIdentity)
        currentIndex = try c.decode(Int.self, forKey: .currentIndex)
        skipped = try c.decode([Int].self, forKey: .skipped)
        destinationReached = try c.decode(Bool.self, forKey: .destinationReached)
        isNavigating = try c.decodeIfPresent(Bool.self, forKey: .isNavigating) ?? false
    }

    /// Whether this progress can resume on `route`: the same route, and a waypoint index it has. A
    /// progress file is outside input (a hand edit, a torn disk), so its index is checked before use.
    package func resumes(on route: Route) -> Bool {
        routeIdentity == route.identity && route.waypoints.indices.contains(currentIndex)
    }
}
