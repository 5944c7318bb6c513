/// A position on a `LocalProjection`'s plane: metres east and north of its centre.
package struct LocalPoint: Sendable, Hashable {
    package var east: Double
    package var north: Double

    package init(east: Double, north: Double) {
        self.east = east
        self.north = north
    }

    /// Straight-line distance on the plane, metres.
    package func distance(to other: LocalPoint) -> Double {
        (east - other.east).hypot(north - other.north)
    }
}

extension Double {
    /// √(a² + b²) without the overflow of squaring, for any finite or non-finite input.
    func hypot(_ other: Double) -> Double {
        let a = abs(self), b = abs(other)
        let large = Swift.max(a, b), small = Swift.min(a, b)
        guard large.isFinite else { return large.isNaN || small.isNaN ? .nan : .infinity }
        guard large > 0 else { return 0 }
        let ratio = small / large
        return large * (1 + ratio * ratio).squareRoot()
    }
}
