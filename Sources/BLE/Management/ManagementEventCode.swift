/// A mgmt event code: the first field of every packet the kernel sends on the control channel.
///
/// Values from mgmt-api.txt (BlueZ 5.66), each event's "Event Code".
public struct ManagementEventCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let commandComplete = ManagementEventCode(rawValue: 0x0001)
    public static let commandStatus = ManagementEventCode(rawValue: 0x0002)
    public static let controllerError = ManagementEventCode(rawValue: 0x0003)
    public static let indexAdded = ManagementEventCode(rawValue: 0x0004)
    public static let indexRemoved = ManagementEventCode(rawValue: 0x0005)
    public static let newSettings = ManagementEventCode(rawValue: 0x0006)
    public static let newLongTermKey = ManagementEventCode(rawValue: 0x000A)
    public static let userConfirmationRequest = ManagementEventCode(rawValue: 0x000F)
    public static let authenticationFailed = ManagementEventCode(rawValue: 0x0011)
    public static let deviceFound = ManagementEventCode(rawValue: 0x0012)
    public static let newIdentityResolvingKey = ManagementEventCode(rawValue: 0x0018)
    public static let discovering = ManagementEventCode(rawValue: 0x0013)
    public static let advertisingAdded = ManagementEventCode(rawValue: 0x0023)
    public static let advertisingRemoved = ManagementEventCode(rawValue: 0x0024)

    public var description: String {
        let hex = String(rawValue, radix: 16, uppercase: true)
        return "mgmt event 0x" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
