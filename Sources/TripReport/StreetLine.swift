import Navigation

/// One street's line from the map, drawn under the walk: the OpenStreetMap `highway` value, the
/// street's name if it has one, and its points in order. The report's own plain type, so that the
/// report needs nothing of route planning; the caller copies it from the map's index.
package struct StreetLine: Sendable, Hashable {
    package var highway: String
    package var name: String?
    package var points: [Coordinate]

    package init(highway: String, name: String? = nil, points: [Coordinate]) {
        self.highway = highway
        self.name = name
        self.points = points
    }
}
