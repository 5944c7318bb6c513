/// Why a GATT client procedure did not complete.
package enum GATTClientFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server answered with an ATT Error Response.
    case attribute(ATTErrorCode, handle: UInt16, request: UInt8)
    /// No response within the ATT transaction timeout; the link is then dead (Vol 3 Part F §3.3.3).
    case timedOut
    /// The link closed before the procedure completed, or was already closed.
    case disconnected(String?)
    /// The server's answer broke the protocol (wrong records, no progress, handles out of range).
    case invalidResponse(String)
    /// A value longer than one PDU can carry (we do not use prepared writes).
    case valueTooLong(Int, limit: Int)

    package var description: String {
        switch self {
        case .attribute(let code, let handle, let request):
            "ATT error \(code) for request 0x\(request.hexDigits) on handle 0x\(String(handle, radix: 16))"
        case .timedOut: "no ATT response within 30 s; the link is considered dead"
        case .disconnected(let why): "the link is down" + (why.map { ": \($0)" } ?? "")
        case .invalidResponse(let why): "invalid response from the peripheral: \(why)"
        case .valueTooLong(let n, let limit): "value of \(n) bytes is longer than the \(limit) one PDU carries"
        }
    }
}
