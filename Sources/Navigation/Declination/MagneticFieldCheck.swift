#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How far a magnetometer's heading may be off, judged by the strength of the horizontal field it
/// was computed from against the Earth's horizontal field where the wearer is (WMM).
///
/// Iron nearby or a stale calibration adds a field `d` to the Earth's `E`. Seen in the horizontal
/// plane, the heading turns by up to asin(|d| / |E|), and `d` is at least as strong as the
/// difference between the measured and the expected strengths. So asin(|m − e| / e) is the error
/// of the weakest disturbance that explains what was measured: an indicator, not a bound. A
/// disturbance along the field changes the strength and not the heading, one across it the
/// reverse, so a disturbed compass can show a small figure, but a large figure always means the
/// field here is not the Earth's alone. iOS's `CLHeading.headingAccuracy` is such an estimate too.
/// Pure.
package enum MagneticFieldCheck {
    /// Degrees, 0–90; nil when the expected strength is not a positive number or the measured one
    /// not a number.
    /// - Parameters:
    ///   - measured: the horizontal strength the heading came from, µT (`Heading.horizontalField`).
    ///   - expected: the Earth's horizontal strength there, µT.
    package static func headingError(measured: Double, expected: Double) -> Double? {
        guard measured.isFinite, expected.isFinite, expected > 0 else { return nil }
        let ratio = min(abs(measured - expected) / expected, 1)
        return asin(ratio) * 180 / .pi
    }

    /// The Earth's horizontal strength at a fix, µT, by WMM2025; nil without the fix's date or
    /// outside the model's validity.
    package static func expectedHorizontal(at fix: Fix) -> Double? {
        guard let utc = fix.utcSeconds, let year = DecimalYear.from(secondsSince1970: utc),
              let field = try? Declination.earthField(at: fix.coordinate, altitude: fix.altitude, decimalYear: year)
        else { return nil }
        return field.horizontalIntensity / 1000
    }

    /// The estimate for a heading at a fix, if both tell enough.
    package static func headingError(of heading: Heading, at fix: Fix?) -> Double? {
        guard let measured = heading.horizontalField, let fix, let expected = expectedHorizontal(at: fix) else { return nil }
        return headingError(measured: measured, expected: expected)
    }
}
