import Vocabulary

/// A route's line with the distance along it at each point: positions at a distance, the nearest
/// point to a feature, the line's bounds, and its simplification.
struct LineGeometry: Sendable {
    let line: [Coordinate]
    let along: [Double]

    /// The point `metres` along the line, clamped to its ends; interpolated in degrees, which over one
    /// segment of a walk is exact to far below a metre.
    func coordinate(at metres: Double) -> Coordinate {
        guard let first = line.first, let last = line.last else { return Coordinate(latitude: 0, longitude: 0) }
        guard metres > 0 else { return first }
        guard let total = along.last, metres < total else { return last }
        var low = 0, high = along.count - 1
        while high - low > 1 {
            let mid = low + (high - low) / 2
            if along[mid] <= metres { low = mid } else { high = mid }
        }
        let span = along[high] - along[low]
        let t = span > 0 ? (metres - along[low]) / span : 0
        let a = line[low], b = line[high]
        return Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * t,
                          longitude: a.longitude + (b.longitude - a.longitude) * t)
    }

    /// The true bearing of segment `s`, or `nil` when its ends coincide.
    func segmentBearing(_ s: Int) -> Double? {
        guard s >= 0, s + 1 < line.count, line[s] != line[s + 1] else { return nil }
        return LocalPlane(origin: line[s]).bearing(from: line[s], to: line[s + 1])
    }

    /// The line's point nearest to `point`: its distance, its segment and its distance along the line.
    func nearest(to point: Coordinate) -> (metres: Double, segment: Int, along: Double)? {
        guard line.count >= 2 else { return line.first.map { (LocalPlane(origin: point).distance(point, $0), 0, 0) } }
        let plane = LocalPlane(origin: point)
        var best: (metres: Double, segment: Int, along: Double)?
        for s in 0..<(line.count - 1) {
            let hit = plane.distance(from: point, toSegment: line[s], line[s + 1])
            if hit.metres < best?.metres ?? .infinity {
                best = (hit.metres, s, along[s] + hit.fraction * (along[s + 1] - along[s]))
            }
        }
        return best
    }

    func bounds(margin metres: Double) -> CoordinateBounds {
        CoordinateBounds(enclosing: line, margin: metres)
    }

    /// The indices of the points Douglas–Peucker keeps at `tolerance` metres, first and last included,
    /// in order.
    func simplified(tolerance: Double) -> [Int] {
        guard line.count > 2 else { return Array(line.indices) }
        var keep = Array(repeating: false, count: line.count)
        keep[0] = true
        keep[line.count - 1] = true
        var stack = [(0, line.count - 1)]
        while let (first, last) = stack.popLast() {
            guard last - first > 1 else { continue }
            let plane = LocalPlane(origin: line[first])
            var worst = (metres: -1.0, index: first)
            for k in (first + 1)..<last {
                let d = plane.distance(from: line[k], toSegment: line[first], line[last]).metres
                if d > worst.metres { worst = (d, k) }
            }
            if worst.metres > tolerance {
                keep[worst.index] = true
                stack.append((first, worst.index))
                stack.append((worst.index, last))
            }
        }
        return keep.indices.filter { keep[$0] }
    }
}
