#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Vocabulary

/// A rectangle of latitude and longitude, for picking the streets around a walk out of a map: south
/// to north, west to east, across the antimeridian when `west` is greater than `east`.
package struct MapArea: Sendable, Hashable {
    package let south: Double
    package let north: Double
    /// The middle longitude, and how far the area reaches east and west of it, degrees.
    let middle: Double
    let halfWidth: Double

    /// Nil when a bound is not finite or the south is north of the north.
    package init?(south: Double, west: Double, north: Double, east: Double) {
        guard south.isFinite, west.isFinite, north.isFinite, east.isFinite, south <= north else { return nil }
        self.south = south
        self.north = north
        var width = remainder(east - west, 360)
        if width < 0 { width += 360 }
        // A whole turn (west −180, east 180) is the whole width, not none of it.
        if width == 0, east != west { width = 360 }
        halfWidth = width / 2
        middle = west + halfWidth
    }

    /// Whether the line from `a` to `b` (straight in degrees, the short way round) meets the area:
    /// true also for a segment that crosses it with both ends outside.
    package func meets(_ a: Coordinate, _ b: Coordinate) -> Bool {
        guard min(a.latitude, b.latitude) <= north, max(a.latitude, b.latitude) >= south else { return false }
        let fromA = remainder(a.longitude - middle, 360)
        let fromB = fromA + remainder(b.longitude - a.longitude, 360)
        return min(fromA, fromB) <= halfWidth && max(fromA, fromB) >= -halfWidth
    }

    /// Whether any segment of a line meets the area (a single point: whether it is in it).
    package func meets(_ line: [Coordinate]) -> Bool {
        guard let first = line.first else { return false }
        if line.count == 1 { return meets(first, first) }
        return zip(line, line.dropFirst()).contains { meets($0, $1) }
    }
}
