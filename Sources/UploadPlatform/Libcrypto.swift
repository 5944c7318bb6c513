import CCrypto
import Upload

/// SHA-256 and HMAC-SHA256 from Debian's OpenSSL 3 libcrypto (`EVP_Digest` and `HMAC`, openssl/evp.h
/// and openssl/hmac.h). Failures (allocation, a missing provider) come back as `HashFailure`, with
/// OpenSSL's own reason from its error queue.
package struct Libcrypto: SigningHashes {
    package init() {}

    package func sha256(_ bytes: [UInt8]) throws(HashFailure) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = Self.withBytes(bytes) { data, count in
            digest.withUnsafeMutableBufferPointer { out in
                EVP_Digest(data, count, out.baseAddress, &length, EVP_sha256(), nil)
            }
        }
        guard ok == 1, length == 32 else { throw Self.failure("EVP_Digest(SHA-256)") }
        return Array(digest.prefix(32))
    }

    package func hmacSHA256(key: [UInt8], message: [UInt8]) throws(HashFailure) -> [UInt8] {
        // HMAC's key length is an int: a longer key is refused rather than truncated.
        guard let keyLength = Int32(exactly: key.count) else {
            throw HashFailure("HMAC(SHA-256) takes keys of at most \(Int32.max) bytes, not \(key.count)")
        }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let result = Self.withBytes(key) { keyBytes, _ in
            Self.withBytes(message) { data, count in
                digest.withUnsafeMutableBufferPointer { out in
                    HMAC(EVP_sha256(), keyBytes, keyLength, data?.assumingMemoryBound(to: UInt8.self),
                         count, out.baseAddress, &length)
                }
            }
        }
        guard result != nil, length == 32 else { throw Self.failure("HMAC(SHA-256)") }
        return Array(digest.prefix(32))
    }

    /// A pointer to `bytes` that is never null (an empty array is read through a one-byte buffer with a
    /// count of 0): OpenSSL reads nothing for a zero count, but a null key has meant "keep the previous
    /// key" in HMAC_Init_ex.
    static func withBytes<R>(_ bytes: [UInt8], _ body: (UnsafeRawPointer?, Int) -> R) -> R {
        let count = bytes.count
        return (bytes.isEmpty ? [0] : bytes).withUnsafeBytes { body($0.baseAddress, count) }
    }

    /// The failure with the last reason in OpenSSL's error queue (ERR_get_error), which is emptied.
    static func failure(_ call: String) -> HashFailure {
        var reason = ""
        while case let code = ERR_get_error(), code != 0 {
            var text = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &text, text.count)
            reason = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return HashFailure("\(call) failed\(reason.isEmpty ? "" : ": \(reason)")")
    }
}
