import Navigation
import Vocabulary

/// A route Routino planned, described for the walker: its line, and what is said along it.
package struct PlannedRoute: Sendable, Hashable {
    /// Every point of the route, from Routino's all-points output.
    package var line: [Coordinate]
    /// Metres from the start to each point of `line` (geodesic, WGS84).
    package var alongMetres: [Double]
    /// In order along the route; the first is the start, the last the destination.
    package var instructions: [RouteInstruction]
    /// The route as the belt follows it: the instructions, and between them the shape points that keep
    /// it on the ways. Each point is named for what happens there ("along Nørregade").
    package var waypoints: [Waypoint]
    /// How far the route's ends are from the points asked for: Routino starts and ends on the nearest
    /// way within 1 km, silently.
    package var startOffsetMetres: Double
    package var endOffsetMetres: Double

    package var lengthMetres: Double { alongMetres.last ?? 0 }
    package var turns: Int { instructions.filter { if case .turn = $0.kind { return true } else { return false } }.count }
    package var crossings: Int { instructions.filter { if case .crossing = $0.kind { return true } else { return false } }.count }
    package var steps: Int { instructions.filter { if case .steps = $0.kind { return true } else { return false } }.count }
    package var barriers: Int { instructions.filter { if case .barrier = $0.kind { return true } else { return false } }.count }

    package init(line: [Coordinate], alongMetres: [Double], instructions: [RouteInstruction], waypoints: [Waypoint],
                 startOffsetMetres: Double, endOffsetMetres: Double) {
        self.line = line
        self.alongMetres = alongMetres
        self.instructions = instructions
        self.waypoints = waypoints
        self.startOffsetMetres = startOffsetMetres
        self.endOffsetMetres = endOffsetMetres
    }

    /// The route for guidance, named for where it goes.
    package func route(name: String?) -> Route {
        Route(name: name, kind: .route, waypoints: waypoints)
    }
}
