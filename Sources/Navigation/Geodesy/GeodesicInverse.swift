/// The shortest path between two points: how long it is and which way it points at each end.
package struct GeodesicInverse: Sendable, Equatable {
    /// Length of the geodesic, metres (≥ 0; NaN when an input was invalid).
    package var distance: Double
    /// Direction of travel when leaving the first point, degrees clockwise from true north,
    /// in (-180, 180].
    package var initialAzimuth: Double
    /// Direction of travel when arriving at the second point (the forward azimuth, not the
    /// back-bearing), same convention.
    package var finalAzimuth: Double

    package init(distance: Double, initialAzimuth: Double, finalAzimuth: Double) {
        self.distance = distance
        self.initialAzimuth = initialAzimuth
        self.finalAzimuth = finalAzimuth
    }

    /// What invalid input produces: NaN everywhere, so it cannot be mistaken for a real path.
    static let undefined = GeodesicInverse(distance: .nan, initialAzimuth: .nan, finalAzimuth: .nan)
}
