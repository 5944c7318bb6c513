/// A signed request: the headers to send and every intermediate of the signature, so a test (or a
/// server's `SignatureDoesNotMatch`, whose body carries the canonical request it computed) can be
/// compared with ours.
package struct SignedRequest: Sendable, Hashable {
    package let canonicalRequest: CanonicalRequest
    package let stringToSign: String
    /// Lower-case hex.
    package let signature: String
    /// The `Authorization` header's value.
    package let authorization: String
    /// The request's headers, the signer's (`x-amz-date`, `x-amz-content-sha256`,
    /// `x-amz-security-token`) and `Authorization`: what goes on the wire.
    package let headers: [HeaderField]
}
