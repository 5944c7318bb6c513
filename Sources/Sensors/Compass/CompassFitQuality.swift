/// How good a calibration fit is, for the wearer ("turn once more") and for the log.
public struct CompassFitQuality: Sendable, Equatable, Codable {
    public var samples: Int
    /// std/mean of the corrected magnitudes (horizontal ones for an ellipse fit): a perfect fit
    /// makes them all equal; under ~2–3 % is good.
    public var relativeSpread: Double
    /// How much of the full turn the corrected samples cover, in 10° bins (0…360).
    public var coverageDegrees: Double

    /// The limits `isGood` applies.
    public static let maximumSpread = 0.03
    public static let minimumCoverage = 300.0

    public init(samples: Int, relativeSpread: Double, coverageDegrees: Double) {
        self.samples = samples
        self.relativeSpread = relativeSpread
        self.coverageDegrees = coverageDegrees
    }

    public var isGood: Bool {
        relativeSpread < Self.maximumSpread && coverageDegrees >= Self.minimumCoverage
    }
}
