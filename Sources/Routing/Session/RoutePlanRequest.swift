import Navigation
import Vocabulary

/// One route for the router to plan, and why.
package struct RoutePlanRequest: Sendable, Hashable {
    package enum Purpose: String, Sendable, Hashable {
        /// The walk starts: from where the walker is to the destination.
        case walkStart = "planned"
        /// Off the route: from where the walker is, again.
        case offRoute = "re-planned"
        /// Another destination (`go-to`, `next-place`).
        case newDestination = "planned to a new destination"
    }

    /// Tells this request's answer from an earlier one's.
    package var id: Int
    package var purpose: Purpose
    package var from: Coordinate
    package var to: Coordinate
    /// The destination's name, or nil when the route leads back to a GPX route.
    package var destinationName: String?
    /// The rest of a GPX route after `to`: a way back joins it there.
    package var rejoin: [Waypoint]

    package init(id: Int, purpose: Purpose, from: Coordinate, to: Coordinate, destinationName: String?, rejoin: [Waypoint] = []) {
        self.id = id
        self.purpose = purpose
        self.from = from
        self.to = to
        self.destinationName = destinationName
        self.rejoin = rejoin
    }
}
