extension Character {
    /// 0–9, a–f or A–F. Swift's `isHexDigit` is also true of the fullwidth forms (U+FF10…), which
    /// `UInt8(_:radix:)` and every wire format refuse, so every parser of hex text here checks with this.
    public var isASCIIHexDigit: Bool { isASCII && isHexDigit }
}
