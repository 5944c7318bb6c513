/// A recursive-descent reader for `JSONValue` with a depth limit, so hostile nesting cannot exhaust
/// the stack.
struct JSONParser {
    private let bytes: [UInt8]
    private(set) var offset = 0
    private static let maximumDepth = 512

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var atEnd: Bool { offset >= bytes.count }

    mutating func skipSpace() {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    private func error(_ reason: String) -> JSONValue.ParseError {
        JSONValue.ParseError(offset: offset, reason: reason)
    }

    private mutating func expect(_ word: String) throws {
        for byte in word.utf8 {
            guard offset < bytes.count, bytes[offset] == byte else { throw error("expected \(word)") }
            offset += 1
        }
    }

    mutating func value(depth: Int) throws -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nested too deeply") }
        skipSpace()
        guard offset < bytes.count else { throw error("unexpected end") }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            offset += 1
            var members: [String: JSONValue] = [:]
            skipSpace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object(members) }
            while true {
                skipSpace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw error("expected a key") }
                let key = try string()
                skipSpace()
                try expect(":")
                members[key] = try value(depth: depth + 1)
                skipSpace()
                guard offset < bytes.count else { throw error("unexpected end in an object") }
                if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                if bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object(members) }
                throw error("expected , or }")
            }
        case UInt8(ascii: "["):
            offset += 1
            var values: [JSONValue] = []
            skipSpace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array(values) }
            while true {
                values.append(try value(depth: depth + 1))
                skipSpace()
                guard offset < bytes.count else { throw error("unexpected end in an array") }
                if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                if bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array(values) }
                throw error("expected , or ]")
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        case UInt8(ascii: "N"):
            try expect("NaN")
            return .number(.nan)
        case UInt8(ascii: "I"):
            try expect("Infinity")
            return .number(.infinity)
        default:
            return .number(try number())
        }
    }

    private mutating func number() throws -> Double {
        let start = offset
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "I") {
                try expect("Infinity")
                return -.infinity
            }
        }
        while offset < bytes.count, "0123456789.eE+-".utf8.contains(bytes[offset]) { offset += 1 }
        guard offset > start, let value = Double(String(decoding: bytes[start..<offset], as: UTF8.self)) else {
            throw error("not a number")
        }
        return value
    }

    private mutating func string() throws -> String {
        offset += 1 // the opening quote
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            if !run.isEmpty { scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars); run.removeAll() }
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if byte == UInt8(ascii: "\"") {
                flush()
                return String(scalars)
            }
            guard byte == UInt8(ascii: "\\") else { run.append(byte); continue }
            flush()
            guard offset < bytes.count else { break }
            let escape = bytes[offset]
            offset += 1
            switch escape {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), offset + 1 < bytes.count,
                   bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") {
                    offset += 2
                    let low = try hex4()
                    code = 0x10000 + ((code - 0xD800) << 10) + (low &- 0xDC00) & 0x3FF
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: scalars.append(Unicode.Scalar(escape))
            }
        }
        throw error("unterminated string")
    }

    private mutating func hex4() throws -> UInt32 {
        guard offset + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
        else { throw error("bad \\u escape") }
        offset += 4
        return code
    }
}
