#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes a value as compact JSON text on one line with Foundation's `JSONEncoder`, the one way every
/// JSON this program writes is made: object keys sorted (so equal values give equal bytes), numbers
/// as the shortest text that reads back as the same Double (whole numbers without a fraction), `/`
/// unescaped. JSON has no NaN or infinity: the types written here put `null` in their place
/// (`KeyedEncodingContainer.encodeNumber`), so encoding cannot fail.
package enum JSONText {
    package static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension KeyedEncodingContainer {
    /// A number, or `null` when it is not finite.
    package mutating func encodeNumber(_ value: Double, forKey key: Key) throws {
        if value.isFinite { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    /// An optional number: absent when nil, `null` when not finite.
    package mutating func encodeNumberIfPresent(_ value: Double?, forKey key: Key) throws {
        guard let value else { return }
        try encodeNumber(value, forKey: key)
    }
}
