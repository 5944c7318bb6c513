import Upload

/// What the upload reads from a person: the credentials file, the endpoint and bucket of `[upload]`,
/// and the requests it signs (whose paths hold file names).
enum UploadTargets {
    /// An operation byte picks the parser; a packet is its text.
    /// - credentials: a key that parses writes back as a minimal file that parses to the same key; a
    ///   refusal's messages never hold the secret the file gives, wherever it stands.
    /// - endpoint: an accepted endpoint's description parses back to itself, with a host and a port in
    ///   range; a bucket name S3's rules accept is 3–63 characters of the allowed ones.
    /// - canonical request: the path is encoded to unreserved characters, `/` and `%XY` only; the query
    ///   comes out sorted; the header names lower case, sorted, one line each; the same request gives
    ///   the same text.
    static let inputs = FuzzTarget(
        name: "upload-inputs",
        summary: "the credentials file, the endpoint, the bucket name and the canonical request of SigV4",
        maximumLength: 2048
    ) { input throws(FuzzViolation) in
        while !input.isAtEnd {
            let operation = input.choose(4)
            let text = String(decoding: input.packet(maximum: 200), as: UTF8.self)
            switch operation {
            case 0: try credentials(text)
            case 1: try endpoint(text)
            case 2: try bucket(text)
            default: try canonical(text, &input)
            }
        }
    }

    /// An S3 error response body as a server (or whatever answers in its place) sends it.
    /// - a body that parses has a non-empty code; parsing is deterministic;
    /// - a document written from a code and a message with XML's escapes reads back to them, whatever
    ///   bytes surround it.
    static let errorResponse = FuzzTarget(
        name: "s3-error",
        summary: "the <Code> and <Message> of an S3 error response body",
        maximumLength: 4096
    ) { input throws(FuzzViolation) in
        let body = input.packet(maximum: 255)
        let parsed = S3ErrorResponse.parse(body)
        if let parsed { try expect(!parsed.code.isEmpty, "an empty code read from \(body)") }
        try expect(S3ErrorResponse.parse(body) == parsed, "the same body parsed twice differs")

        let code = String(decoding: input.packet(maximum: 40), as: UTF8.self)
        let message = String(decoding: input.packet(maximum: 200), as: UTF8.self)
        guard !code.isEmpty else { return }
        let document = Array("<Error><Code>\(escape(code))</Code><Message>\(escape(message))</Message></Error>".utf8)
        let around = S3ErrorResponse.parse(Array("<?xml version=\"1.0\"?>\n".utf8) + document + body)
        try expect(around == S3ErrorResponse(code: code, message: message),
                   "\(code.debugDescription) / \(message.debugDescription) read back as \(String(describing: around))")
    }

