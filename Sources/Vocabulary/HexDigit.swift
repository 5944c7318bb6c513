extension Character {
    /// 0–9, a–f or A–F. Swift's `isHexDigit` is also true of the fullwidth forms (U+FF10…), which
    /// `UInt8(_:radix:)` and every wire format refuse, so every parser of hex text here checks with this.
    package var isASCIIHexDigit: Bool { isASCII && isHexDigit }
}

extension UInt8 {
    /// Two uppercase hex digits, `0A` for 10: how Bluetooth's specifications and our messages write a byte.
    package var hexDigits: String {
        let digits = String(self, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }
}

extension Sequence<UInt8> {
    /// The bytes as two-digit uppercase hex, separated by `separator`: `01 81 03 00`.
    package func hexDigits(separator: String = " ") -> String {
        map(\.hexDigits).joined(separator: separator)
    }
}
