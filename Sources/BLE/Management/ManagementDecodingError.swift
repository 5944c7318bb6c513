/// Why bytes from the management socket are not a valid mgmt packet or reply.
///
/// The decoder never traps on what the kernel (or a peer in a test) sends: every short or
/// inconsistent packet becomes one of these.
package enum ManagementDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Fewer than the 6 header bytes.
    case truncatedHeader(count: Int)
    /// The header's Parameter Length disagrees with the bytes that follow it.
    case lengthMismatch(declared: Int, actual: Int)
    /// `what` needs at least `needed` parameter bytes; `available` arrived.
    case truncated(what: String, needed: Int, available: Int)
    /// An address type byte outside 0–2.
    case unknownAddressType(UInt8)

    package var description: String {
        switch self {
        case let .truncatedHeader(count):
            return "mgmt packet of \(count) bytes is shorter than its 6-byte header"
        case let .lengthMismatch(declared, actual):
            return "mgmt packet declares \(declared) parameter bytes but carries \(actual)"
        case let .truncated(what, needed, available):
            return "\(what) needs \(needed) bytes, got \(available)"
        case let .unknownAddressType(value):
            return "unknown address type \(value)"
        }
    }
}
