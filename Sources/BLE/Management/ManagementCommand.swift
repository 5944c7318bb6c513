/// A mgmt command Wayfinder sends, and its wire form.
///
/// Packet: Command Code (2), Controller Index (2), Parameter Length (2), parameters; all
/// little-endian (mgmt-api.txt, "Packet Structures"). Parameter layouts are cited per case.
package enum ManagementCommand: Sendable, Hashable {
    /// 0x0001, no parameters; returns Version (1), Revision (2).
    case readVersion
    /// 0x0003, no parameters; returns Num_Controllers (2), Controller_Index[i] (2).
    case readIndexList
    /// 0x0004, no parameters; returns the 280-byte controller information.
    case readControllerInformation
    /// 0x0005, Powered (1); returns Current_Settings (4).
    case setPowered(Bool)
    /// 0x0007, Connectable (1); returns Current_Settings (4).
    case setConnectable(Bool)
    /// 0x0009, Bondable (1); returns Current_Settings (4). Without it SMP neither asks for nor
    /// accepts bonding (`build_pairing_cmd`, `smp_cmd_pairing_req` in net/bluetooth/smp.c).
    case setBondable(Bool)
    /// 0x000D, Low_Energy (1); returns Current_Settings (4).
    case setLowEnergy(Bool)
    /// 0x000F, Name (249), Short_Name (11), each NUL-terminated; returns the same.
    case setLocalName(name: String, shortName: String)
    /// 0x0013, Key_Count (2), then Key_Count 36-byte keys; returns nothing. Replaces every LTK the
    /// kernel holds for the adapter (`hci_smp_ltks_clear` in `load_long_term_keys`, mgmt.c).
    case loadLongTermKeys([LongTermKey])
    /// 0x0018, IO_Capability (1); returns nothing.
    case setIOCapability(IOCapability)
    /// 0x0019, Address (6), Address_Type (1), IO_Capability (1); returns Address (6), Address_Type (1).
    /// The IO capability applies to this pairing only (mgmt-api.txt).
    case pairDevice(ManagementAddress, ioCapability: IOCapability)
    /// 0x001A, Address (6), Address_Type (1); returns the same.
    case cancelPairDevice(ManagementAddress)
    /// 0x001B, Address (6), Address_Type (1), Disconnect (1); returns Address (6), Address_Type (1).
    case unpairDevice(ManagementAddress, disconnect: Bool)
    /// 0x001C, Address (6), Address_Type (1); returns the same.
    case userConfirmationReply(ManagementAddress)
    /// 0x001D, Address (6), Address_Type (1); returns the same.
    case userConfirmationNegativeReply(ManagementAddress)
    /// 0x0030, IRK_Count (2), then IRK_Count 23-byte keys; returns nothing. Replaces every IRK the
    /// kernel holds (`hci_smp_irks_clear` in `load_irks`, mgmt.c).
    case loadIdentityResolvingKeys([IdentityResolvingKey])
    /// 0x0023, Address_Type (1); returns Address_Type (1).
    case startDiscovery(DiscoveryAddressTypes)
    /// 0x0024, Address_Type (1); returns Address_Type (1).
    case stopDiscovery(DiscoveryAddressTypes)
    /// 0x003E; returns Instance (1).
    case addAdvertising(AddAdvertisingParameters)
    /// 0x003F, Instance (1) (0: every instance); returns Instance (1).
    case removeAdvertising(instance: UInt8)

    /// Name field sizes of Set Local Name, each including the NUL (mgmt-api.txt).
    package static let nameFieldLength = 249
    package static let shortNameFieldLength = 11

    package var opcode: ManagementOpcode {
        switch self {
        case .readVersion: return .readVersion
        case .readIndexList: return .readIndexList
        case .readControllerInformation: return .readControllerInformation
        case .setPowered: return .setPowered
        case .setConnectable: return .setConnectable
        case .setBondable: return .setBondable
        case .loadLongTermKeys: return .loadLongTermKeys
        case .setIOCapability: return .setIOCapability
        case .pairDevice: return .pairDevice
        case .cancelPairDevice: return .cancelPairDevice
        case .unpairDevice: return .unpairDevice
        case .userConfirmationReply: return .userConfirmationReply
        case .userConfirmationNegativeReply: return .userConfirmationNegativeReply
        case .loadIdentityResolvingKeys: return .loadIdentityResolvingKeys
        case .setLowEnergy: return .setLowEnergy
        case .setLocalName: return .setLocalName
        case .startDiscovery: return .startDiscovery
        case .stopDiscovery: return .stopDiscovery
        case .addAdvertising: return .addAdvertising
        case .removeAdvertising: return .removeAdvertising
        }
    }

    /// The parameter bytes.
    package func parameters() throws(ManagementEncodingError) -> [UInt8] {
        switch self {
        case .readVersion, .readIndexList, .readControllerInformation:
            return []
        case let .setPowered(on), let .setConnectable(on), let .setLowEnergy(on), let .setBondable(on):
            return [on ? 0x01 : 0x00]
        case let .loadLongTermKeys(keys):
            return try Self.keyList(keys.map(\.bytes), what: "long term keys")
        case let .setIOCapability(capability):
            return [capability.rawValue]
        case let .pairDevice(peer, capability):
            return peer.bytes + [capability.rawValue]
        case let .cancelPairDevice(peer), let .userConfirmationReply(peer), let .userConfirmationNegativeReply(peer):
            return peer.bytes
        case let .unpairDevice(peer, disconnect):
            return peer.bytes + [disconnect ? 0x01 : 0x00]
        case let .loadIdentityResolvingKeys(keys):
            return try Self.keyList(keys.map(\.bytes), what: "identity resolving keys")
        case let .setLocalName(name, shortName):
            return try Self.nameField(name, length: Self.nameFieldLength, field: "name")
                + Self.nameField(shortName, length: Self.shortNameFieldLength, field: "short name")
        case let .startDiscovery(types), let .stopDiscovery(types):
            return [types.rawValue]
        case let .addAdvertising(parameters):
            return try parameters.encoded()
        case let .removeAdvertising(instance):
            return [instance]
        }
    }

    /// The whole packet for controller `index` (`ManagementIndex.none` for the non-controller ones).
    package func packet(index: UInt16) throws(ManagementEncodingError) -> [UInt8] {
        let parameters = try parameters()
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(opcode.rawValue)
        bytes.appendLittleEndian(index)
        bytes.appendLittleEndian(UInt16(parameters.count))
        return bytes + parameters
    }

    /// Count (2), then the keys; the whole must fit the 16-bit Parameter Length.
    private static func keyList(_ keys: [[UInt8]], what: String) throws(ManagementEncodingError) -> [UInt8] {
        let total = 2 + keys.reduce(0) { $0 + $1.count }
        guard total <= Int(UInt16.max) else { throw .tooManyKeys(what: what, count: keys.count) }
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(UInt16(keys.count))
        return keys.reduce(into: bytes) { $0 += $1 }
    }

    /// UTF-8, NUL-padded to `length`; at least one NUL must remain.
    private static func nameField(_ text: String, length: Int, field: String) throws(ManagementEncodingError) -> [UInt8] {
        let utf8 = Array(text.utf8)
        guard utf8.count < length else { throw .nameTooLong(field: field, bytes: utf8.count, limit: length - 1) }
        return utf8 + [UInt8](repeating: 0, count: length - utf8.count)
    }
}
