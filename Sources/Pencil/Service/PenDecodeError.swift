/// Why a characteristic value was dropped: the pen (or a peer pretending to be one) sent bytes that
/// do not fit the characteristic's layout (`PenValueDecoder`). Counted by the caller, never fatal.
public struct PenDecodeError: Error, Sendable, Hashable, CustomStringConvertible {
    public var characteristic: PenCharacteristic
    public var length: Int
    public var expected: String

    public var description: String { "\(characteristic): \(length) bytes, expected \(expected)" }
}
