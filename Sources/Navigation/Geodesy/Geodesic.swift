#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Sensors

/// Geodesics (shortest paths) on an ellipsoid of revolution, by Karney's method.
///
/// C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87:43–55 (2013),
/// doi:10.1007/s00190-012-0578-z. The geodesic is mapped onto an auxiliary sphere, where it
/// is a great circle; distance and longitude follow from series in the third flattening n,
/// to sixth order. Results are accurate to round-off (~15 nm on WGS84) and the inverse
/// problem converges everywhere, including nearly antipodal points where Vincenty's
/// iteration fails. A spherical (haversine) model would be off by up to 0.56 % in distance,
/// which is why we carry the ellipsoid.
///
/// Supported ellipsoids: finite a > 0 and 0 ≤ f ≤ 0.01 (oblate and Earth-like; the
/// sixth-order series are accurate to round-off there). Other parameters make every result
/// NaN rather than an inaccurate number.
///
/// Invalid inputs never trap: a latitude outside [-90°, 90°], or any NaN or infinite value,
/// gives NaN results. Longitudes and azimuths may be any finite value (they are wrapped).
package struct Geodesic: Sendable {
    /// Semi-major axis a, metres.
    package let equatorialRadius: Double
    /// Flattening f = (a − b)/a.
    package let flattening: Double

    /// Semi-minor axis b = a(1 − f), metres.
    let polarRadius: Double
    /// Third flattening n = f/(2 − f): the small parameter of the series.
    let thirdFlattening: Double
    /// Second eccentricity squared e′² = e²/(1 − e²).
    let secondEccentricitySquared: Double
    /// False for parameters outside the supported range (all results are then NaN).
    let isSupported: Bool

    /// WGS84: a = 6 378 137 m, f = 1/298.257223563 (NIMA TR8350.2).
    package static let wgs84 = Geodesic(equatorialRadius: 6_378_137, flattening: 1 / 298.257223563)

    package init(equatorialRadius: Double, flattening: Double) {
        self.equatorialRadius = equatorialRadius
        self.flattening = flattening
        isSupported = equatorialRadius.isFinite && equatorialRadius > 0
            && flattening.isFinite && flattening >= 0 && flattening <= 0.01
        polarRadius = equatorialRadius * (1 - flattening)
        thirdFlattening = flattening / (2 - flattening)
        let e2 = flattening * (2 - flattening)
        secondEccentricitySquared = e2 / (1 - e2)
    }

    // MARK: Direct problem

    /// Where a geodesic that leaves `start` heading `azimuth` (degrees clockwise from true
    /// north) arrives after `distance` metres (negative goes backwards).
    ///
    /// From a pole, `azimuth` is measured as if the pole had been reached along the meridian
    /// of `start.longitude`. Non-finite input or |latitude| > 90° gives NaN.
    package func direct(from start: Coordinate, azimuth: Double, distance: Double) -> GeodesicDirect {
        guard isSupported, start.latitude.isFinite, abs(start.latitude) <= 90,
              start.longitude.isFinite, azimuth.isFinite, distance.isFinite
        else { return .undefined }
        let f = flattening
        let lat1 = GeodesicMath.snapTiny(start.latitude)
        let azi1 = GeodesicMath.snapTiny(GeodesicMath.normalizedSigned(azimuth))
        let (salp1, calp1) = GeodesicMath.sinCos(degrees: azi1)
        let (sbet1, cbet1) = reducedLatitude(lat1)

        // Clairaut: sin α₀ = sin α₁ cos β₁ is constant along the geodesic.
        let salp0 = salp1 * cbet1
        let calp0 = hypot(calp1, salp1 * sbet1)
        // σ₁ from tan σ₁ = tan β₁ / cos α₁ (σ measured from the northward equator crossing).
        var ssig1 = sbet1, csig1 = calp1 * cbet1
        GeodesicMath.normalize(&ssig1, &csig1)

        let series = GeodesicSeries(
            epsilon: GeodesicSeries.epsilon(k2: secondEccentricitySquared * calp0 * calp0),
            thirdFlattening: thirdFlattening)
        let a1 = 1 + series.a1Minus1

        // Distance → arc length: τ = s/(b A₁) on the secular scale, then revert the series.
        // σ₁₂ = τ₁₂ + B₁(σ₁) + B′₁(τ₂) avoids the cancellation of σ₂ − σ₁ on short lines.
        let b11 = series.c1(sin: ssig1, cos: csig1)
        let sigma1 = atan2(ssig1, csig1)
        let tau12 = distance / (polarRadius * a1)
        let tau2 = sigma1 + b11 + tau12
        let sig12 = tau12 + b11 + series.c1Prime(radians: tau2)
        let ssig12 = sin(sig12), csig12 = cos(sig12)
        let ssig2 = ssig1 * csig12 + csig1 * ssig12
        let csig2 = csig1 * csig12 - ssig1 * ssig12

        // Point 2 on the auxiliary sphere.
        let sbet2 = calp0 * ssig2
        let cbet2 = hypot(salp0, calp0 * csig2)
        let salp2 = salp0, calp2 = calp0 * csig2

        // Longitude on the auxiliary sphere, ω, kept on the right turn for long lines:
        // tan ω = sin α₀ tan σ, and ω − σ stays within ±π/2, so unwrap ω₁₂ against σ₁₂.
        let omegaSign: Double = salp0.sign == .minus ? -1 : 1
        let sa0 = abs(salp0)
        let somg1 = sa0 * ssig1, comg1 = csig1
        let somg2 = sa0 * ssig2, comg2 = csig2
        let lag1 = remainder(atan2(somg1, comg1) - sigma1, 2 * Double.pi)
        let lag2 = remainder(atan2(somg2, comg2) - atan2(ssig2, csig2), 2 * Double.pi)
        let omgRough = sig12 + lag2 - lag1
        let omg12 = omegaSign * GeodesicMath.angleBetween(somg1, comg1, somg2, comg2, near: omgRough)

        // λ = ω − f sin α₀ I₃(σ)  (Karney 2013, §3)
        let b31 = series.c3(sin: ssig1, cos: csig1)
        let b32 = series.c3(sin: ssig2, cos: csig2)
        let lam12 = omg12 - f * salp0 * series.a3 * (sig12 + b32 - b31)

        let lon12 = GeodesicMath.normalizedSigned(lam12 / GeodesicMath.radiansPerDegree)
        let lon2 = GeodesicMath.normalizedSigned(
            GeodesicMath.normalizedSigned(start.longitude) + lon12)
        let lat2 = GeodesicMath.atan2Degrees(sbet2, (1 - f) * cbet2)
        let azi2 = GeodesicMath.normalizedSigned(GeodesicMath.atan2Degrees(salp2, calp2))
        return GeodesicDirect(destination: Coordinate(latitude: lat2, longitude: lon2),
                              finalAzimuth: azi2)
    }

    // MARK: Conveniences for navigation code

    /// Geodesic distance in metres (NaN for invalid input).
    package func distance(from start: Coordinate, to end: Coordinate) -> Double {
        inverse(from: start, to: end).distance
    }

    /// Initial bearing of the shortest path, degrees clockwise from true north in [0, 360)
    /// (the range a compass heading uses). Coincident points give the conventional azimuth
    /// described on ``inverse(from:to:)``.
    package func initialBearing(from start: Coordinate, to end: Coordinate) -> Double {
        Bearing.normalized(inverse(from: start, to: end).initialAzimuth)
    }

    // MARK: Shared pieces

    /// sin β and cos β of the reduced latitude, tan β = (1 − f) tan φ; cos β never below
    /// `tiny`, so a pole acts as the limit along its meridian.
    func reducedLatitude(_ latitude: Double) -> (sin: Double, cos: Double) {
        var (s, c) = GeodesicMath.sinCos(degrees: latitude)
        s *= 1 - flattening
        GeodesicMath.normalize(&s, &c)
        return (s, max(GeodesicMath.tiny, c))
    }

    /// Distance and reduced length between σ₁ and σ₂ = σ₁ + σ₁₂, both in units of b.
    ///
    /// Reduced length m₁₂ (Karney 2013, §3): how far the end moves sideways per radian of
    /// change in the start azimuth, m₁₂/b = w₂ cos σ₁ sin σ₂ − w₁ sin σ₁ cos σ₂
    /// − cos σ₁ cos σ₂ (J(σ₂) − J(σ₁)), with w = √(1 + k² sin²σ) and J = I₁ − I₂.
    /// The inverse solver needs it for Newton's derivative and to reject meridians that run
    /// past a conjugate point.
    func lengths(series: GeodesicSeries, k2: Double, sig12: Double,
                 ssig1: Double, csig1: Double, ssig2: Double, csig2: Double)
        -> (distance: Double, reducedLength: Double)
    {
        let a1 = 1 + series.a1Minus1, a2 = 1 + series.a2Minus1
        let b1 = series.c1(sin: ssig2, cos: csig2) - series.c1(sin: ssig1, cos: csig1)
        let b2 = series.c2(sin: ssig2, cos: csig2) - series.c2(sin: ssig1, cos: csig1)
        let distance = a1 * (sig12 + b1)
        let j12 = (series.a1Minus1 - series.a2Minus1) * sig12 + (a1 * b1 - a2 * b2)
        let w1 = (1 + k2 * ssig1 * ssig1).squareRoot()
        let w2 = (1 + k2 * ssig2 * ssig2).squareRoot()
        let reduced = w2 * (csig1 * ssig2) - w1 * (ssig1 * csig2) - csig1 * csig2 * j12
        return (distance, reduced)
    }
}
