import Sensors

/// Where a geodesic ends after a given distance, and which way it is then heading.
package struct GeodesicDirect: Sendable, Equatable {
    /// End point; latitude in [-90, 90], longitude in (-180, 180]. NaN for invalid input.
    package var destination: Coordinate
    /// Direction of travel at the destination, degrees clockwise from true north, in (-180, 180].
    package var finalAzimuth: Double

    package init(destination: Coordinate, finalAzimuth: Double) {
        self.destination = destination
        self.finalAzimuth = finalAzimuth
    }

    /// What invalid input produces: NaN everywhere, so it cannot be mistaken for a real point.
    static let undefined = GeodesicDirect(
        destination: Coordinate(latitude: .nan, longitude: .nan), finalAzimuth: .nan)
}
