/// Thresholds compare with a margin of 1e-9 u (or rad, or scale), so that a value that equals a
/// threshold on paper still does after floating-point subtraction (0.35 − 0.2 is 0.149999…): a move
/// of exactly `allowableMovement` is allowed, a stroke of exactly `minimumDistance` is a swipe.
enum Tolerance {
    static let epsilon = 1e-9

    /// `value ≥ threshold`, as the rule reads.
    static func reaches(_ value: Double, _ threshold: Double) -> Bool { value >= threshold - epsilon }

    /// `value > threshold`, as the rule reads.
    static func exceeds(_ value: Double, _ threshold: Double) -> Bool { value > threshold + epsilon }
}
