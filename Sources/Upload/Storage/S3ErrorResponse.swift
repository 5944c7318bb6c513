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

    /// The error in `body`, or nil when it holds no `<Error>` element with a non-empty `<Code>`.
    package static func parse(_ body: [UInt8]) -> S3ErrorResponse? {
        let text = String(decoding: body, as: UTF8.self)
        guard let error = element("Error", in: Substring(text)),
              let code = element("Code", in: error).map(unescape), !code.isEmpty else { return nil }
        return S3ErrorResponse(code: code, message: element("Message", in: error).map(unescape))
    }

    /// The text between `<name>` and the next `</name>` (S3 writes no attributes on these elements, and
    /// no element nests inside `Code` or `Message`).
    static func element(_ name: String, in text: Substring) -> Substring? {
        guard let open = text.firstRange(of: "<\(name)>"),
              let close = text[open.upperBound...].firstRange(of: "</\(name)>") else { return nil }
        return text[open.upperBound..<close.lowerBound]
    }

    /// XML's five predefined entities and character references (XML 1.0, 4.1 and 4.6); anything else
    /// after `&` is kept as written.
    static func unescape(_ text: Substring) -> String {
        var out = ""
        var rest = text
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";"),
                  let decoded = entity(after[..<semicolon]) else {
                out.append("&")
                rest = after
                continue
            }
            out.append(decoded)
            rest = after[after.index(after: semicolon)...]
        }
        return out + rest
    }

    static func entity(_ name: Substring) -> Character? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.first == "#" else { return nil }
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}