    /// XML's escapes of the five special characters (XML 1.0, 4.6), scalar by scalar (a `<` followed by
    /// a combining mark is one Character, and still a `<`).
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func credentials(_ text: String) throws(FuzzViolation) {
        let parsed: Result<AccessKey, CredentialsFileError>
        do throws(CredentialsFileError) { parsed = .success(try SharedCredentialsParser.parse(text, file: "fuzz")) } catch { parsed = .failure(error) }
        switch parsed {
        case .success(let key):
            let written = "[default]\naws_access_key_id = \(key.accessKeyID)\naws_secret_access_key = \(key.secretAccessKey)\n"
                + (key.sessionToken.map { "aws_session_token = \($0)\n" } ?? "")
            let again = try? SharedCredentialsParser.parse(written, file: "fuzz")
            try expect(again == key, "\(key) does not read back from its own file")
        case .failure(let error):
            // A secret as the parser reads it: the value of an aws_secret_access_key or aws_session_token
            // line, base64-like as AWS's are, written nowhere else in the file (so that no other part of
            // the file a message may quote, a profile's name or a misspelt key, holds it too).
            for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
                guard let equals = line.firstIndex(of: "=") else { continue }
                let name = line[..<equals].filter { $0 != " " && $0 != "\t" }.lowercased()
                guard name == "aws_secret_access_key" || name == "aws_session_token" else { continue }
                let secret = String(line[line.index(after: equals)...].filter { $0 != " " && $0 != "\t" && $0 != "\r" })
                guard secret.count >= 8, secret.contains(where: { $0 == "/" || $0 == "+" }), secret.contains(where: \.isNumber),
                      text.ranges(of: secret).count == 1 else { continue }
                for issue in error.issues {
                    try expect(!issue.message.contains(secret), "a refusal repeats the secret: \(issue.message)")
                }
            }
        }
    }

    static func endpoint(_ text: String) throws(FuzzViolation) {
        guard case .success(let endpoint) = UploadEndpoint.parse(text) else { return }
        try expect(!endpoint.host.isEmpty, "an endpoint without a host from \(text.debugDescription)")
        if let port = endpoint.port { try expect((1...65535).contains(port), "port \(port)") }
        let again = UploadEndpoint.parse(endpoint.description)
        try expect(again == .success(endpoint), "\(endpoint) does not read back: \(again)")
    }

    static func bucket(_ name: String) throws(FuzzViolation) {
        guard S3BucketName.problem(name) == nil else { return }
        try expect((3...63).contains(name.utf8.count), "a bucket name of \(name.utf8.count) bytes accepted")
        try expect(name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2E },
                   "a bucket name with characters S3 refuses accepted: \(name.debugDescription)")
    }

    static func canonical(_ path: String, _ input: inout FuzzInput) throws(FuzzViolation) {
        var query: [QueryParameter] = []
        var headers: [HeaderField] = [HeaderField("Host", "127.0.0.1:8333")]
        for _ in 0..<input.choose(4) {
            query.append(QueryParameter(String(decoding: input.packet(maximum: 20), as: UTF8.self),
                                        String(decoding: input.packet(maximum: 20), as: UTF8.self)))
        }
        for _ in 0..<input.choose(4) {
            // Header names are tokens (RFC 9110's tchar: no ';', which joins the signed headers, nor
            // ':', '/', '@'…); values are what a header line can carry (no line breaks).
            let name = String(decoding: input.packet(maximum: 12).filter(isTokenCharacter), as: UTF8.self)
            let value = String(decoding: input.packet(maximum: 30).filter { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
            if !name.isEmpty { headers.append(HeaderField(name, value)) }
        }
        for mode in [PathCanonicalization.s3, .normalizedAndEncodedAgain] {
            let request = SigningRequest(method: "PUT", path: "/" + path, query: query, headers: headers,
                                         payloadSHA256: SigningRequest.emptyPayloadSHA256)
            let canonical = CanonicalRequest(request, path: mode)
            try expect(canonical == CanonicalRequest(request, path: mode), "the same request canonicalised twice differs")
            try expect(canonical.uri.utf8.allSatisfy { isUnreserved($0) || $0 == 0x2F || $0 == 0x25 },
                       "an unencoded byte in the canonical URI \(canonical.uri.debugDescription)")
            let pairs = canonical.query.isEmpty ? [] : canonical.query.split(separator: "&", omittingEmptySubsequences: false).map(String.init)
            try expect(pairs.count == query.count, "\(query.count) parameters became \(pairs.count): \(canonical.query)")
            let split = pairs.map { pair -> [UInt8] in
                // Name, then a byte below any the encoding writes, then the value: sorted by name, then value.
                let bytes = Array(pair.utf8)
                guard let equals = bytes.firstIndex(of: 0x3D) else { return bytes }
                return Array(bytes[..<equals]) + [0] + Array(bytes[(equals + 1)...])
            }
            try expect(split == split.sorted { $0.lexicographicallyPrecedes($1) }, "the canonical query is not sorted: \(canonical.query)")
            let names = canonical.signedHeaders.split(separator: ";").map(String.init)
            try expect(names == names.map { $0.lowercased() }.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) },
                       "signed headers not lower case and sorted: \(canonical.signedHeaders)")
            try expect(canonical.headers.split(separator: "\n").count == names.count,
                       "\(names.count) headers on \(canonical.headers.split(separator: "\n").count) lines: \(canonical.headers.debugDescription)")
        }
    }

    /// RFC 9110, section 5.6.2: `tchar`.
    private static func isTokenCharacter(_ b: UInt8) -> Bool {
        isUnreserved(b) || Array("!#$%&'*+^`|".utf8).contains(b)
    }

    private static func isUnreserved(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E
    }
}
