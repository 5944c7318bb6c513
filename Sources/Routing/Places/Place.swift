import Vocabulary

/// A named destination from the configuration's `[places]` table ("home", "office").
package struct Place: Sendable, Hashable {
    package var name: String
    package var coordinate: Coordinate

    package init(name: String, coordinate: Coordinate) {
        self.name = name
        self.coordinate = coordinate
    }
}
