import Vocabulary

/// One point of a route as Routino's router writes it with `--output-text-all`: every point the route
/// passes, with the name of the way that arrives at it. Routino's own column meanings are documented in
/// its `doc/OUTPUT.txt` ("All points text file").
package struct RoutinoPoint: Sendable, Hashable {
    /// The `Type` column.
    package enum Kind: Sendable, Hashable {
        /// `Waypt#N`: a point the route was asked to pass (1 is the start).
        case waypoint(Int)
        /// `Junct`: a junction where the route has a choice to make.
        case junction
        /// `Junct-`: a junction passed straight on, or a roundabout exit not taken.
        case junctionPassed
        /// `Inter`: a point on a way between junctions.
        case intermediate
        /// `Change`: the highway type changes with no junction.
        case change
        /// `Mini-RB`: a mini-roundabout.
        case miniRoundabout
        /// `U-turn`.
        case uTurn
        /// A type this reader does not know (a newer Routino), kept as a plain point.
        case other(String)
    }

    package var coordinate: Coordinate
    package var kind: Kind
    /// Kilometres from the start, as the router summed them (two decimals in its output).
    package var totalKilometres: Double
    /// True bearing in degrees of the section that arrives at this point; `nil` at the start.
    package var bearing: Double?
    /// The name of the section arriving at this point, or the type of an unnamed one ("path",
    /// "steps", "service road"); `nil` at the start.
    package var way: String?

    package init(coordinate: Coordinate, kind: Kind, totalKilometres: Double = 0, bearing: Double? = nil, way: String? = nil) {
        self.coordinate = coordinate
        self.kind = kind
        self.totalKilometres = totalKilometres
        self.bearing = bearing
        self.way = way
    }
}
