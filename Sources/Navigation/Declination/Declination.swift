import Sensors

/// Magnetic declination, east positive, and the one place where bearings cross between true and
/// magnetic north: true = magnetic + declination (WMM technical report: D = atan2(Y, X), east positive).
///
/// The belt's own compass and any I2C compass measure magnetic bearings; routes and geodesics are
/// true. Doing the conversion only here keeps the sign convention in one line.
package struct Declination: Sendable, Equatable {
    /// Degrees east of true north that magnetic north lies.
    package var degrees: Double

    package init(degrees: Double) {
        self.degrees = degrees
    }

    /// A magnetic bearing (degrees) as a true bearing, in [0, 360).
    package func trueBearing(fromMagnetic magnetic: Double) -> Double {
        Bearing.normalized(magnetic + degrees)
    }

    /// A true bearing (degrees) as a magnetic bearing, in [0, 360).
    package func magneticBearing(fromTrue trueBearing: Double) -> Double {
        Bearing.normalized(trueBearing - degrees)
    }

    /// The declination the World Magnetic Model gives at a fix.
    ///
    /// `altitude` is metres above the WGS84 ellipsoid, as a GPS reports it; nil (a 2D fix) is taken
    /// as 0. It is clamped into the model's range: a GPS height glitch should not cost the wearer
    /// the declination, and it barely moves it (the technical report's grid values at 0 and 100 km
    /// differ by at most 0.56°, `WorldMagneticModelTests`). Throws `MagneticModelError` for a date
    /// outside the model's validity (the caller then falls back to a configured value) and at a
    /// geographic pole.
    package static func worldMagneticModel(at coordinate: Coordinate, altitude: Double?, decimalYear: Double,
                                          model: WorldMagneticModel = .wmm2025) throws -> Declination {
        let field = try earthField(at: coordinate, altitude: altitude, decimalYear: decimalYear, model: model)
        guard let degrees = field.declination else { throw MagneticModelError.undefinedAtPole(latitude: coordinate.latitude) }
        return Declination(degrees: degrees)
    }

    /// The Earth's field at a fix by the model, with the fix's altitude (metres, nil = 0) clamped
    /// into the model's range as for the declination.
    package static func earthField(at coordinate: Coordinate, altitude: Double?, decimalYear: Double,
                                  model: WorldMagneticModel = .wmm2025) throws -> MagneticField {
        let kilometres = (altitude ?? 0) / 1000
        let range = WorldMagneticModel.altitudeRange
        let clamped = kilometres.isFinite ? min(max(kilometres, range.lowerBound), range.upperBound) : 0
        return try model.field(latitude: coordinate.latitude, longitude: coordinate.longitude,
                               altitude: clamped, decimalYear: decimalYear)
    }
}
