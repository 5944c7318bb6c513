import Vocabulary

/// A way of steps (`highway=steps`). Routino keeps steps only as a highway type of its segments, and
/// names a named flight by its name alone, so the map index keeps their geometry to find them on a
/// route.
package struct MapSteps: Sendable, Hashable {
    package var name: String?
    /// `step_count`, when the map says.
    package var count: Int?
    package var points: [Coordinate]

    package init(name: String? = nil, count: Int? = nil, points: [Coordinate]) {
        self.name = name
        self.count = count
        self.points = points
    }
}
