/// A fitted hard/soft-iron correction: corrected = softIron · (raw − offset).
///
/// A plain Codable value so the runtime can store it as JSON in the state directory (atomically,
/// through `AtomicFile`) and load it at start; it records what it was fitted to and how well.
package struct CompassCalibration: Sendable, Equatable, Codable {
    /// Which fit produced it.
    package enum Model: String, Sendable, Codable {
        /// No correction.
        case identity
        /// Full ellipsoid: the samples covered three dimensions.
        case ellipsoid
        /// Horizontal ellipse: the samples came from turning on the spot; z is left uncorrected.
        case ellipse
    }

    package var model: Model
    /// Hard-iron offset b, in `unit`.
    package var offset: Vector3
    /// Soft-iron correction W (the inverse of the distortion, scaled to `fieldStrength`).
    package var softIron: Matrix3
    /// The magnitude corrected readings have (the horizontal magnitude for `.ellipse`), in `unit`.
    package var fieldStrength: Double
    /// Always "uT": the drivers convert counts to µT before anything is fitted.
    package var unit: String
    package var quality: CompassFitQuality
    /// The chip and address it was fitted for, so a calibration is not applied to another sensor.
    package var chip: CompassChip?
    package var address: Int?
    /// When it was fitted (seconds since 1970, UTC), so an old calibration can be recognised.
    package var fittedAt: Double?

    package init(model: Model, offset: Vector3, softIron: Matrix3, fieldStrength: Double,
                quality: CompassFitQuality, chip: CompassChip? = nil, address: Int? = nil) {
        self.model = model
        self.offset = offset
        self.softIron = softIron
        self.fieldStrength = fieldStrength
        unit = "uT"
        self.quality = quality
        self.chip = chip
        self.address = address
    }

    package static let identity = CompassCalibration(
        model: .identity, offset: .zero, softIron: .identity, fieldStrength: 0,
        quality: CompassFitQuality(samples: 0, relativeSpread: 0, coverageDegrees: 0))

    /// The corrected field for a raw one.
    package func apply(_ raw: Vector3) -> Vector3 {
        softIron * (raw - offset)
    }
}
