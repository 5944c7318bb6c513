/// New settings for a running `RouteGuidance` (a configuration reload): each part present replaces the
/// one in force, and the rest stays as it is.
package struct GuidanceUpdate: Sendable, Hashable {
    package var parameters: GuidanceParameters?
    /// The default vibration intensity `intensity-up`/`-down` step from.
    package var intensity: Int?
    /// The route to follow: from its first waypoint, or where the walk is if its points are the same.
    package var route: Route?

    package init(parameters: GuidanceParameters? = nil, intensity: Int? = nil, route: Route? = nil) {
        self.parameters = parameters
        self.intensity = intensity
        self.route = route
    }

    package var isEmpty: Bool { parameters == nil && intensity == nil && route == nil }
}
