/// The two hash functions Signature Version 4 is built from, handed to the signer so the signer stays
/// pure: `UploadPlatform`'s `Nettle` implements them with GNU Nettle, the tests may too.
package protocol SigningHashes: Sendable {
    /// SHA-256 (FIPS 180-4) of `bytes`: 32 bytes.
    func sha256(_ bytes: [UInt8]) throws(HashFailure) -> [UInt8]
    /// HMAC-SHA256 (RFC 2104) of `message` under `key`: 32 bytes.
    func hmacSHA256(key: [UInt8], message: [UInt8]) throws(HashFailure) -> [UInt8]
}
