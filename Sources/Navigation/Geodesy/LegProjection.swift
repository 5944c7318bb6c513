import Sensors

/// A point's position relative to a route leg A→B (see ``RouteLegGeometry/project(_:)``).
package struct LegProjection: Sendable, Equatable {
    /// Signed distance from the leg's line, metres: positive right of the direction of
    /// travel, negative left.
    package var crossTrack: Double
    /// Distance from A along the leg to the foot of the perpendicular, metres; negative
    /// before A, greater than the leg's length beyond B.
    package var alongTrack: Double
    /// The point of the segment A–B nearest the walker: the foot of the perpendicular, or A
    /// or B when the foot falls outside the segment.
    package var closestPoint: Coordinate
    /// Distance from the point to ``closestPoint``, metres (|crossTrack| when the foot lies
    /// on the segment; otherwise the geodesic distance to the nearer end).
    package var distanceToLeg: Double

    package init(crossTrack: Double, alongTrack: Double, closestPoint: Coordinate, distanceToLeg: Double) {
        self.crossTrack = crossTrack
        self.alongTrack = alongTrack
        self.closestPoint = closestPoint
        self.distanceToLeg = distanceToLeg
    }

    static let undefined = LegProjection(
        crossTrack: .nan, alongTrack: .nan,
        closestPoint: Coordinate(latitude: .nan, longitude: .nan), distanceToLeg: .nan)
}
