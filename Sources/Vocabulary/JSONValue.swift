/// A JSON value, for the JSON the appliance reads and writes whose shape is open: gesture scenarios
/// and recordings (their configuration and recognizer tables), the belt's command lines.
///
/// Codable, so Foundation's `JSONDecoder` and `JSONEncoder` do the reading and writing where Foundation
/// is at hand, while the cores that interpret the values stay free of it. Integers and fractions are
/// kept apart, so that `90` is written back as `90`.
package enum JSONValue: Sendable, Hashable, Codable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A number: an integer when it is a whole value within `Int`'s range, a fraction otherwise.
    package static func number(_ value: Double) -> JSONValue {
        value.isFinite && value.rounded() == value && abs(value) < 9e15 ? .int(Int(value)) : .double(value)
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int.self) { self = .int(i) }
        else if let d = try? c.decode(Double.self) { self = .double(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    /// Non-finite numbers are written as `null` (JSON has none), whole ones without a fraction.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .int(let i): try c.encode(i)
        case .double(let d):
            if !d.isFinite { try c.encodeNil() }
            else if let whole = self.int { try c.encode(whole) }
            else { try c.encode(d) }
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }

    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The number, integer or fraction.
    package var double: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }

    /// A number that is a whole value within Int's range.
    package var int: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d): return d.isFinite && d.rounded() == d && abs(d) < 9e15 ? Int(d) : nil
        default: return nil
        }
    }

    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    package var array: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    package var object: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    package var isNull: Bool { self == .null }

    /// What the value is, for error messages.
    package var description: String {
        switch self {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .int(let i): "\(i)"
        case .double(let d): "\(d)"
        case .string(let s): "\"\(s)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
