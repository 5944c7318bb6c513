/// What a request sends.
package enum RequestBody: Sendable, Hashable {
    case empty
    /// A small body held in memory: CompleteMultipartUpload's XML.
    case bytes([UInt8])
    /// `length` bytes of the file at `path` from `offset`, read from disk as curl sends them (a PUT of a
    /// whole file, one part of a multipart upload), never held in memory whole.
    case file(path: String, offset: Int64, length: Int64)

    /// The number of bytes sent (Content-Length).
    package var length: Int64 {
        switch self {
        case .empty: 0
        case .bytes(let bytes): Int64(bytes.count)
        case .file(_, _, let length): length
        }
    }
}
