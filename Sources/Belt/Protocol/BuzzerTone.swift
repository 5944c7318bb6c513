/// One step of a buzzer pattern on FE07 (FSLib-Android `BuzzerTonePattern.java`, firmware ≥ 45).
///
/// Kept as the two wire bytes so that a decoded pattern re-encodes to the same bytes; the
/// initialiser from hertz and milliseconds floors as the Android encoder does.
package struct BuzzerTone: Sendable, Hashable, CustomStringConvertible {
    /// Frequency in kHz as Q5 fixed point (⌊Hz / 1000 × 32⌋); 0 is silence.
    package var frequencyCode: UInt8
    /// Duration in centiseconds (⌊s × 100⌋), so at most 2.55 s.
    package var durationCode: UInt8

    package init(frequencyCode: UInt8, durationCode: UInt8) {
        self.frequencyCode = frequencyCode
        self.durationCode = durationCode
    }

    /// Clamps to what the bytes can carry (0–7968.75 Hz, 0–2550 ms). Multiplying before dividing keeps
    /// exact inputs exact (781.25 Hz is code 25, 50 ms is code 5).
    package init(hertz: Double, milliseconds: Double) {
        frequencyCode = Self.code(hertz * 32 / 1000)
        durationCode = Self.code(milliseconds / 10)
    }

    package static func rest(milliseconds: Double) -> BuzzerTone { BuzzerTone(hertz: 0, milliseconds: milliseconds) }

    /// Exact: code × 1000 / 32.
    package var hertz: Double { Double(frequencyCode) * 1000 / 32 }
    package var milliseconds: Int { Int(durationCode) * 10 }

    /// At most nine steps fit a pattern.
    package static let maximumSteps = 9

    private static func code(_ x: Double) -> UInt8 {
        guard x.isFinite else { return x > 0 ? 255 : 0 }
        return UInt8(max(0, min(255, x.rounded(.down))))
    }

    package var description: String {
        frequencyCode == 0 ? "rest \(milliseconds) ms" : "\(hertz) Hz \(milliseconds) ms"
    }
}
