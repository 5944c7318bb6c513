import CNettle
import Upload

/// SHA-256 and HMAC-SHA256 from Debian's GNU Nettle (`sha256_init`/`sha256_update`/`sha256_digest`,
/// nettle/sha2.h; `hmac_sha256_set_key`/`hmac_sha256_update`/`hmac_sha256_digest`, nettle/hmac.h).
/// Nettle's functions work on a context the caller owns and return nothing: they allocate nothing and
/// cannot fail, so these never throw the protocol's `HashFailure`.
package struct Nettle: SigningHashes {
    package init() {}

    package func sha256(_ bytes: [UInt8]) throws(HashFailure) -> [UInt8] {
        var context = sha256_ctx()
        nettle_sha256_init(&context)
        Self.withBytes(bytes) { nettle_sha256_update(&context, $1, $0) }
        return Self.digest { nettle_sha256_digest(&context, $0, $1) }
    }

    package func hmacSHA256(key: [UInt8], message: [UInt8]) throws(HashFailure) -> [UInt8] {
        // Nettle takes the key's length as a size_t, so any key is accepted; one longer than
        // SHA-256's 64-byte block is hashed first, as RFC 2104 says.
        var context = hmac_sha256_ctx()
        Self.withBytes(key) { nettle_hmac_sha256_set_key(&context, $1, $0) }
        Self.withBytes(message) { nettle_hmac_sha256_update(&context, $1, $0) }
        return Self.digest { nettle_hmac_sha256_digest(&context, $0, $1) }
    }

    /// SHA-256's output, 32 bytes (SHA256_DIGEST_SIZE, nettle/sha2.h).
    static let digestSize = 32

    /// A pointer to `bytes` that is never null (an empty array is read through a one-byte buffer with a
    /// count of 0): Nettle reads nothing for a zero length, but hands the pointer to memcpy, which
    /// must not be given null even then (C11 7.24.1).
    static func withBytes<R>(_ bytes: [UInt8], _ body: (UnsafePointer<UInt8>?, Int) -> R) -> R {
        let count = bytes.count
        return (bytes.isEmpty ? [0] : bytes).withUnsafeBufferPointer { body($0.baseAddress, count) }
    }

    /// The digest `write` puts into a buffer of `digestSize` bytes, given its length and address.
    static func digest(_ write: (Int, UnsafeMutablePointer<UInt8>?) -> Void) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: digestSize)
        digest.withUnsafeMutableBufferPointer { write($0.count, $0.baseAddress) }
        return digest
    }
}
