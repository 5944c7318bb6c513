import Vocabulary

/// Byte strings as space-separated hex (`01 81 03 00`), and back.
package enum BeltHex {
    /// Uppercase, space-separated.
    package static func format(_ bytes: [UInt8]) -> String {
        bytes.hexDigits()
    }

    /// Accepts `01 81 03 00`, `01810300`, `01:81:03:00`, `0x01 0x81` and mixtures; nil for an odd
    /// number of digits or anything that is not a hex digit.
    package static func parse(_ text: String) -> [UInt8]? {
        var digits: [UInt8] = []
        var rest = Substring(text)
        while let c = rest.first {
            if c == " " || c == ":" || c == "," || c == "-" || c == "\t" {
                rest.removeFirst()
            } else if c == "0", rest.dropFirst().first == "x" || rest.dropFirst().first == "X" {
                rest.removeFirst(2)
            } else if c.isASCII, let v = c.hexDigitValue {
                digits.append(UInt8(v))
                rest.removeFirst()
            } else {
                return nil
            }
        }
        guard digits.count.isMultiple(of: 2) else { return nil }
        return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }
}
