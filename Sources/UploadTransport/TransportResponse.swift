import Upload

/// What came back: the status, the headers the upload reads, and the body up to
/// `TransportBounds.responseBodyLimit`.
package struct TransportResponse: Sendable, Hashable {
    package var status: Int
    /// Every header of the final response, names as sent, in order.
    package var headers: [HeaderField]
    package var body: [UInt8]
    /// The body was longer than the limit and only its beginning is in `body`.
    package var bodyTruncated: Bool

    package init(status: Int, headers: [HeaderField], body: [UInt8], bodyTruncated: Bool) {
        self.status = status
        self.headers = headers
        self.body = body
        self.bodyTruncated = bodyTruncated
    }

    /// The first header named `name`, compared without case (RFC 9110, 5.1).
    package func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.first { $0.name.lowercased() == lower }?.value
    }

    /// The object's ETag, quotes included as S3 sends it.
    package var etag: String? { header("ETag") }
    /// The content's SHA-256 the upload stored as object metadata (`x-amz-meta-sha256`).
    package var metadataSHA256: String? { header("x-amz-meta-sha256") }
    package var contentLength: Int64? { header("Content-Length").flatMap { Int64($0) } }

    /// The S3 error document in the body, when there is one (a HEAD's error has no body).
    package var s3Error: S3ErrorResponse? { S3ErrorResponse.parse(body) }
}
