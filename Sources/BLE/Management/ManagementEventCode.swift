/// A mgmt event code: the first field of every packet the kernel sends on the control channel.
///
/// Values from mgmt-api.txt (BlueZ 5.66), each event's "Event Code".
package struct ManagementEventCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    package let rawValue: UInt16
    package init(rawValue: UInt16) { self.rawValue = rawValue }

    package static let commandComplete = ManagementEventCode(rawValue: 0x0001)
    package static let commandStatus = ManagementEventCode(rawValue: 0x0002)
    package static let controllerError = ManagementEventCode(rawValue: 0x0003)
    package static let indexAdded = ManagementEventCode(rawValue: 0x0004)
    package static let indexRemoved = ManagementEventCode(rawValue: 0x0005)
    package static let newSettings = ManagementEventCode(rawValue: 0x0006)
    package static let newLongTermKey = ManagementEventCode(rawValue: 0x000A)
    package static let userConfirmationRequest = ManagementEventCode(rawValue: 0x000F)
    package static let authenticationFailed = ManagementEventCode(rawValue: 0x0011)
    package static let deviceFound = ManagementEventCode(rawValue: 0x0012)
    package static let newIdentityResolvingKey = ManagementEventCode(rawValue: 0x0018)
    package static let discovering = ManagementEventCode(rawValue: 0x0013)
    package static let advertisingAdded = ManagementEventCode(rawValue: 0x0023)
    package static let advertisingRemoved = ManagementEventCode(rawValue: 0x0024)

    package var description: String {
        let hex = String(rawValue, radix: 16, uppercase: true)
        return "mgmt event 0x" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
