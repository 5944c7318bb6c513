/// How good a calibration fit is, for the wearer ("turn once more") and for the log.
package struct CompassFitQuality: Sendable, Equatable, Codable {
    package var samples: Int
    /// std/mean of the corrected magnitudes (horizontal ones for an ellipse fit): a perfect fit
    /// makes them all equal; under ~2–3 % is good.
    package var relativeSpread: Double
    /// How much of the full turn the corrected samples cover, in 10° bins (0…360).
    package var coverageDegrees: Double

    /// The limits `isGood` applies.
    package static let maximumSpread = 0.03
    package static let minimumCoverage = 300.0

    package init(samples: Int, relativeSpread: Double, coverageDegrees: Double) {
        self.samples = samples
        self.relativeSpread = relativeSpread
        self.coverageDegrees = coverageDegrees
    }

    package var isGood: Bool {
        relativeSpread < Self.maximumSpread && coverageDegrees >= Self.minimumCoverage
    }
}
