/// What the outbox knows of one object, kept in `<state_directory>/outbox/<hex SHA-256 of the key>.json`
/// and replaced whole (a temporary file, `fsync`, `rename`), so that after a crash it is either the old
/// record or the new one. Attempts and retry times are not recorded: a restart retries at once.
///
/// Decoding checks more than the JSON's shape: a record that names no key, a SHA-256 that is not 64
/// lower-case hex digits, a multipart upload without its id, parts out of order, an unknown version or
/// state are `OutboxRecordError`s, thrown as values; a damaged record never crashes the appliance.
package struct OutboxRecord: Sendable, Hashable, Codable {
    package enum State: String, Sendable, Hashable, Codable {
        /// Hashed; nothing or not all of it is known to be stored.
        case pending
        /// A multipart upload is under way: `uploadID` and the parts stored so far.
        case multipart
        /// The object is stored with this SHA-256.
        case stored
        /// Another object (`otherSHA256`) is stored under the key; never overwritten, never dropped.
        case conflict
    }

    /// One part of a multipart upload the server answered with an ETag.
    package struct Part: Sendable, Hashable, Codable {
        package var number: Int
        package var size: Int64
        package var etag: String

        package init(number: Int, size: Int64, etag: String) {
            self.number = number
            self.size = size
            self.etag = etag
        }
    }

    package static let currentVersion = 1

    package var key: String
    /// Relative to the state directory.
    package var path: String
    package var size: Int64
    /// Nanoseconds since 1970, as the file's `st_mtim` was when it was hashed.
    package var modified: Int64
    /// The file's SHA-256, lower-case hex.
    package var sha256: String
    package var state: State
    package var uploadID: String?
    package var parts: [Part]
    package var otherSHA256: String?
    package var lastError: String?

    package init(key: String, path: String, size: Int64, modified: Int64, sha256: String, state: State = .pending,
                 uploadID: String? = nil, parts: [Part] = [], otherSHA256: String? = nil, lastError: String? = nil) {
        self.key = key
        self.path = path
        self.size = size
        self.modified = modified
        self.sha256 = sha256
        self.state = state
        self.uploadID = uploadID
        self.parts = parts
        self.otherSHA256 = otherSHA256
        self.lastError = lastError
    }

    enum CodingKeys: String, CodingKey {
        case version, key, path, size, state, parts
        case modified = "modified_ns"
        case sha256
        case uploadID = "upload_id"
        case otherSHA256 = "other_sha256"
        case lastError = "last_error"
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let version = try c.decode(Int.self, forKey: .version)
        guard version == Self.currentVersion else {
            throw OutboxRecordError(field: "version", reason: "version \(version) is not \(Self.currentVersion)")
        }
        key = try c.decode(String.self, forKey: .key)
        path = try c.decode(String.self, forKey: .path)
        size = try c.decode(Int64.self, forKey: .size)
        modified = try c.decode(Int64.self, forKey: .modified)
        sha256 = try c.decode(String.self, forKey: .sha256)
        let stateText = try c.decode(String.self, forKey: .state)
        guard let state = State(rawValue: stateText) else {
            throw OutboxRecordError(field: "state", reason: "\"\(stateText)\" is none of pending, multipart, stored, conflict")
        }
        self.state = state
        uploadID = try c.decodeIfPresent(String.self, forKey: .uploadID)
        parts = try c.decodeIfPresent([Part].self, forKey: .parts) ?? []
        otherSHA256 = try c.decodeIfPresent(String.self, forKey: .otherSHA256)
        lastError = try c.decodeIfPresent(String.self, forKey: .lastError)
        try validate()
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.currentVersion, forKey: .version)
        try c.encode(key, forKey: .key)
        try c.encode(path, forKey: .path)
        try c.encode(size, forKey: .size)
        try c.encode(modified, forKey: .modified)
        try c.encode(sha256, forKey: .sha256)
        try c.encode(state.rawValue, forKey: .state)
        try c.encodeIfPresent(uploadID, forKey: .uploadID)
        if !parts.isEmpty { try c.encode(parts, forKey: .parts) }
        try c.encodeIfPresent(otherSHA256, forKey: .otherSHA256)
        try c.encodeIfPresent(lastError, forKey: .lastError)
    }

    /// The checks decoding makes, beyond the JSON's types.
    package func validate() throws {
        guard !key.isEmpty else { throw OutboxRecordError(field: "key", reason: "empty") }
        guard !path.isEmpty else { throw OutboxRecordError(field: "path", reason: "empty") }
        guard size >= 0 else { throw OutboxRecordError(field: "size", reason: "\(size) is negative") }
        guard Self.isSHA256(sha256) else {
            throw OutboxRecordError(field: "sha256", reason: "not 64 lower-case hex digits")
        }
        if state == .multipart, uploadID?.isEmpty ?? true {
            throw OutboxRecordError(field: "upload_id", reason: "a multipart record needs its upload id")
        }
        // Empty: the other object carries no x-amz-meta-sha256.
        if state == .conflict, !(otherSHA256.map { $0.isEmpty || Self.isSHA256($0) } ?? false) {
            throw OutboxRecordError(field: "other_sha256", reason: "a conflict record needs the other object's SHA-256 (or \"\")")
        }
        var previous = 0
        for part in parts {
            guard part.number > previous, part.number <= 10_000 else {
                throw OutboxRecordError(field: "parts", reason: "part \(part.number) is out of order or above 10000")
            }
            guard part.size > 0, part.size <= size else {
                throw OutboxRecordError(field: "parts", reason: "part \(part.number)'s size \(part.size) is outside 1…\(size)")
            }
            previous = part.number
        }
    }

    package static func isSHA256(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 64 && bytes.allSatisfy { b in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(b)
        }
    }
}
