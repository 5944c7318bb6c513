#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The main geomagnetic field at one place and time, in the geodetic frame (X north, Y east,
/// Z down; step 5 of the WMM algorithm, docs/navigation.md) and the elements navigation reads
/// from it.
package struct MagneticField: Sendable, Equatable {
    /// X, northward component, nT.
    package var north: Double
    /// Y, eastward component, nT.
    package var east: Double
    /// Z, downward component, nT.
    package var down: Double
    /// False at a geographic pole, where "north" and "east" have no direction: `north` and `east`
    /// are then the limit along the given meridian and `declination` is nil.
    package var hasHorizontalReference: Bool

    package init(north: Double, east: Double, down: Double, hasHorizontalReference: Bool = true) {
        self.north = north
        self.east = east
        self.down = down
        self.hasHorizontalReference = hasHorizontalReference
    }

    /// H = √(X² + Y²), nT. Defined at the poles too.
    package var horizontalIntensity: Double { hypot(north, east) }
    /// F = √(H² + Z²), nT.
    package var totalIntensity: Double { hypot(horizontalIntensity, down) }
    /// I = atan2(Z, H), degrees, positive downward (the northern hemisphere).
    package var inclination: Double { atan2(down, horizontalIntensity) * 180 / .pi }
    /// D = atan2(Y, X), degrees east of true north in (-180, 180]; nil at a geographic pole,
    /// where true north is undefined.
    package var declination: Double? {
        guard hasHorizontalReference else { return nil }
        return Bearing.normalizedSigned(atan2(east, north) * 180 / .pi)
    }
    /// Whether a compass can be trusted here (NOAA's blackout and caution zones).
    package var zone: GeomagneticZone { GeomagneticZone(horizontalIntensity: horizontalIntensity) }
}
