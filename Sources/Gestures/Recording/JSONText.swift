/// Writes a `JSONValue` as compact JSON text on one line: object keys sorted (so equal values give
/// equal bytes), non-finite numbers as `null` (JSON has none), whole numbers without a fraction.
public enum JSONText {
    public static func encode(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number): out += self.number(number)
        case .string(let text): out += GestureReplayReport.quoted(text)
        case .array(let values):
            out += "["
            for (index, element) in values.enumerated() {
                if index > 0 { out += "," }
                write(element, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                out += GestureReplayReport.quoted(key) + ":"
                write(members[key] ?? .null, into: &out)
            }
            out += "}"
        }
    }

    /// Shortest text that reads back as the same Double (Swift's description), `null` if not finite.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}
