/// What is signed of one request: every header given here is signed (`host` among them; the signer adds
/// `x-amz-date`, `x-amz-content-sha256` for S3 and `x-amz-security-token` for a temporary key).
package struct SigningRequest: Sendable, Hashable {
    /// `GET`, `PUT`, `POST`, `HEAD`, `DELETE`.
    package var method: String
    /// The path, read as `PathCanonicalization` says.
    package var path: String
    package var query: [QueryParameter]
    package var headers: [HeaderField]
    /// The payload's SHA-256 in lower-case hex, or `UNSIGNED-PAYLOAD`.
    package var payloadSHA256: String

    package init(method: String, path: String, query: [QueryParameter] = [], headers: [HeaderField],
                 payloadSHA256: String) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.payloadSHA256 = payloadSHA256
    }

    /// The SHA-256 of the empty payload (GET, HEAD, DELETE, `?uploads`).
    package static let emptyPayloadSHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
}
