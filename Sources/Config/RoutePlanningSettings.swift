import Navigation
import Routing
import Vocabulary

/// What `[route]` says about planning on the device (docs/routing.md): the map, whom routes are for,
/// and where the walk goes when no GPX route is given.
package struct RoutePlanningSettings: Sendable, Hashable {
    /// The map directory (`wayfinder map import`), absolute.
    package var mapDirectory: String
    /// Where a walk goes: a place's name or the coordinates as written; nil when a GPX route is
    /// followed and the map only brings the walker back to it.
    package var destination: Destination?
    package var profile: RoutingProfile
    package var avoidSteps: Bool
    /// Re-planned at most once per this interval, however often the walker leaves the route.
    package var replanInterval: Duration
    /// How far ahead of a crossing, steps or a barrier the belt announces it.
    package var noticeDistance: Double

    package static let defaultReplanInterval: Duration = .seconds(60)
    package static let replanIntervalRange = 10...3600
    package static let defaultNoticeDistance = 20.0
    package static let noticeDistanceRange = 5.0...100.0

    /// A destination with the name it is said by.
    package struct Destination: Sendable, Hashable {
        /// The place's name, or the coordinates as `LAT,LON`.
        package var name: String
        package var coordinate: Coordinate
        /// Whether `name` is one of the `[places]`.
        package var isPlace: Bool

        package init(name: String, coordinate: Coordinate, isPlace: Bool) {
            self.name = name
            self.coordinate = coordinate
            self.isPlace = isPlace
        }
    }

    package init(mapDirectory: String, destination: Destination? = nil, profile: RoutingProfile = .foot, avoidSteps: Bool = false,
                 replanInterval: Duration = defaultReplanInterval, noticeDistance: Double = defaultNoticeDistance) {
        self.mapDirectory = mapDirectory
        self.destination = destination
        self.profile = profile
        self.avoidSteps = avoidSteps
        self.replanInterval = replanInterval
        self.noticeDistance = noticeDistance
    }

    /// The route guidance follows until a route is planned: the destination alone, so the belt points
    /// straight at it (and keeps doing so when no route can be planned).
    package static func directRoute(to destination: Destination) -> Navigation.Route {
        Navigation.Route(name: "to \(destination.name)", kind: .waypoints,
                         waypoints: [Navigation.Waypoint(name: destination.name, coordinate: destination.coordinate)])
    }
}
