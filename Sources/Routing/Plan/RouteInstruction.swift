import Vocabulary

/// One thing the walker is told on a planned route, at a distance along it: the start, a turn, a
/// crossing, steps, a barrier, the destination.
package struct RouteInstruction: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case start
        case turn(TurnDirection)
        /// Straight on where the way's name changes.
        case continueOnto
        case crossing(MapCrossing)
        /// Steps begin here; `metres` is how long the route stays on them.
        case steps(MapSteps, metres: Double)
        case barrier(String)
        case destination
    }

    package var kind: Kind
    package var coordinate: Coordinate
    /// Metres along the route from its start.
    package var alongMetres: Double
    /// The way the route takes from here, as Routino names it ("Nørregade", "path").
    package var way: String?
    /// What is said: "turn left onto Vester Voldgade", "cross Nørregade, signals with sound".
    package var text: String

    package init(kind: Kind, coordinate: Coordinate, alongMetres: Double, way: String?, text: String) {
        self.kind = kind
        self.coordinate = coordinate
        self.alongMetres = alongMetres
        self.way = way
        self.text = text
    }

    /// A short word for the kind, for GPX `<type>` and JSON.
    package var kindName: String {
        switch kind {
        case .start: return "start"
        case .turn: return "turn"
        case .continueOnto: return "continue"
        case .crossing: return "crossing"
        case .steps: return "steps"
        case .barrier: return "barrier"
        case .destination: return "destination"
        }
    }

    /// Whether the belt announces this before the walker reaches it (crossings, steps, barriers):
    /// things in the way, rather than changes of direction, which the belt's pointing already shows.
    package var isHazard: Bool {
        switch kind {
        case .crossing, .steps, .barrier: return true
        default: return false
        }
    }

    /// "along X" for a way name: an unnamed way's Routino type word ("path", "service road") gets "the".
    package static func wayPhrase(_ way: String?) -> String {
        guard let way, !way.isEmpty else { return "the way" }
        return RoutinoWords.highwayTypes.contains(way) ? "the " + way : way
    }
}
