import Vocabulary

/// A barrier on a node (`barrier=bollard|gate|kerb|…`) that a walker meets on the way; Routino uses
/// barriers only for access, so the index keeps where they are and what they are.
package struct MapBarrier: Sendable, Hashable {
    package var coordinate: Coordinate
    /// The tag's value: "bollard", "gate", "lift_gate", …
    package var kind: String

    package init(coordinate: Coordinate, kind: String) {
        self.coordinate = coordinate
        self.kind = kind
    }
}
