/// The link security an L2CAP socket asks for (`BT_SECURITY`, l2cap(7)). Raising it on an
/// LE link makes the kernel run SMP pairing, or encrypt with a stored bond.
package enum BluetoothSecurityLevel: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No encryption: what the belt, the case and the pen accept unless configured otherwise.
    case low = 1
    /// Unauthenticated encryption ("Just Works" pairing).
    case medium = 2
    /// Authenticated (MITM-protected) encryption.
    case high = 3
    /// LE Secure Connections only.
    case fips = 4

    package init?(name: String) {
        guard let level = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = level
    }

    package var description: String {
        switch self {
        case .low: "low"
        case .medium: "medium"
        case .high: "high"
        case .fips: "fips"
        }
    }
}
