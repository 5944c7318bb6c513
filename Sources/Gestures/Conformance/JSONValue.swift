/// A JSON document, parsed leniently enough for conformance files written by Python: `NaN`,
/// `Infinity` and `-Infinity` are accepted as numbers (Python's `json.dump` writes them), so a
/// scenario that feeds non-finite coordinates reaches the sanitizer instead of failing to load.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var double: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// A number that is a whole value within Int's range.
    public var int: Int? {
        guard let value = double, value.isFinite, value.rounded() == value, abs(value) < 9e15 else { return nil }
        return Int(value)
    }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var array: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    public var isNull: Bool { self == .null }

    public struct ParseError: Error, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "JSON error at byte \(offset): \(reason)" }
    }

    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.atEnd else { throw ParseError(offset: parser.offset, reason: "text after the document") }
        return value
    }
}
