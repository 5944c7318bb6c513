#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Vocabulary

/// Latitude and longitude to metres east and north of a centre, true to scale at walking distances.
///
/// An equirectangular projection tangent at the centre latitude φ0 on the WGS 84 ellipsoid
/// (a = 6 378 137 m, f = 1/298.257223563; NIMA TR8350.2): north is scaled by the meridional radius of
/// curvature M(φ0) = a(1 − e²)/(1 − e² sin²φ0)^3/2, east by the radius of the parallel N(φ0)·cos φ0
/// with N(φ0) = a/(1 − e² sin²φ0)^1/2 (the prime-vertical radius). Both are the ellipsoid's exact
/// scales at φ0, so the map is true there; away from φ0 the parallels' true length changes with
/// cos φ, so east–west distances are off by about tan φ0 · Δφ (Δφ in radians, the point's
/// north–south offset from the centre). At 52° N that is 0.02 % for a point 1 km north or south of
/// the centre and 0.06 % at 3 km; the tests hold it against `Geodesic`'s inverse solution. A walk
/// spans a few kilometres, so a map and figures made in this plane are true to well under 0.1 %,
/// and it is a handful of multiplications a point, with no iteration that could fail to converge.
///
/// Longitudes are taken relative to the centre's (unwrapped into −180°…180° of it), so a walk across
/// the antimeridian stays in one piece. Near the poles the plane is meaningless for a map; the east
/// scale is that of 89.9° there so that it never reaches zero, and nothing traps.
package struct LocalProjection: Sendable, Hashable {
    /// The point that projects to (0, 0).
    package let center: Coordinate
    /// Metres per degree of latitude at the centre: M(φ0)·π/180.
    package let metresPerDegreeNorth: Double
    /// Metres per degree of longitude at the centre: N(φ0)·cos φ0·π/180.
    package let metresPerDegreeEast: Double

    static let equatorialRadius = 6_378_137.0
    static let flattening = 1 / 298.257223563
    static let eccentricitySquared = flattening * (2 - flattening)

    /// A projection about `center`; an invalid centre (not finite, out of range) is replaced by 0°, 0°
    /// so that the projection itself is always usable.
    package init(center: Coordinate) {
        let center = center.isValid ? center : Coordinate(latitude: 0, longitude: 0)
        self.center = center
        let scales = Self.metresPerDegree(atLatitude: center.latitude)
        metresPerDegreeNorth = scales.north
        metresPerDegreeEast = scales.east
    }

    /// A projection centred on the middle of the coordinates' extent (the valid ones; longitudes
    /// unwrapped about the first, so an extent across the antimeridian is the short one), which
    /// keeps the largest north–south offset, and with it the error, as small as it can be.
    package init(fitting coordinates: [Coordinate]) {
        let valid = coordinates.filter(\.isValid)
        guard let first = valid.first else {
            self.init(center: Coordinate(latitude: 0, longitude: 0))
            return
        }
        var south = first.latitude, north = first.latitude
        var west = 0.0, east = 0.0
        for coordinate in valid {
            south = min(south, coordinate.latitude)
            north = max(north, coordinate.latitude)
            let offset = Self.longitudeOffset(coordinate.longitude, from: first.longitude)
            west = min(west, offset)
            east = max(east, offset)
        }
        let longitude = Self.normalized(first.longitude + (west + east) / 2)
        self.init(center: Coordinate(latitude: (south + north) / 2, longitude: longitude))
    }

    /// The point on the plane; nil for a coordinate that is not valid (not finite or out of range).
    package func project(_ coordinate: Coordinate) -> LocalPoint? {
        guard coordinate.isValid else { return nil }
        return LocalPoint(east: Self.longitudeOffset(coordinate.longitude, from: center.longitude) * metresPerDegreeEast,
                          north: (coordinate.latitude - center.latitude) * metresPerDegreeNorth)
    }

    /// The coordinate a point on the plane stands for; nil when it would be off the globe.
    package func coordinate(at point: LocalPoint) -> Coordinate? {
        let latitude = center.latitude + point.north / metresPerDegreeNorth
        let longitude = Self.normalized(center.longitude + point.east / metresPerDegreeEast)
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        return coordinate.isValid ? coordinate : nil
    }

    /// The distance between two nearby coordinates in a projection tangent at their mean latitude:
    /// the step length of a track. Unlike one projection for a whole walk, its error does not grow
    /// with the walk's extent, only with the step (about tan φ · Δφ, nothing at a few metres).
    /// Nil when either coordinate is not valid.
    package static func distance(from start: Coordinate, to end: Coordinate) -> Double? {
        guard start.isValid, end.isValid else { return nil }
        let scales = metresPerDegree(atLatitude: (start.latitude + end.latitude) / 2)
        let east = longitudeOffset(end.longitude, from: start.longitude) * scales.east
        let north = (end.latitude - start.latitude) * scales.north
        return east.hypot(north)
    }

    // MARK: Pieces

    /// Metres per degree north (M·π/180) and east (N·cos φ·π/180) at a latitude.
    static func metresPerDegree(atLatitude latitude: Double) -> (north: Double, east: Double) {
        let clamped = min(max(latitude, -89.9), 89.9)
        let phi = clamped * .pi / 180
        let sine = sin(phi)
        let w = 1 - eccentricitySquared * sine * sine
        let rootW = w.squareRoot()
        let meridional = equatorialRadius * (1 - eccentricitySquared) / (w * rootW)
        let primeVertical = equatorialRadius / rootW
        return (meridional * .pi / 180, primeVertical * cos(phi) * .pi / 180)
    }

    /// `longitude − reference` in −180°…180°: the short way round.
    static func longitudeOffset(_ longitude: Double, from reference: Double) -> Double {
        remainder(longitude - reference, 360)
    }

    /// A longitude in −180°…180°.
    static func normalized(_ longitude: Double) -> Double {
        guard longitude.isFinite else { return longitude }
        let wrapped = remainder(longitude, 360)
        return wrapped == -180 ? 180 : wrapped
    }
}
