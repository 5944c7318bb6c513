/// A turn as a walker is told it, from the change of bearing at a junction (negative is left).
package enum TurnDirection: String, Sendable, Hashable, CaseIterable {
    case slightLeft = "slight left"
    case left
    case sharpLeft = "sharp left"
    case slightRight = "slight right"
    case right
    case sharpRight = "sharp right"
    case uTurn = "U-turn"

    /// Below this many degrees a junction is passed straight on.
    package static let straightLimit = 25.0

    /// The turn for a change of bearing in degrees (−180…180, negative left), or `nil` for straight on.
    /// The bands are Routino's own words' (`translations.xml`: Slight 45°, Left/Right 90°, Sharp 135°,
    /// Very sharp 180°) centred on their angles.
    package init?(degrees: Double) {
        let a = abs(degrees)
        guard a.isFinite, a >= Self.straightLimit else { return nil }
        let left = degrees < 0
        if a < 67.5 { self = left ? .slightLeft : .slightRight }
        else if a < 112.5 { self = left ? .left : .right }
        else if a < 165 { self = left ? .sharpLeft : .sharpRight }
        else { self = .uTurn }
    }
}
