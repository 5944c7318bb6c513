#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A six-term Fourier sine series Σₗ cₗ sin(2lσ), l = 1…6.
///
/// All of Karney's geodesic integrals are a secular term plus such a series, truncated at
/// sixth order in the small parameter ε (Karney 2013, §3). Summing by Clenshaw's recurrence
/// needs one sine and cosine instead of six, and is numerically stable.
struct SineSeries: Sendable {
    var c1: Double, c2: Double, c3: Double, c4: Double, c5: Double, c6: Double

    /// The series at the angle σ whose sine and cosine (unit vector) are given.
    @inline(__always)
    func callAsFunction(sin s: Double, cos c: Double) -> Double {
        // Clenshaw for sines: b_l = c_l + 2cos(2σ)·b_{l+1} − b_{l+2}; sum = b_1·sin(2σ).
        let twoCos2 = 2 * (c - s) * (c + s)
        let b6 = c6
        let b5 = c5 + twoCos2 * b6
        let b4 = c4 + twoCos2 * b5 - b6
        let b3 = c3 + twoCos2 * b4 - b5
        let b2 = c2 + twoCos2 * b3 - b4
        let b1 = c1 + twoCos2 * b2 - b3
        return b1 * (2 * s * c)
    }

    /// The series at an angle given in radians.
    @inline(__always)
    func callAsFunction(radians sigma: Double) -> Double {
        self(sin: sin(sigma), cos: cos(sigma))
    }
}
