#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Vocabulary

/// A latitude/longitude box around a route, for skipping the map's features that are nowhere near it
/// before measuring distances. Routes that cross the antimeridian get the whole range of longitudes.
struct CoordinateBounds: Sendable {
    var south: Double, north: Double, west: Double, east: Double

    init(enclosing points: [Coordinate], margin metres: Double) {
        let lats = points.map(\.latitude), lons = points.map(\.longitude)
        let dLat = metres / LocalPlane.metresPerDegree
        south = (lats.min() ?? 0) - dLat
        north = (lats.max() ?? 0) + dLat
        let widest = max(abs(south), abs(north))
        let cosine = cos(min(89, widest) * Double.pi / 180)
        let dLon = metres / (LocalPlane.metresPerDegree * cosine)
        let low = lons.min() ?? 0, high = lons.max() ?? 0
        if high - low > 180 { west = -180; east = 180 } else { west = low - dLon; east = high + dLon }
    }

    func contains(_ c: Coordinate) -> Bool {
        c.latitude >= south && c.latitude <= north && c.longitude >= west && c.longitude <= east
    }

    /// Whether a line's own box overlaps this one: a long way (steps rarely are) can pass through the
    /// box with no point inside it.
    func crosses(_ points: [Coordinate]) -> Bool {
        guard let s = points.map(\.latitude).min(), let n = points.map(\.latitude).max(),
              let w = points.map(\.longitude).min(), let e = points.map(\.longitude).max() else { return false }
        return s <= north && n >= south && w <= east && e >= west
    }
}
