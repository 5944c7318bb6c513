/// Why no route was planned, said for the person who asked: what is wrong and what to try.
package enum RoutePlanError: Error, Sendable, Equatable, CustomStringConvertible {
    case sameEndpoints
    /// No way within Routino's 1 km search of the start or the destination.
    case offMap(isDestination: Bool)
    /// The nearest way is further from the point than a walker can be left to find.
    case farFromWay(isDestination: Bool, metres: Double, limit: Double)
    case noRoute(profile: RoutingProfile, avoidSteps: Bool)
    case engine(String)

    package var description: String {
        switch self {
        case .sameEndpoints:
            return "the start and the destination are the same place: there is nothing to plan"
        case .offMap(let isDestination):
            return "no way on the map is within 1 km of the \(isDestination ? "destination" : "start"): "
                + "is it inside the map's area? (`wayfinder map info DIR` prints the area)"
        case .farFromWay(let isDestination, let metres, let limit):
            return "the \(isDestination ? "destination" : "start") is \(Int(metres.rounded())) m from the nearest way on the map, "
                + "more than \(Int(limit.rounded())) m: choose a point on a street or path"
        case .noRoute(let profile, let avoidSteps):
            var text = "no \(profile == .wheelchair ? "wheelchair " : "")route joins the two points on this map"
            if profile == .wheelchair {
                text += " (Routino's wheelchair profile keeps to ways the map does not close to wheelchairs and never takes steps; "
                    + "--profile foot --avoid-steps is less strict)"
            } else if avoidSteps {
                text += " without steps: every way between them has steps (plan without --avoid-steps to see where)"
            } else {
                text += ": one of them may be on a part of the map that no way connects to the other (an island, a private area)"
            }
            return text
        case .engine(let message):
            return "Routino's router failed: \(message)"
        }
    }
}
