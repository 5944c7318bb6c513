import Navigation

/// Where the map puts things: the walk's extent, projected, scaled into a fixed-width SVG with
/// north up and one scale in both directions, so that distances on the map are true.
///
/// The width is fixed; the height follows the extent's shape within limits, so a walk along a
/// street is not a sliver and a one-point track still gets a sensible square. The extent is at least
/// `minimumSpan` metres each way, which keeps the scale finite for a single point.
struct MapFrame: Sendable {
    static let width = 760.0
    static let padding = 40.0
    static let minimumHeight = 360.0
    static let maximumHeight = 760.0
    static let minimumSpan = 100.0

    let projection: LocalProjection
    /// Pixels.
    let height: Double
    /// Pixels per metre.
    let scale: Double
    /// The extent's middle on the plane; it is drawn at the middle of the SVG.
    let middle: LocalPoint

    /// A frame around the valid coordinates; nil when there is none.
    init?(coordinates: [Coordinate]) {
        let valid = coordinates.filter(\.isValid)
        guard !valid.isEmpty else { return nil }
        let projection = LocalProjection(fitting: valid)
        let points = valid.compactMap(projection.project)
        guard let first = points.first else { return nil }
        var west = first.east, east = first.east, south = first.north, north = first.north
        for point in points {
            west = min(west, point.east)
            east = max(east, point.east)
            south = min(south, point.north)
            north = max(north, point.north)
        }
        let spanEast = max(east - west, Self.minimumSpan)
        let spanNorth = max(north - south, Self.minimumSpan)
        let inner = Self.width - 2 * Self.padding
        let wanted = 2 * Self.padding + inner * spanNorth / spanEast
        let height = min(max(wanted.isFinite ? wanted.rounded() : Self.maximumHeight, Self.minimumHeight), Self.maximumHeight)
        self.projection = projection
        self.height = height
        scale = min(inner / spanEast, (height - 2 * Self.padding) / spanNorth)
        middle = LocalPoint(east: (west + east) / 2, north: (south + north) / 2)
    }

    /// The rectangle the map shows, on the plane, in metres: the walk's extent and the padding.
    var shownArea: (west: Double, south: Double, east: Double, north: Double) {
        let halfWidth = Self.width / 2 / scale, halfHeight = height / 2 / scale
        return (middle.east - halfWidth, middle.north - halfHeight, middle.east + halfWidth, middle.north + halfHeight)
    }

    func pixel(_ point: LocalPoint) -> (x: Double, y: Double) {
        (Self.width / 2 + (point.east - middle.east) * scale, height / 2 - (point.north - middle.north) * scale)
    }

    func pixel(_ coordinate: Coordinate) -> (x: Double, y: Double)? {
        projection.project(coordinate).map(pixel)
    }

    /// The longest round length (1, 2 or 5 times a power of ten metres) whose bar is at most
    /// `maximumPixels` long, and its length in pixels.
    func scaleBar(maximumPixels: Double = 170) -> (metres: Double, pixels: Double) {
        var best = (metres: 1.0, pixels: scale)
        var power = 1.0
        for _ in 0..<8 {
            for step in [1.0, 2.0, 5.0] {
                let metres = step * power
                if metres * scale <= maximumPixels { best = (metres, metres * scale) }
            }
            power *= 10
        }
        return best
    }
}
