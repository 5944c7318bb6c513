/// Why bytes from a peer are not an ATT PDU we understand. The receiver drops the PDU (a server
/// answers requests with an error response); it never crashes.
package enum ATTDecodeError: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    /// An opcode we do not implement (`request` tells a server it must answer Request Not Supported).
    case unsupportedOpcode(UInt8)
    /// Too short, too long, or a length that does not divide into records.
    case badLength(ATTOpcode, Int)
    /// A field with a value the spec forbids (e.g. a Find Information format other than 1 or 2).
    case invalidField(ATTOpcode, String)

    package var description: String {
        switch self {
        case .empty: "empty ATT PDU"
        case .unsupportedOpcode(let op): "unsupported ATT opcode 0x\(op.hexDigits)"
        case .badLength(let op, let n): "\(op) PDU of \(n) bytes has a bad length"
        case .invalidField(let op, let why): "\(op) PDU: \(why)"
        }
    }
}
