#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Vocabulary

/// A flat approximation of the Earth around one point (an equirectangular projection on the mean
/// radius, IUGG R1 = 6 371 008.8 m): within the few hundred metres a crossing or a turn is judged over,
/// its error is far below the metre the map's own positions are good for, and it costs a multiply.
package struct LocalPlane: Sendable {
    static let metresPerDegree = 6_371_008.8 * Double.pi / 180

    package var origin: Coordinate
    private let eastScale: Double

    package init(origin: Coordinate) {
        self.origin = origin
        eastScale = Self.metresPerDegree * cos(origin.latitude * Double.pi / 180)
    }

    /// East and north metres from the origin.
    package func project(_ c: Coordinate) -> (x: Double, y: Double) {
        var dLon = c.longitude - origin.longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        return (dLon * eastScale, (c.latitude - origin.latitude) * Self.metresPerDegree)
    }

    package func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let p = project(a), q = project(b)
        return ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
    }

    /// The true bearing from `a` to `b` in degrees [0, 360).
    package func bearing(from a: Coordinate, to b: Coordinate) -> Double {
        let p = project(a), q = project(b)
        let degrees = atan2(q.x - p.x, q.y - p.y) * 180 / Double.pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// The distance from `point` to the segment `a`–`b`, and how far along the segment (0…1) its
    /// closest point lies.
    package func distance(from point: Coordinate, toSegment a: Coordinate, _ b: Coordinate) -> (metres: Double, fraction: Double) {
        let p = project(point), s = project(a), e = project(b)
        let dx = e.x - s.x, dy = e.y - s.y
        let length2 = dx * dx + dy * dy
        var t = length2 > 0 ? ((p.x - s.x) * dx + (p.y - s.y) * dy) / length2 : 0
        t = min(1, max(0, t))
        let cx = s.x + t * dx - p.x, cy = s.y + t * dy - p.y
        return ((cx * cx + cy * cy).squareRoot(), t)
    }
}
