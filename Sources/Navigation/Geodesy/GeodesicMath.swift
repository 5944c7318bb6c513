#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Degree-based trigonometry and small numeric helpers for the geodesic solver.
///
/// Angles are reduced exactly *in degrees* before they become radians, so 90°, 180°… give
/// exact 0 and ±1. Poles, meridians and the equator are then caught by exact comparisons in
/// the solver instead of by tolerances.
enum GeodesicMath {
    static let radiansPerDegree = Double.pi / 180

    /// Stand-in for cos β = 0 at a pole: the smallest number whose square is still normal, so
    /// the pole behaves as the limit of approaching it along its own meridian (that is how an
    /// azimuth at a pole gets a meaning) without anything underflowing.
    static let tiny = Double.leastNormalMagnitude.squareRoot()

    @inline(__always)
    static func square(_ x: Double) -> Double { x * x }

    /// Sine and cosine of `degrees`, exact at multiples of 90°.
    static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        // An infinite angle has no remainder: NaN in, NaN out, never into the Int below.
        guard degrees.isFinite else { return (.nan, .nan) }
        var reduced = remainder(degrees, 360)            // exact, in [-180, 180]
        let quadrant = Int((reduced / 90).rounded())     // in -2...2
        reduced -= 90 * Double(quadrant)                 // exact (Sterbenz), in [-45, 45]
        let radians = reduced * radiansPerDegree
        let s = sin(radians), c = cos(radians)
        switch quadrant & 3 {
        case 0: return (s, c)
        case 1: return (c, 0 - s)
        case 2: return (0 - s, 0 - c)
        default: return (0 - c, s)
        }
    }

    /// `atan2(y, x)` in degrees, in [-180, 180]; computed in the octant where it is most
    /// accurate so that, e.g., equal |x| and |y| give exactly ±45° or ±135°.
    static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
        var (yy, xx) = (y, x)
        var quadrant = 0
        if abs(yy) > abs(xx) { swap(&xx, &yy); quadrant = 2 }
        if xx.sign == .minus { xx = -xx; quadrant += 1 }
        let angle = atan2(yy, xx) / radiansPerDegree     // in [-45, 45]
        switch quadrant {
        case 1: return (yy.sign == .minus ? -180 : 180) - angle
        case 2: return 90 - angle
        case 3: return -90 + angle
        default: return angle
        }
    }

    /// Any angle in degrees, mapped into (-180, 180].
    @inline(__always)
    static func normalizedSigned(_ degrees: Double) -> Double {
        let r = remainder(degrees, 360)
        return r == -180 ? 180 : r + 0      // + 0 turns -0 into 0
    }

    /// `to - from` for two longitudes, reduced to [-180, 180] without losing the bits that a
    /// plain subtraction of two values near ±180 would drop (matters for short legs that
    /// cross the antimeridian).
    static func longitudeDifference(from: Double, to: Double) -> Double {
        let a = remainder(-from, 360), b = remainder(to, 360)
        // Two-sum: s + t == a + b exactly.
        let s = a + b
        let bVirtual = s - a
        let t = (a - (s - bVirtual)) + (b - bVirtual)
        var r = remainder(s, 360)                        // exact
        if r == 180, t > 0 { r = -180 }
        if r == -180, t < 0 { r = 180 }
        return r + t
    }

    /// Rounds |x| < 1/16 to a multiple of 2⁻⁵⁶ (≈ 1.4e-17): an angle of, say, 1e-300° then
    /// becomes an exact 0 and takes the equatorial / meridional paths instead of producing
    /// underflow in the general one. The change is far below any geodetic significance.
    static func snapTiny(_ x: Double) -> Double {
        guard abs(x) < 1.0 / 16 else { return x }
        let grid = 0x1p56
        let snapped = (x * grid).rounded() / grid
        return snapped == 0 ? copysign(0, x) : snapped
    }

    /// Scales (s, c) to unit length; a zero vector becomes (0, 1) rather than NaN.
    @inline(__always)
    static func normalize(_ s: inout Double, _ c: inout Double) {
        let r = hypot(s, c)
        if r > 0 { s /= r; c /= r } else { s = 0; c = 1 }
    }

    /// The angle from direction (s1, c1) to (s2, c2), chosen on the same turn as `rough`
    /// (a plain difference of two `atan2` values, right branch but poor relative accuracy),
    /// with the accuracy of `atan2` of the sine/cosine of the difference. This keeps full
    /// relative precision for short arcs and still counts arcs past ±π correctly.
    @inline(__always)
    static func angleBetween(_ s1: Double, _ c1: Double, _ s2: Double, _ c2: Double,
                             near rough: Double) -> Double {
        let precise = atan2(c1 * s2 - s1 * c2, c1 * c2 + s1 * s2)
        return onBranch(precise, near: rough)
    }

    /// `angle` plus the multiple of 2π that brings it nearest to `rough`.
    @inline(__always)
    static func onBranch(_ angle: Double, near rough: Double) -> Double {
        let turns = ((rough - angle) / (2 * Double.pi)).rounded()
        return turns == 0 ? angle : angle + turns * 2 * Double.pi
    }
}
