/// The canonical request of Signature Version 4 (AWS, "Create a canonical request for Signature Version
/// 4"): method, canonical URI, canonical query string, canonical headers, signed headers and the
/// payload's hash, one per line.
package struct CanonicalRequest: Sendable, Hashable {
    package let method: String
    package let uri: String
    /// Also what the request sends after `?`: the same encoding and order.
    package let query: String
    /// `name:value\n` for each header, sorted by name.
    package let headers: String
    /// The header names, lower case, sorted, `;`-separated.
    package let signedHeaders: String
    package let payloadSHA256: String

    package init(_ request: SigningRequest, path mode: PathCanonicalization) {
        method = request.method
        uri = Self.uri(request.path, mode)
        query = Self.query(request.query)
        let fields = Self.headers(request.headers)
        headers = fields.map { "\($0.name):\($0.value)\n" }.joined()
        signedHeaders = fields.map(\.name).joined(separator: ";")
        payloadSHA256 = request.payloadSHA256
    }

    /// The text that is hashed into the string to sign.
    package var text: String {
        [method, uri, query, headers, signedHeaders, payloadSHA256].joined(separator: "\n")
    }

    // MARK: URI

    static func uri(_ path: String, _ mode: PathCanonicalization) -> String {
        switch mode {
        case .s3:
            return path.isEmpty ? "/" : URIEncoding.path(path)
        case .normalizedAndEncodedAgain:
            return URIEncoding.path(removingDotSegments(path))
        }
    }

    /// Dot segments resolved and empty segments dropped, the leading and trailing `/` kept: botocore's
    /// `remove_dot_segments` (botocore/utils.py), which the test suite's `normalize-path` cases follow.
    static func removingDotSegments(_ path: String) -> String {
        guard !path.isEmpty else { return "/" }
        var output: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) where segment != "." {
            if segment == ".." {
                if !output.isEmpty { output.removeLast() }
            } else {
                output.append(segment)
            }
        }
        let first = path.hasPrefix("/") ? "/" : ""
        let last = path.hasSuffix("/") && !output.isEmpty ? "/" : ""
        return first + output.joined(separator: "/") + last
    }

    // MARK: Query

    /// Each name and value encoded, then sorted by encoded name and, for equal names, encoded value;
    /// a parameter without a value is `name=` (`?uploads` signs as `uploads=`).
    static func query(_ parameters: [QueryParameter]) -> String {
        let encoded = parameters.map { (URIEncoding.component($0.name), URIEncoding.component($0.value)) }
        return encoded.sorted { a, b in
            a.0 == b.0 ? Array(a.1.utf8).lexicographicallyPrecedes(b.1.utf8)
                : Array(a.0.utf8).lexicographicallyPrecedes(b.0.utf8)
        }.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }

    // MARK: Headers

    /// Names lower-cased, values trimmed and their runs of spaces collapsed to one, repeated names
    /// joined with `,` in the order given, sorted by name.
    static func headers(_ fields: [HeaderField]) -> [HeaderField] {
        var order: [String] = []
        var values: [String: [String]] = [:]
        for field in fields {
            let name = field.name.lowercased()
            if values[name] == nil { order.append(name) }
            values[name, default: []].append(normalizedValue(field.value))
        }
        return order.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
            .map { HeaderField($0, values[$0, default: []].joined(separator: ",")) }
    }

    /// Leading and trailing spaces and tabs removed; every run of spaces and tabs inside becomes one space.
    package static func normalizedValue(_ value: String) -> String {
        var out = ""
        var pendingSpace = false
        for c in value.unicodeScalars {
            if c == " " || c == "\t" {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.unicodeScalars.append(" ") }
                pendingSpace = false
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
