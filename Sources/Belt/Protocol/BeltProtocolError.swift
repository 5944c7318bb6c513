/// Why bytes did not decode: which characteristic, which bytes, and a typed reason.
///
/// The session logs and drops a notification that fails to decode; the belt
/// simulator records a write that fails to decode as a protocol violation.
package struct BeltProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// Fewer bytes than the layout needs.
        case truncated(expected: Int, got: Int)
        /// More bytes than a fixed-length command has (commands only; notifications ignore extra bytes).
        case trailingBytes(expected: Int, got: Int)
        /// A field holds a value the protocol does not define.
        case unknownValue(field: String, value: Int)
        /// The leading byte(s) name no command on this characteristic.
        case unknownCommand
        /// The leading byte(s) name no notification on this characteristic.
        case unknownNotification
        /// A value written to a characteristic the central only reads or subscribes to.
        case notAWritableCharacteristic
        /// A notification or read value on a characteristic the belt never sends from.
        case notANotifyingCharacteristic
        /// A CCCD write or read that is no belt command (e.g. the handshake's FE02 subscription).
        case notACommand
        /// The development-only sensor characteristics are not decoded.
        case developmentOnly
        /// A UUID that is none of the belt's characteristics.
        case unknownCharacteristic(String)

        package var description: String {
            switch self {
            case .truncated(let expected, let got): "truncated: \(got) byte\(got == 1 ? "" : "s"), expected \(expected)"
            case .trailingBytes(let expected, let got): "\(got - expected) trailing byte\(got - expected == 1 ? "" : "s"): \(got) bytes, expected \(expected)"
            case .unknownValue(let field, let value): "unknown \(field) \(Self.hex(value))"
            case .unknownCommand: "no such command"
            case .unknownNotification: "no such notification"
            case .notAWritableCharacteristic: "the central does not write this characteristic's value"
            case .notANotifyingCharacteristic: "the belt does not notify or serve reads on this characteristic"
            case .notACommand: "not a belt command"
            case .developmentOnly: "development-only characteristic, not decoded"
            case .unknownCharacteristic(let uuid): "unknown characteristic \(uuid)"
            }
        }

        /// `0x07`, `0x1011`: whole bytes.
        static func hex(_ value: Int) -> String {
            guard value >= 0 else { return String(value) }
            let digits = String(value, radix: 16, uppercase: true)
            return "0x" + (digits.count.isMultiple(of: 2) ? digits : "0" + digits)
        }
    }

    /// nil when the UUID is none of the belt's characteristics.
    package var characteristic: BeltCharacteristic?
    package var bytes: [UInt8]
    package var kind: BeltWrite.Kind
    package var reason: Reason

    package init(characteristic: BeltCharacteristic?, bytes: [UInt8], kind: BeltWrite.Kind = .value, reason: Reason) {
        self.characteristic = characteristic
        self.bytes = bytes
        self.kind = kind
        self.reason = reason
    }

    package var description: String {
        let target = characteristic.map { "\($0)" } ?? "?"
        let what: String
        switch kind {
        case .value: what = "\(target) [\(BeltHex.format(bytes))]"
        case .clientConfiguration: what = "\(target) CCCD [\(BeltHex.format(bytes))]"
        case .readRequest: what = "read \(target)"
        }
        return "\(what): \(reason)"
    }
}
