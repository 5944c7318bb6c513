/// The status of a mgmt command, as Command Complete and Command Status carry it.
///
/// Codes and names from mgmt-api.txt, "Error Codes" (0x00–0x14 in BlueZ 5.66). A code this table
/// does not know is kept as `.other` rather than failing the decode.
package enum ManagementStatus: Sendable, Hashable, CustomStringConvertible {
    case success
    case unknownCommand
    case notConnected
    case failed
    case connectFailed
    case authenticationFailed
    case notPaired
    case noResources
    case timeout
    case alreadyConnected
    case busy
    case rejected
    case notSupported
    case invalidParameters
    case disconnected
    case notPowered
    case cancelled
    case invalidIndex
    case rfKilled
    case alreadyPaired
    case permissionDenied
    case other(UInt8)

    private static let table: [ManagementStatus] = [
        .success, .unknownCommand, .notConnected, .failed, .connectFailed, .authenticationFailed, .notPaired,
        .noResources, .timeout, .alreadyConnected, .busy, .rejected, .notSupported, .invalidParameters,
        .disconnected, .notPowered, .cancelled, .invalidIndex, .rfKilled, .alreadyPaired, .permissionDenied,
    ]

    package init(code: UInt8) {
        self = Int(code) < Self.table.count ? Self.table[Int(code)] : .other(code)
    }

    package var code: UInt8 {
        if case let .other(code) = self { return code }
        return UInt8(Self.table.firstIndex(of: self)!)
    }

    package var description: String {
        switch self {
        case .success: return "Success"
        case .unknownCommand: return "Unknown Command"
        case .notConnected: return "Not Connected"
        case .failed: return "Failed"
        case .connectFailed: return "Connect Failed"
        case .authenticationFailed: return "Authentication Failed"
        case .notPaired: return "Not Paired"
        case .noResources: return "No Resources"
        case .timeout: return "Timeout"
        case .alreadyConnected: return "Already Connected"
        case .busy: return "Busy"
        case .rejected: return "Rejected"
        case .notSupported: return "Not Supported"
        case .invalidParameters: return "Invalid Parameters"
        case .disconnected: return "Disconnected"
        case .notPowered: return "Not Powered"
        case .cancelled: return "Cancelled"
        case .invalidIndex: return "Invalid Index"
        case .rfKilled: return "RFKilled"
        case .alreadyPaired: return "Already Paired"
        case .permissionDenied: return "Permission Denied"
        case let .other(code): return "status 0x\(String(code, radix: 16, uppercase: true))"
        }
    }
}
