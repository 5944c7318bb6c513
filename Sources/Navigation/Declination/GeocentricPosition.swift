#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A point given by geodetic latitude and height on WGS84, in the geocentric spherical frame the
/// spherical-harmonic sum needs (step 1 of the WMM algorithm; docs/navigation.md).
///
/// GPS heights are above the ellipsoid and latitude is geodetic, while the field model is
/// expanded about Earth's centre; mixing the two would misplace a point by up to 0.19° of
/// latitude (φ − φ′ at 45°) and 21 km of radius (a − b), both from the WGS84 constants below.
struct GeocentricPosition {
    /// Distance from Earth's centre, km.
    var radius: Double
    /// sin and cos of the geocentric latitude φ′.
    var sinLatitude: Double, cosLatitude: Double
    /// sin and cos of ψ = φ′ − φ, the angle that rotates geocentric north/down onto geodetic.
    var sinTilt: Double, cosTilt: Double

    /// WGS84 semi-major axis in km and flattening (NIMA TR8350.2).
    static let semiMajorAxis = 6378.137
    static let flattening = 1 / 298.257223563

    init(latitude: Double, altitudeKilometres h: Double) {
        let e2 = Self.flattening * (2 - Self.flattening)
        let (sinPhi, cosPhi) = GeodesicMath.sinCos(degrees: latitude)
        // Radius of curvature in the prime vertical, then the point in the meridian plane.
        let rc = Self.semiMajorAxis / (1 - e2 * sinPhi * sinPhi).squareRoot()
        let p = (rc + h) * cosPhi
        let z = (rc * (1 - e2) + h) * sinPhi
        radius = hypot(p, z)
        sinLatitude = z / radius
        cosLatitude = p / radius
        sinTilt = sinLatitude * cosPhi - cosLatitude * sinPhi
        cosTilt = cosLatitude * cosPhi + sinLatitude * sinPhi
    }
}
