/// What a request carries. The SHA-256 of a part is not known to the core: the actor hashes the range
/// as it reads it, since it reads the bytes anyway, and signs it with that.
package enum OutboxPayload: Sendable, Hashable {
    case empty
    /// The whole file, whose SHA-256 is the record's.
    case file(path: String, sha256: String)
    /// `length` bytes of the file from `offset`: one part.
    case fileRange(path: String, offset: Int64, length: Int64)
    /// Bytes made here: CompleteMultipartUpload's XML.
    case bytes([UInt8])
}
