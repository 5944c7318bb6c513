#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Bearings in degrees clockwise from true north: wrapping them and comparing them.
///
/// Navigation compares a heading with a course many times a second, near the 0°/360° seam;
/// these helpers make that comparison a one-liner that cannot be off by a turn. Non-finite
/// input gives NaN.
package enum Bearing {
    /// `degrees` wrapped into [0, 360). A tiny negative angle maps to 0, never to 360.
    package static func normalized(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return .nan }
        var r = remainder(degrees, 360)        // exact, in [-180, 180]
        if r < 0 { r += 360 }
        return r >= 360 ? 0 : r + 0            // + 0 turns -0 into 0
    }

    /// `degrees` wrapped into (-180, 180]: negative = anticlockwise of north.
    package static func normalizedSigned(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return .nan }
        let r = remainder(degrees, 360)        // exact, in [-180, 180]
        return r == -180 ? 180 : r + 0
    }

    /// The smallest turn from bearing `from` to bearing `to`, in (-180, 180]:
    /// positive = clockwise (turn right), negative = anticlockwise (turn left).
    /// Exactly opposite bearings give +180.
    package static func difference(from: Double, to: Double) -> Double {
        guard from.isFinite, to.isFinite else { return .nan }
        // Wrap both first so that the subtraction never loses bits to a large operand.
        return normalizedSigned(remainder(to, 360) - remainder(from, 360))
    }
}
