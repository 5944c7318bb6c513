/// Why a characteristic value was dropped: the pen (or a peer pretending to be one) sent bytes that
/// do not fit the characteristic's layout (`PenValueDecoder`). Counted by the caller, never fatal.
package struct PenDecodeError: Error, Sendable, Hashable, CustomStringConvertible {
    package var characteristic: PenCharacteristic
    package var length: Int
    package var expected: String

    package var description: String { "\(characteristic): \(length) bytes, expected \(expected)" }
}
