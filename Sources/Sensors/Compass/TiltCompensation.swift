#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Magnetic heading from a magnetometer, level or tilt-compensated with an accelerometer.
///
/// Frame and formulas of NXP application note AN4248: NED body frame, x forward, y right,
/// z down; the accelerometer reads +z when level and still. roll φ = atan2(ay, az),
/// pitch θ = atan2(−ax, ay·sinφ + az·cosφ); Xh = mx·cosθ + my·sinφ·sinθ + mz·cosφ·sinθ,
/// Yh = my·cosφ − mz·sinφ; ψ = atan2(−Yh, Xh) in [0, 360°). Pass a calibrated field.
package enum TiltCompensation {
    /// Roll and pitch in radians from gravity, or nil if `gravity` is (near) zero (free fall).
    package static func attitude(gravity a: Vector3) -> (roll: Double, pitch: Double)? {
        guard a.length > 1e-6 else { return nil }
        let roll = atan2(a.y, a.z)
        let pitch = atan2(-a.x, a.y * sin(roll) + a.z * cos(roll))
        return (roll, pitch)
    }

    /// Heading in degrees for a level sensor, or nil if the field has no horizontal part.
    package static func levelHeading(field m: Vector3) -> Double? {
        horizontalHeading(xh: m.x, yh: m.y)
    }

    /// Tilt-compensated magnetic heading in degrees, or nil if gravity or the horizontal field is
    /// (near) zero.
    package static func heading(field m: Vector3, gravity a: Vector3) -> Double? {
        horizontalComponents(field: m, gravity: a).flatMap { horizontalHeading(xh: $0.xh, yh: $0.yh) }
    }

    /// The field's components in the horizontal plane (Xh forward, Yh right), or nil if gravity is
    /// (near) zero.
    package static func horizontalComponents(field m: Vector3, gravity a: Vector3) -> (xh: Double, yh: Double)? {
        guard let (roll, pitch) = attitude(gravity: a) else { return nil }
        let xh = m.x * cos(pitch) + m.y * sin(roll) * sin(pitch) + m.z * cos(roll) * sin(pitch)
        let yh = m.y * cos(roll) - m.z * sin(roll)
        return (xh, yh)
    }

    /// The heading of horizontal components, in degrees, or nil if they are (near) zero.
    package static func horizontalHeading(xh: Double, yh: Double) -> Double? {
        guard (xh * xh + yh * yh).squareRoot() > 1e-9 else { return nil }
        let degrees = atan2(-yh, xh) * 180 / .pi
        let wrapped = degrees < 0 ? degrees + 360 : degrees
        return wrapped >= 360 ? 0 : wrapped
    }
}
