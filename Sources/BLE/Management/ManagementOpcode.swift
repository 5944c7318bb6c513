/// A mgmt command code: the first field of every command packet and of Command Complete/Status.
///
/// Values from mgmt-api.txt (BlueZ 5.66, shipped by Debian 12 as
/// /usr/share/doc/libbluetooth-dev/mgmt-api.txt.gz), each command's "Command Code". Debian's
/// libbluetooth-dev installs no `mgmt.h`, so the numbers live here.
package struct ManagementOpcode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    package let rawValue: UInt16
    package init(rawValue: UInt16) { self.rawValue = rawValue }

    package static let readVersion = ManagementOpcode(rawValue: 0x0001)
    package static let readIndexList = ManagementOpcode(rawValue: 0x0003)
    package static let readControllerInformation = ManagementOpcode(rawValue: 0x0004)
    package static let setPowered = ManagementOpcode(rawValue: 0x0005)
    package static let setConnectable = ManagementOpcode(rawValue: 0x0007)
    package static let setBondable = ManagementOpcode(rawValue: 0x0009)
    package static let setLowEnergy = ManagementOpcode(rawValue: 0x000D)
    package static let setLocalName = ManagementOpcode(rawValue: 0x000F)
    package static let loadLongTermKeys = ManagementOpcode(rawValue: 0x0013)
    package static let setIOCapability = ManagementOpcode(rawValue: 0x0018)
    package static let pairDevice = ManagementOpcode(rawValue: 0x0019)
    package static let cancelPairDevice = ManagementOpcode(rawValue: 0x001A)
    package static let unpairDevice = ManagementOpcode(rawValue: 0x001B)
    package static let userConfirmationReply = ManagementOpcode(rawValue: 0x001C)
    package static let userConfirmationNegativeReply = ManagementOpcode(rawValue: 0x001D)
    package static let startDiscovery = ManagementOpcode(rawValue: 0x0023)
    package static let stopDiscovery = ManagementOpcode(rawValue: 0x0024)
    package static let addAdvertising = ManagementOpcode(rawValue: 0x003E)
    package static let loadIdentityResolvingKeys = ManagementOpcode(rawValue: 0x0030)
    package static let removeAdvertising = ManagementOpcode(rawValue: 0x003F)

    package var description: String {
        switch self {
        case .readVersion: return "Read Management Version Information"
        case .readIndexList: return "Read Controller Index List"
        case .readControllerInformation: return "Read Controller Information"
        case .setPowered: return "Set Powered"
        case .setConnectable: return "Set Connectable"
        case .setBondable: return "Set Bondable"
        case .setLowEnergy: return "Set Low Energy"
        case .setLocalName: return "Set Local Name"
        case .loadLongTermKeys: return "Load Long Term Keys"
        case .setIOCapability: return "Set IO Capability"
        case .pairDevice: return "Pair Device"
        case .cancelPairDevice: return "Cancel Pair Device"
        case .unpairDevice: return "Unpair Device"
        case .userConfirmationReply: return "User Confirmation Reply"
        case .userConfirmationNegativeReply: return "User Confirmation Negative Reply"
        case .loadIdentityResolvingKeys: return "Load Identity Resolving Keys"
        case .startDiscovery: return "Start Discovery"
        case .stopDiscovery: return "Stop Discovery"
        case .addAdvertising: return "Add Advertising"
        case .removeAdvertising: return "Remove Advertising"
        default:
            let hex = String(rawValue, radix: 16, uppercase: true)
            return "mgmt command 0x" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }
}
