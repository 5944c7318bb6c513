import Vocabulary

/// A highway's line, drawn under the walk in the trip report.
package struct MapStreet: Sendable, Hashable {
    /// The `highway` value: "residential", "footway", "steps", …
    package var highway: String
    package var name: String?
    package var points: [Coordinate]

    package init(highway: String, name: String? = nil, points: [Coordinate]) {
        self.highway = highway
        self.name = name
        self.points = points
    }

    /// Ways for walking and nothing else: a crossing node on one of these is not on the crossed road.
    package static let walkingOnly: Set<String> = ["footway", "path", "pedestrian", "steps", "cycleway", "bridleway",
                                                    "corridor", "elevator", "platform", "track"]
}
