import Foundation

/// Writes a `JSONValue` as compact JSON text on one line with Foundation's `JSONEncoder`: object keys
/// sorted (so equal values give equal bytes), non-finite numbers as `null` (JSON has none), whole
/// numbers without a fraction, `/` unescaped.
public enum JSONText {
    public static func encode(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A JSONValue always encodes: its numbers are finite or written as null.
        guard let data = try? encoder.encode(value) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
