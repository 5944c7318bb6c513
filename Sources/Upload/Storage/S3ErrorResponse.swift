/// What an S3 error response body says: its `<Code>` (`SignatureDoesNotMatch`, `NoSuchUpload`,
/// `PreconditionFailed`, …) and `<Message>`. Amazon S3 API Reference, "Error responses": the body is
/// `<Error><Code>…</Code><Message>…</Message>…</Error>`, UTF-8, the text escaped as XML escapes it.
/// Pure and tolerant: a body that is not such a document (a proxy's HTML page, a truncated body) gives
/// nil, never a crash.
package struct S3ErrorResponse: Sendable, Hashable {
    package var code: String
    package var message: String?

    package init(code: String, message: String?) {
        self.code = code
        self.message = message
    }

    /// The error in `body`, or nil when it holds no `<Error>` element with a non-empty `<Code>`. Read as
    /// bytes, not characters: a combining mark after `>` must not hide the tag it follows.
    package static func parse(_ body: [UInt8]) -> S3ErrorResponse? {
        guard let error = element("Error", in: body[...]),
              let code = element("Code", in: error).map(unescape), !code.isEmpty else { return nil }
        return S3ErrorResponse(code: code, message: element("Message", in: error).map(unescape))
    }

    /// The bytes between `<name>` and the next `</name>` (S3 writes no attributes on these elements, and
    /// no element nests inside `Code` or `Message`).
    static func element(_ name: String, in bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let open = Array("<\(name)>".utf8)
        guard let start = find(open, in: bytes, from: bytes.startIndex),
              let end = find(Array("</\(name)>".utf8), in: bytes, from: start + open.count) else { return nil }
        return bytes[(start + open.count)..<end]
    }

    static func find(_ needle: [UInt8], in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        var index = start
        while bytes.endIndex - index >= needle.count {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// XML's five predefined entities and character references (XML 1.0, 4.1 and 4.6); anything else
    /// after `&` is kept as written. Invalid UTF-8 becomes U+FFFD.
    static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let next = index + 1
            if bytes[index] == UInt8(ascii: "&"),
               let semicolon = bytes[next..<min(next + 10, bytes.endIndex)].firstIndex(of: UInt8(ascii: ";")),
               let decoded = entity(String(decoding: bytes[next..<semicolon], as: UTF8.self)) {
                out += Array(String(decoded).utf8)
                index = semicolon + 1
            } else {
                out.append(bytes[index])
                index = next
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func entity(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") || digits.hasPrefix("X")
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init)
        }
    }
}
