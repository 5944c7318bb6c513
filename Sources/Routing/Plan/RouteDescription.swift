import Vocabulary

/// How a route's points are turned into what the walker is told; distances in metres.
package struct RouteDescription: Sendable, Hashable {
    /// How close a crossing, steps or a barrier must be to the route's line to be on it. Routino's
    /// planetsplitter drops straight-line nodes within 3 m of the line (`--prune-straight`, default 3),
    /// so the route's line is up to 3 m off the mapped ways.
    package var matchRadius: Double = 4
    /// A crossing whose road runs within this many degrees of the route's direction is passed along
    /// the road, not crossed.
    package var alongRoadDegrees: Double = 30
    /// How far back and ahead of a junction the bearings of a turn are measured, so that a kink in the
    /// mapped line right at the junction does not read as a turn.
    package var turnWindow: Double = 10
    /// Two turns closer than this are one turn (a junction mapped as two nodes).
    package var turnMergeDistance: Double = 10
    /// The line's shape points kept between instructions are those needed to stay within this of the
    /// route (Douglas–Peucker), so a curved street is followed rather than cut.
    package var shapeTolerance: Double = 5
    /// Route points closer than this are one point of the GPX route.
    package var pointMergeDistance: Double = 2

    package init() {}
}
