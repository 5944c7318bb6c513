/// The World Magnetic Model: Earth's main magnetic field from a degree-12 spherical-harmonic
/// expansion, evaluated for a place and a date (the WMM technical report's steps, outlined in
/// docs/navigation.md). Pure and synchronous.
///
/// `wmm2025` is the shipped model. Results agree with NOAA's 100 published WMM2025 test values to
/// the printed precision (0.01° in D and I, 1 nT in the intensities; WorldMagneticModelTests).
package struct WorldMagneticModel: Sendable {
    package let coefficients: MagneticModelCoefficients

    /// The geomagnetic reference radius of the expansion, km (WMM technical report).
    static let referenceRadius = 6371.2

    /// Heights above the WGS84 ellipsoid, km, for which NOAA states the model: its calculator
    /// warns outside −1…1900 km (wmm-calculator 1.4.4, `check_coords`, after MIL-PRF-89500B).
    /// We refuse instead of warn: the appliance clamps a GPS height (see `Declination`).
    package static let altitudeRange: ClosedRange<Double> = -1...1900

    package init(coefficients: MagneticModelCoefficients) {
        self.coefficients = coefficients
    }

    /// Decimal years the model covers: [epoch, epoch + 5), the five-year life of every WMM
    /// (2025.0–2030.0 for WMM2025).
    package var validity: Range<Double> { coefficients.epoch..<(coefficients.epoch + 5) }

    /// The field at geodetic `latitude`/`longitude` (degrees, WGS84), `altitude` km above the
    /// ellipsoid, at `decimalYear` (see `DecimalYear`).
    ///
    /// At a geographic pole (|latitude| within 1e-9° of 90°, 0.1 mm) the field is evaluated that
    /// close to the pole on the given meridian and returned with no horizontal reference, so
    /// H, Z, F and I are the pole's and `declination` is nil. Longitude may be any finite value.
    /// Throws `MagneticModelError` for a latitude outside [-90, 90], a non-finite longitude, an
    /// altitude outside `altitudeRange` or a date outside `validity`.
    package func field(latitude: Double, longitude: Double, altitude: Double,
                      decimalYear: Double) throws -> MagneticField {
        guard latitude.isFinite, abs(latitude) <= 90 else { throw MagneticModelError.latitudeOutOfRange(latitude) }
        guard longitude.isFinite else { throw MagneticModelError.longitudeNotFinite(longitude) }
        guard altitude.isFinite, Self.altitudeRange.contains(altitude) else {
            throw MagneticModelError.altitudeOutOfRange(
                kilometres: altitude, validFrom: Self.altitudeRange.lowerBound, validUntil: Self.altitudeRange.upperBound)
        }
        guard decimalYear.isFinite, validity.contains(decimalYear) else {
            throw MagneticModelError.dateOutsideValidity(
                decimalYear: decimalYear, model: coefficients.modelName,
                validFrom: validity.lowerBound, validUntil: validity.upperBound)
        }
        let poleDistance = 90 - abs(latitude)
        let atPole = poleDistance < Self.poleTolerance
        let evaluated = atPole ? (latitude < 0 ? -1 : 1) * (90 - Self.poleTolerance) : latitude
        var field = evaluate(latitude: evaluated, longitude: longitude, altitude: altitude,
                             years: decimalYear - coefficients.epoch)
        field.hasHorizontalReference = !atPole
        return field
    }

    /// How close to a pole counts as the pole, degrees (about 0.1 mm): close enough that no fix
    /// can tell the difference, far enough that sin θ stays a normal number in the east sum.
    static let poleTolerance = 1e-9

    /// Steps 1–5 of the outline in docs/navigation.md for valid input, `years` after the epoch.
    private func evaluate(latitude: Double, longitude: Double, altitude: Double, years: Double) -> MagneticField {
        let position = GeocentricPosition(latitude: latitude, altitudeKilometres: altitude)
        let degree = coefficients.maxDegree
        // θ is the geocentric colatitude: cos θ = sin φ′, sin θ = cos φ′.
        let legendre = SchmidtLegendre(maxDegree: degree, x: position.sinLatitude, s: position.cosLatitude)
        var cosML = [Double](repeating: 1, count: degree + 1)
        var sinML = [Double](repeating: 0, count: degree + 1)
        for m in stride(from: 1, through: degree, by: 1) {
            (sinML[m], cosML[m]) = GeodesicMath.sinCos(degrees: Double(m) * longitude)
        }

        // B = −∇V with V = a Σ (a/r)ⁿ⁺¹ Σ (gₙᵐ cos mλ + hₙᵐ sin mλ) Pₙᵐ(cos θ), in geocentric
        // north (−B_θ), east (B_λ) and down (−B_r) components.
        let ratio = Self.referenceRadius / position.radius
        var scale = ratio * ratio                        // (a/r)ⁿ⁺² for n = 0
        var north = 0.0, east = 0.0, down = 0.0
        var term = 0
        for n in stride(from: 1, through: degree, by: 1) {
            scale *= ratio
            for m in 0...n {
                let c = coefficients.terms[term]
                term += 1
                // Secular variation to the date (step 2).
                let g = c.g + c.gRate * years, h = c.h + c.hRate * years
                let cosPart = g * cosML[m] + h * sinML[m]
                let sinPart = g * sinML[m] - h * cosML[m]
                north += scale * cosPart * legendre.derivative(n, m)
                east += scale * Double(m) * sinPart * legendre.value(n, m)
                down -= scale * Double(n + 1) * cosPart * legendre.value(n, m)
            }
        }
        east /= position.cosLatitude                     // the 1/sin θ of B_λ

        // Rotate by ψ = φ′ − φ about the east axis onto the geodetic frame (step 5).
        return MagneticField(north: north * position.cosTilt - down * position.sinTilt,
                             east: east,
                             down: north * position.sinTilt + down * position.cosTilt)
    }
}
