import BLE

/// One GATT operation the central performs on the case, in the order the session returns them.
public enum TouchCaseOperation: Sendable, Hashable, CustomStringConvertible {
    /// A write with response (FuffrLib writes FFF1 with response, `FFRBLEExtensions.m`).
    case write(BLEUUID, [UInt8])
    /// A CCCD write switching a characteristic's notifications (`01 00` on, `00 00` off).
    case notifications(BLEUUID, enabled: Bool)

    public var description: String {
        switch self {
        case .write(let uuid, let bytes):
            "write \(uuid) " + bytes.map(\.hexDigits).joined(separator: " ")
        case .notifications(let uuid, let enabled):
            "notify \(uuid) \(enabled ? "on" : "off")"
        }
    }
}
