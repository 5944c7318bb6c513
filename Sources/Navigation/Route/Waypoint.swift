import Sensors

/// One point the walker is guided to, as read from a route file.
package struct Waypoint: Sendable, Hashable {
    /// Shown or spoken when the point is announced; `nil` when the file gave none.
    package var name: String?
    package var coordinate: Coordinate
    /// Metres above mean sea level as the file states it; informational only,
    /// because guidance on foot works on the horizontal plane.
    package var elevation: Double?

    package init(name: String? = nil, coordinate: Coordinate, elevation: Double? = nil) {
        self.name = name
        self.coordinate = coordinate
        self.elevation = elevation
    }
}
